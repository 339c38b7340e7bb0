import Foundation
import Testing

/// Notes on completions (`done --note`) and one quest in full (`show`), on a fixed history.
@Suite struct HistoryTests {
    /// "Morning run" on weekdays from Thursday 2026-10-01, done Oct 1–2, Nov 2–5, 9–11 and (back-filled
    /// on the 20th) 19–20, some with notes; today is Saturday 2026-11-21.
    static func history() throws -> Sandbox {
        let sandbox = try Sandbox()
        let at = { (day: String) in ["QUESTS_NOW": "2026-\(day)T09:00"] }
        try sandbox.ok("add", "Morning run", "--days", "weekdays", extra: at("10-01"))
        for day in ["10-01", "10-02", "11-03", "11-05", "11-09", "11-10", "11-11"] {
            try sandbox.ok("done", "run", extra: at(day))
        }
        try sandbox.ok("done", "run", "--note", "Rain, 5 km", extra: at("11-02"))
        try sandbox.ok("done", "run", "--note", "Knee \u{1B}[31msore\u{202E}", extra: at("11-04"))
        try sandbox.ok("done", "run", extra: at("11-20"))
        try sandbox.ok("done", "run", "--date", "yesterday", "--note", "back-filled", extra: at("11-20"))
        return sandbox
    }

    @Test func aNoteGoesWithItsCompletionIntoBackups() throws {
        let sandbox = try Self.history()
        let backup = try sandbox.ok("backup", "-")
        #expect(backup.contains(#""day":"2026-11-02","completedAt":"2026-11-02T09:00:00Z","note":"Rain, 5 km"}"#))
        #expect(backup.contains(#""day":"2026-11-19","completedAt":"2026-11-20T09:00:00Z","note":"back-filled"}"#))
        #expect(backup.contains(#""day":"2026-11-03","completedAt":"2026-11-03T09:00:00Z","note":""}"#))
    }

    @Test func badNotesAreRefusedAndChangeNothing() throws {
        let sandbox = try Self.history()
        try sandbox.expectFailure(
            ["done", "run", "--note", String(repeating: "x", count: 5_001)],
            mentioning: "the notes must have at most 5,000 characters",
            extra: ["QUESTS_NOW": "2026-11-16T09:00"])
        try sandbox.expectFailure(
            ["done", "run", "--date", "2026-11-19", "--note", "again"], mentioning: "already completed for 2026-11-19")
    }

    @Test func undoKeepsTheNoteInTheLedger() throws {
        let sandbox = try Self.history()
        try sandbox.ok("undo", "run", "--date", "yesterday", extra: ["QUESTS_NOW": "2026-11-20T10:00"])
        // The memo is data in no language (its kind says undo); the human ledger words it.
        let json = try sandbox.ok("ledger", "--json")
        #expect(
            json.contains(#""kind" : "undo""#)
                && json.contains(#""memo" : "Morning run · 2026-11-19 · \"back-filled\"""#))
        #expect(
            try sandbox.ok("ledger", extra: ["COLUMNS": "200"]).contains(
                #"undo Morning run · 2026-11-19 · "back-filled""#))
    }

    @Test func showGivesTheQuestsNotesStreaksRatesAndHeatmap() throws {
        let sandbox = try Self.history()
        let text = try sandbox.ok("show", "run", extra: ["COLUMNS": "60"])
        // Due: 37 weekdays from Oct 1 to Nov 20 (21 of them since Oct 23); done: 11 (9 since Oct 23), in
        // percent to the nearest.
        #expect(
            text.contains(
                """
                Completed  11 times, last for Friday 2026-11-20 (yesterday)
                Streak     2 days (longest 4 days)
                30 days    43% (9 of 21)
                90 days    30% (11 of 37)
                All time   30% (11 of 37)

                Notes
                  2026-11-19  back-filled
                  2026-11-04  Knee [31msore
                  2026-11-02  Rain, 5 km
                """))
        #expect(text.contains("Last 52 days\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 60 })
        let json = try sandbox.json("show", "run", "--json")
        let streak = try #require(json["streak"] as? [String: Any])
        #expect(streak["current"] as? Int == 2 && streak["longest"] as? Int == 4 && streak["unit"] as? String == "day")
        let rates = try #require(json["rates"] as? [String: [String: Int]])
        #expect(rates["last30"] == ["due": 21, "done": 9, "percent": 43])
        #expect(rates["last90"] == ["due": 37, "done": 11, "percent": 30])
        #expect(rates["allTime"] == ["due": 37, "done": 11, "percent": 30])
        let notes = try #require(json["completionNotes"] as? [[String: String]])
        #expect(notes.map { $0["date"] ?? "" } == ["2026-11-19", "2026-11-04", "2026-11-02"])
        #expect(notes[1]["note"] == "Knee \u{1B}[31msore\u{202E}")
        let days = try #require((json["heatmap"] as? [String: Any])?["days"] as? [[String: Any]])
        #expect(days.count == 52)
        #expect(days.filter { $0["level"] as? String == "all" }.count == 11)
    }
}
