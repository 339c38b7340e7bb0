import Foundation
import Testing

/// The focus in `log` (each day's main quest standing out from its tasks, the month's summary, `--csv`
/// and `--json` with the focus kinds) and in `stats` (main quests achieved and tasks done against the
/// month before).
@Suite struct FocusHistoryTests {
    /// October: one main quest achieved by its one task. November (today is the 21st): the 19th's main
    /// quest achieved on its own, the 20th's open with a task not done, the 21st's open with two tasks done
    /// and one done then undone.
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        sandbox.environment["COLUMNS"] = "80"
        let october = ["QUESTS_NOW": "2026-10-10T09:00"]
        try sandbox.ok("focus", "goal", "October goal", extra: october)
        try sandbox.ok("focus", "add", "October task", extra: october)
        try sandbox.ok("focus", "done", "1", extra: october)
        try sandbox.ok("focus", "goal", "Clear the inbox", "--date", "2026-11-19")
        try sandbox.ok("focus", "achieved", "--date", "2026-11-19")
        try sandbox.ok("focus", "goal", "Plan the week", "--date", "yesterday")
        try sandbox.ok("focus", "add", "Book the room", "--date", "yesterday")
        try sandbox.ok("focus", "goal", "Ship the draft")
        try sandbox.ok("focus", "add", "Write the intro", "--priority", "high")
        try sandbox.ok("focus", "add", "Write the outro")
        try sandbox.ok("focus", "add", "Call the printer", "--priority", "low")
        try sandbox.ok("focus", "done", "intro")
        try sandbox.ok("focus", "done", "outro")
        try sandbox.ok("focus", "undo", "outro")
        try sandbox.ok("focus", "done", "printer")
        return sandbox
    }

    @Test func theLogShowsEachDaysMainQuestAboveItsTasks() throws {
        let sandbox = try sandbox()
        let text = try sandbox.ok("log", "--month", "2026-11")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines[1].contains("main quest achieved on 1 of 3 days") && text.contains("2 focus tasks done"), "\(text)")
        let day = try #require(lines.firstIndex(of: "  Saturday 2026-11-21"))
        #expect(lines[day + 1] == "    ☆ MAIN QUEST  Ship the draft · not achieved")
        #expect(lines[day + 2] == "    task done    Write the intro · +10 DD")
        #expect(lines[day + 3] == "    task done    Call the printer · +10 DD")
        #expect(text.contains("    ★ MAIN QUEST  Clear the inbox · achieved · +25 DD"))
        // In colour the achieved main quest is bold yellow.
        let colour = try sandbox.ok("log", "--month", "2026-11", "--color", "always")
        #expect(colour.contains("\u{1B}[33m\u{1B}[1m    ★ MAIN QUEST  Clear the inbox"))
        // A month without any focus keeps its summary as before.
        let september = try sandbox.ok("log", "--month", "2026-09")
        #expect(!september.contains("main quest"))
    }

    @Test func theCSVAndJSONCarryTheFocusKindsAndAddUpToTheLedger() throws {
        let sandbox = try sandbox()
        let csv = try sandbox.ok("log", "--csv")
        let rows = csv.split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.contains(["2026-10-10", "focus-task", "October task", "10", "", "", ""]))
        #expect(rows.contains(["2026-10-10", "focus-goal", "October goal", "25", "", "", ""]))
        #expect(rows.contains(["2026-11-19", "focus-goal", "Clear the inbox", "25", "", "", ""]))
        #expect(rows.contains(["2026-11-21", "focus-task", "Write the intro", "10", "", "", ""]))
        #expect(!rows.contains { $0[2] == "Ship the draft" || $0[2] == "Plan the week" })  // nothing paid
        // The undone task's payment and its undo are ledger entries, as an undone completion's are.
        #expect(
            rows.filter { $0[0] == "2026-11-21" }.map { $0[1] }.sorted() == [
                "focus-task", "focus-task", "focus-task", "undo",
            ])
        let balance = try #require(try sandbox.json("wallet", "--json")["balance"] as? Int)
        #expect(rows.reduce(0) { $0 + (Int($1[3]) ?? 0) } == balance && balance == 80)
        let log = try sandbox.json("log", "--month", "2026-11", "--json")
        let month = try #require((log["months"] as? [[String: Any]])?.first)
        let summary = try #require(month["summary"] as? [String: Any])
        #expect(
            summary["mainQuests"] as? Int == 3 && summary["mainQuestsAchieved"] as? Int == 1
                && summary["focusTasksDone"] as? Int == 2)
        #expect(summary["earned"] as? Int == 45)
        let days = try #require(month["days"] as? [[String: Any]])
        let today = try #require(days.first { $0["date"] as? String == "2026-11-21" }?["events"] as? [[String: Any]])
        #expect(today.first?["kind"] as? String == "focus-goal" && today.first?["achieved"] as? Bool == false)
        #expect(today.dropFirst().first?["achieved"] == nil)
    }

    @Test func statsCompareMainQuestsAndTasksWithTheMonthBefore() throws {
        let sandbox = try sandbox()
        let lines = try sandbox.ok("stats").split(separator: "\n").map { String($0).replacing(#/ +/#, with: " ") }
        #expect(lines.contains(" Main quests achieved 1 of 3 = 0"), "\(lines)")
        #expect(lines.contains(" Focus tasks done 2 ▲ 1"), "\(lines)")
        let json = try sandbox.json("stats", "--json")
        let change = try #require(json["change"] as? [String: Any])
        #expect(change["mainQuestsAchieved"] as? Int == 0 && change["focusTasksDone"] as? Int == 1)
        #expect((json["previous"] as? [String: Any])?["mainQuests"] as? Int == 1)
        // A month before any focus leaves the rows out.
        #expect(!(try sandbox.ok("stats", "--month", "2026-09")).contains("Main quests"))
    }
}
