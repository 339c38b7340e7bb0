import Foundation
import Testing

/// `quests show`, `quests unarchive`, and packs named by a prefix of their id.
@Suite struct ShowAndUnarchiveTests {
    /// A quest created on the 19th, completed on the 19th and 20th, its reward raised on the 20th, archived
    /// on the 21st (today).
    static func history() throws -> Sandbox {
        let sandbox = try Sandbox()
        let day = { (day: Int) in ["QUESTS_NOW": "2026-11-\(day)T08:30"] }
        try sandbox.ok(
            "add", "Morning run", "--at", "07:00", "--days", "weekdays", "--notes", "Easy pace\nthen stretch",
            extra: day(17))
        try sandbox.ok("add", "Read", extra: day(17))
        try sandbox.ok("done", "morning", extra: day(19))
        try sandbox.ok("edit", "morning", "--reward", "25", "--days", "daily", extra: day(20))
        try sandbox.ok("done", "morning", extra: day(20))
        return sandbox
    }

    @Test func showPrintsEverythingAboutOneQuest() throws {
        let sandbox = try Self.history()
        let text = try sandbox.ok("show", "morning")
        #expect(text.hasPrefix("#1 Morning run\n\nEasy pace\nthen stretch\n"))
        #expect(text.contains("Created    Tuesday 2026-11-17"))
        #expect(text.contains("Today      available · 07:00 · +25 DD"))
        #expect(text.contains("Completed  2 times, last for Friday 2026-11-20 (yesterday)"))
        #expect(
            text.contains(
                """
                Schedule history
                  2026-11-17 – 2026-11-19  07:00  weekdays  10 DD
                  2026-11-20 – now         07:00  daily     25 DD
                """))
        #expect(try sandbox.ok("show", "read").contains("Completed  never"))
    }

    @Test func showJSONCarriesTheScheduleHistory() throws {
        let sandbox = try Self.history()
        try sandbox.ok("archive", "morning")
        let json = try sandbox.json("show", "1", "--json")
        #expect(json["title"] as? String == "Morning run")
        #expect(json["notes"] as? String == "Easy pace\nthen stretch")
        #expect(json["created"] as? String == "2026-11-17")
        #expect(json["state"] is NSNull)
        #expect(json["completions"] as? Int == 2)
        #expect(json["lastCompleted"] as? String == "2026-11-20")
        let schedule = try #require(json["schedule"] as? [[String: Any]])
        #expect(schedule.map { $0["from"] as? String } == ["2026-11-17", "2026-11-20", "2026-11-21"])
        #expect(schedule.map { $0["until"] as? String } == ["2026-11-19", "2026-11-20", nil])
        #expect(schedule.map { $0["reward"] as? Int } == [10, 25, 25])
        #expect(schedule.map { $0["archived"] as? Bool } == [false, false, true])
        #expect(try sandbox.ok("show", "1").contains("Today      archived"))
    }

    @Test func unarchiveBringsAQuestBackFromTodayOn() throws {
        let sandbox = try Self.history()
        try sandbox.ok("archive", "morning", extra: ["QUESTS_NOW": "2026-11-20T09:00"])
        let yesterday = try sandbox.ok("board", "--date", "yesterday")
        let text = try sandbox.ok("unarchive", "morning")
        #expect(text == "Unarchived #1 Morning run · 07:00 · daily · 25 DD from 2026-11-21 on.\n")
        let board = try sandbox.json("board", "--json")
        #expect((board["quests"] as? [[String: Any]])?.contains { $0["title"] as? String == "Morning run" } == true)
        #expect(try sandbox.ok("board", "--date", "yesterday") == yesterday)
        try sandbox.ok("archive", "morning")
        try sandbox.ok("unarchive", "morning")
        let spans = try #require(try sandbox.json("show", "1", "--json")["schedule"] as? [[String: Any]])
        #expect(spans.map { $0["from"] as? String } == ["2026-11-17", "2026-11-20", "2026-11-21"])
        #expect(spans.map { $0["archived"] as? Bool } == [false, true, false])
        try sandbox.expectFailure(["unarchive", "morning"], mentioning: "\"Morning run\" is not archived")
        try sandbox.expectFailure(["unarchive", "read"], mentioning: "is not archived")
    }

    @Test func unarchivePrefersTheArchivedQuestWhenTitlesClash() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("archive", "read")
        try sandbox.ok("add", "Read more")
        #expect(try sandbox.ok("unarchive", "read").hasPrefix("Unarchived #1 Read"))
        try sandbox.ok("archive", "1")
        try sandbox.ok("add", "Read")
        try sandbox.expectFailure(["unarchive", "read"], mentioning: "a quest called \"Read\" already exists (#3)")
    }

    @Test func packsAreNamedByAUniquePrefix() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.ok("pack", "show", "morn").hasPrefix("Morning Routine (morning-routine"))
        try sandbox.expectFailure(["pack", "show", "s"], mentioning: "matches several packs: self-care, study")
        try sandbox.ok("pack", "add", "fit")
        let quests = try #require(try sandbox.json("list", "--json")["quests"] as? [[String: Any]])
        #expect(!quests.isEmpty)
    }
}
