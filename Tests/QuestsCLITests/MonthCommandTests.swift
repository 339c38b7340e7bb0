import Foundation
import Testing

/// `quests month` end to end: the grid at 60 and 100 columns, in colour and plain, the week start, and
/// `--json`.
@Suite struct MonthCommandTests {
    /// November 2026 with a cleared day holding an achieved main quest and three tasks (two done), and the
    /// day before with an open main quest and a task not done. Today is Saturday 2026-11-21.
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Drink water")
        try sandbox.ok("done", "1")
        try sandbox.ok("focus", "goal", "Ship the draft")
        try sandbox.ok("focus", "add", "Write the intro", "--priority", "high")
        try sandbox.ok("focus", "add", "Write the outro")
        try sandbox.ok("focus", "add", "Call the printer", "--priority", "low")
        try sandbox.ok("focus", "done", "intro")
        try sandbox.ok("focus", "achieved")
        try sandbox.ok("focus", "goal", "Plan the week", "--date", "yesterday")
        try sandbox.ok("focus", "add", "Book the room", "--priority", "low", "--date", "yesterday")
        return sandbox
    }

    /// `text` without its ANSI escapes.
    static func plain(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    @Test func thePlainGridFitsSixtyColumns() throws {
        let sandbox = try sandbox()
        let text = try sandbox.ok("month", extra: ["COLUMNS": "60"])
        #expect(!text.contains("\u{1B}["))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.map(\.count))")
        #expect(lines[0] == "November 2026  3 of 4 focus tasks done")
        #expect(lines[1] == "Main quest achieved on 1 of 2 days · quests cleared on 1 day")
        #expect(lines[3].hasPrefix("Mon     Tue     Wed"))
        // Monday first: November 1st (a Sunday) ends the first week; the 21st holds all four marks.
        #expect(lines[4] == String(repeating: " ", count: 48) + " 1")
        let week = try #require(lines.first { $0.contains("16") })
        #expect(week.contains("20☆ l") && week.contains("21★✓HML"))
        #expect(text.contains("H M L: a focus task by priority, lowercase when not done"))
        // No terminal and NO_COLOR are both plain too; --color always is not.
        #expect(try sandbox.ok("month", "--color", "auto", extra: ["COLUMNS": "60", "NO_COLOR": "1"]) == text)
        #expect(try sandbox.ok("month", "--color", "never", extra: ["COLUMNS": "60"]) == text)
    }

    @Test func theColourGridWidensToAHundredColumns() throws {
        let sandbox = try sandbox()
        let text = try sandbox.ok("month", "--color", "always", extra: ["COLUMNS": "100"])
        #expect(text.contains("\u{1B}[36m●\u{1B}[0m"))  // the high task done, cyan
        #expect(text.contains("\u{1B}[32m○\u{1B}[0m"))  // the low task not done the day before, green
        let lines = Self.plain(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines.map(\.count))")
        #expect(lines[3].hasPrefix("Mon           Tue"))
        let week = try #require(lines.first { $0.contains("16") })
        #expect(week.contains("20 ☆  ○") && week.contains("21 ★✓ ●●●"))
        // At 60 columns in colour, the cells are narrow again.
        let narrow = Self.plain(try sandbox.ok("month", "--color", "always", extra: ["COLUMNS": "60"]))
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 } && narrow.contains("21★✓●●●"))
        // At 40 columns each day keeps its number, main quest and ✓; its tasks' marks find no room.
        let narrowest = try sandbox.ok("month", extra: ["COLUMNS": "40"])
        #expect(narrowest.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(narrowest)")
        #expect(narrowest.contains("20☆ ") && narrowest.contains("21★✓"), "\(narrowest)")
    }

    @Test func weeksStartOnTheWeekStartSetting() throws {
        let sandbox = try sandbox()
        try sandbox.ok("config", "week-start", "sunday")
        let lines = try sandbox.ok("month", extra: ["COLUMNS": "60"]).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3].hasPrefix("Sun     Mon"))
        #expect(lines[4].hasPrefix(" 1       2"))
        let october = try sandbox.ok("month", "2026-10", extra: ["COLUMNS": "60"])
        #expect(october.hasPrefix("October 2026  no focus tasks\nNo main quest · quests cleared on 0 days"))
    }

    @Test func jsonCarriesEveryDay() throws {
        let sandbox = try sandbox()
        let month = try sandbox.json("month", "--json")
        #expect(month["month"] as? String == "2026-11" && month["weekStart"] as? String == "monday")
        #expect(month["tasks"] as? Int == 4 && month["tasksDone"] as? Int == 3)
        #expect(month["goals"] as? Int == 2 && month["goalsAchieved"] as? Int == 1 && month["clearedDays"] as? Int == 1)
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 30)
        let day = days[20]
        #expect(day["date"] as? String == "2026-11-21" && day["cleared"] as? Bool == true)
        #expect((day["goal"] as? [String: Any])?["state"] as? String == "achieved")
        let tasks = try #require(day["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["priority"] as? String } == ["high", "medium", "low"])
        #expect(tasks.allSatisfy { $0["state"] as? String == "done" })  // achieved completed them all
        #expect(days[0]["goal"] is NSNull && (days[0]["tasks"] as? [Any])?.isEmpty == true)
        try sandbox.expectFailure(["month", "2026-13"], mentioning: "2026-13")
    }
}
