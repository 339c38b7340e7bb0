import Foundation
import Testing

/// `quests journal` end to end: writing, listing, editing, deleting, the week, search, export, the
/// journal quest, insights, and bad input that changes nothing.
@Suite struct JournalCommandTests {
    static func at(_ day: String, _ time: String = "10:00") -> [String: String] {
        ["QUESTS_NOW": "2026-\(day)T\(time)"]
    }

    /// The whole journal, tombstones aside, as an export gives it.
    static func journal(_ sandbox: Sandbox) throws -> String {
        try sandbox.ok("journal", "export", "-")
    }

    /// Asserts `arguments` fails as `expectFailure` checks, and the journal is as it was too.
    static func refused(_ sandbox: Sandbox, _ arguments: [String], mentioning fragment: String) throws {
        let before = try journal(sandbox)
        try sandbox.expectFailure(arguments, mentioning: fragment)
        #expect(try journal(sandbox) == before)
    }

    @Test func entriesAreWrittenNumberedEditedAndDeletedExactlyAsWritten() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "Europe/Berlin")
        #expect(
            try sandbox.ok("journal", "Le premier café au soleil")
                .hasPrefix(
                    "Entry 1 written for Wednesday 2026-03-04 (today).\n★ Achievement unlocked: 1 Grateful Moment"))
        try sandbox.ok("journal", "A long call with Mum\n  and Dad 📞")
        try sandbox.ok("journal", "Straße walk", "--date", "yesterday")
        let day = try sandbox.json("journal", "--json")
        #expect(day["date"] as? String == "2026-03-04")
        let entries = try #require(day["entries"] as? [[String: Any]])
        #expect(entries.map { $0["number"] as? Int } == [1, 2])
        #expect(
            entries.map { $0["text"] as? String } == ["Le premier café au soleil", "A long call with Mum\n  and Dad 📞"])
        #expect(entries.allSatisfy { $0["createdAt"] is String && $0["updatedAt"] is String })
        #expect(
            try sandbox.ok("journal")
                == "Wednesday 2026-03-04 (today)\n 1  Le premier café au soleil\n 2  A long call with Mum\n    and Dad 📞\n"
        )
        try sandbox.ok("journal", "edit", "2", "A long call with Mum", extra: Self.at("03-04", "09:30"))
        let edited = try #require((try sandbox.json("journal", "--json")["entries"] as? [[String: Any]])?.last)
        #expect(
            edited["text"] as? String == "A long call with Mum"
                && edited["updatedAt"] as? String == "2026-03-04T08:30:00Z")
        #expect(try sandbox.ok("journal", "delete", "1") == "Entry 1 of Wednesday 2026-03-04 (today) deleted.\n")
        #expect(try sandbox.ok("journal") == "Wednesday 2026-03-04 (today)\n 1  A long call with Mum\n")
        // A new entry comes after the others, whatever the clock says.
        try sandbox.ok("journal", "Tea", extra: Self.at("03-04", "07:00"))
        #expect(try sandbox.ok("journal").hasSuffix(" 1  A long call with Mum\n 2  Tea\n"))
        let week = try sandbox.ok("journal", "--week")
        #expect(week.hasPrefix("Monday 2026-03-02\n  –\n\nTuesday 2026-03-03 (yesterday)\n 1  Straße walk\n"))
        let sunday = try sandbox.json("journal", "--week", "2026-03-08", "--json")
        let days = try #require(sunday["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == (2...8).map { "2026-03-0\($0)" })
        try sandbox.ok("config", "week-start", "sunday")
        let sundayFirst = try sandbox.json("journal", "--week", "--json")
        #expect((sundayFirst["days"] as? [[String: Any]])?.first?["date"] as? String == "2026-03-01")
    }

    @Test func badInputIsRefusedInOneLineAndChangesNothing() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "Europe/Berlin")
        try sandbox.ok("journal", "One")
        try Self.refused(sandbox, ["journal", ""], mentioning: "needs some words")
        try Self.refused(sandbox, ["journal", " \n\t "], mentioning: "needs some words")
        try Self.refused(
            sandbox, ["journal", String(repeating: "é", count: 2001)], mentioning: "at most 2,000 characters")
        try sandbox.ok("journal", String(repeating: "é", count: 2000), "--date", "yesterday")
        try Self.refused(
            sandbox, ["journal", "edit", "2", "x"], mentioning: "no entry 2 on 2026-03-04: it holds 1 entry")
        try Self.refused(sandbox, ["journal", "delete", "0"], mentioning: "no entry 0")
        try Self.refused(
            sandbox, ["journal", "delete", "1", "--date", "2026-03-01"], mentioning: "nothing is written that day")
        try Self.refused(sandbox, ["journal", "edit", "1", ""], mentioning: "needs some words")
        try Self.refused(sandbox, ["journal", "Later", "--date", "tomorrow"], mentioning: "future")
        try Self.refused(sandbox, ["journal", "Long ago", "--date", "2026-02-01"], mentioning: "more than 7 days ago")
        try Self.refused(sandbox, ["journal", "--week", "2026-13-01"], mentioning: "invalid date")
        try Self.refused(sandbox, ["journal", "--date", "someday"], mentioning: "invalid date")
        let help = try sandbox.ok("journal", "--help")
        #expect(help.contains("2,000 characters"))
    }

    @Test func searchIgnoresCaseAndAccentsAndListsTheNewestFirst() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "Europe/Berlin")
        try sandbox.ok("journal", "Un CAFÉ avec Léa", "--date", "2026-03-01")
        try sandbox.ok("journal", "Spaziergang in der Straße", "--date", "2026-03-02")
        try sandbox.ok("journal", "Café con leche, mañana tranquila", "--date", "2026-03-03")
        try sandbox.ok("journal", "朝のコーヒー ☕ と散歩")
        try sandbox.ok("journal", "Ｑｕｅｓｔ log 感谢")
        let cafe = try sandbox.json("journal", "--search", "cafe", "--json")
        #expect((cafe["entries"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-03-03", "2026-03-01"])
        #expect(try sandbox.ok("journal", "--search", "STRASSE").contains("Straße"))
        #expect(try sandbox.ok("journal", "--search", "manana cafe").contains("mañana"))
        #expect(try sandbox.ok("journal", "--search", "lea cafe").contains("Léa"))
        #expect(try sandbox.ok("journal", "--search", "コーヒー").contains("朝のコーヒー"))
        #expect(try sandbox.ok("journal", "--search", "quest 感谢").contains("感谢"))
        #expect(try sandbox.ok("journal", "--search", "tea") == "No journal entry holds \"tea\".\n")
    }

    @Test func exportIsMarkdownOneHeadingPerDayOldestFirstWrittenAtomically() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "Europe/Berlin")
        try sandbox.ok("journal", "Second day", "--date", "2026-03-03")
        try sandbox.ok("journal", "First day *as written*", "--date", "2026-03-02")
        try sandbox.ok("journal", "Today\nwith two lines")
        try sandbox.ok("journal", "gone")
        try sandbox.ok("journal", "delete", "2")
        let expected = """
            <!-- quests journal -->

            ## 2026-03-02

            First day *as written*

            ## 2026-03-03

            Second day

            ## 2026-03-04

            Today
            with two lines

            """
        #expect(try sandbox.ok("journal", "export") == expected)
        let file = sandbox.home + "/journal.md"
        #expect(try sandbox.ok("journal", "export", file) == "Wrote 3 journal entries to \(file).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try sandbox.ok("journal", "export", file)
        let other = sandbox.home + "/notes.md"
        try "my notes".write(toFile: other, atomically: true, encoding: .utf8)
        try sandbox.expectFailure(["journal", "export", other], mentioning: "not a journal export")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "my notes")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.home).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aJournalQuestIsCompletedByTheFirstEntryAndUndoneByDeletingTheLast() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Gratitude", "--journal", "--days", "mon,wed,fri", "--at", "21:00", "--reward", "15")
        let first = try sandbox.ok("journal", "The sun")
        #expect(first.contains("Gratitude") && first.contains("15 DD"))
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 15)
        let again = try sandbox.ok("journal", "Friends")
        #expect(again == "Entry 2 written for Monday 2026-03-02 (today).\n")
        try sandbox.ok("journal", "delete", "1")
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 15)
        let last = try sandbox.ok("journal", "delete", "1")
        #expect(last.contains("Gratitude"))
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 0)
        // Tuesday is not a journal day: an entry completes nothing.
        #expect(
            try sandbox.ok("journal", "Rain", extra: Self.at("03-03"))
                == "Entry 1 written for Tuesday 2026-03-03 (today).\n")
        // Back-filled on Monday, and on Wednesday and Friday: the quest's streak and heatmap follow.
        try sandbox.ok("journal", "The sun again", "--date", "2026-03-02", extra: Self.at("03-06"))
        try sandbox.ok("journal", "Cake", "--date", "2026-03-04", extra: Self.at("03-06"))
        try sandbox.ok("journal", "Music", extra: Self.at("03-06"))
        let streak = try sandbox.json("streak", "--json", extra: Self.at("03-06", "22:00"))
        #expect(streak["current"] as? Int == 3)
        let heatmap = try sandbox.json("heatmap", "--days", "5", "--json", extra: Self.at("03-06", "22:00"))
        let completed = (heatmap["days"] as? [[String: Any]])?.map { $0["completed"] as? Int }
        #expect(completed == [1, 0, 1, 0, 1])
        // The entries stay private: not in status or the calendar.
        let status = try sandbox.ok("status", "--format", "json", extra: Self.at("03-06", "22:00"))
        let calendar = try sandbox.ok("calendar", extra: Self.at("03-06", "22:00"))
        for text in ["Music", "Cake", "sun"] { #expect(!status.contains(text) && !calendar.contains(text)) }
    }

    @Test func deletingTheLastEntryIsRefusedWhenTheJournalQuestsDDWereSpent() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Gratitude", "--journal", "--reward", "20")
        try sandbox.ok("shop", "add", "Tea", "--price", "20")
        try sandbox.ok("journal", "The sun")
        try sandbox.ok("shop", "buy", "tea")
        try Self.refused(sandbox, ["journal", "delete", "1"], mentioning: "spent")
    }

    @Test func insightsShowTheStreakTotalsTheWeekAndTheMonthInEveryLanguage() throws {
        let sandbox = try Sandbox(now: "2026-03-10T08:00", zone: "Europe/Berlin")
        try sandbox.ok("config", "backfill-days", "30")
        for (day, count) in [("02", 1), ("03", 2), ("05", 1), ("06", 3), ("07", 1), ("08", 1), ("09", 2)] {
            for index in 1...count { try sandbox.ok("journal", "Entry \(index)", "--date", "2026-03-\(day)") }
        }
        let insights = try sandbox.json("journal", "--insights", "--json")
        #expect(insights["current"] as? Int == 5 && insights["longest"] as? Int == 5)
        #expect(insights["entries"] as? Int == 11 && insights["days"] as? Int == 7)
        let week = try #require(insights["week"] as? [[String: Any]])
        #expect(week.map { $0["date"] as? String } == (4...10).map { String(format: "2026-03-%02d", $0) })
        #expect(week.map { $0["entries"] as? Int } == [0, 1, 3, 1, 1, 2, 0])
        let month = try #require(insights["month"] as? [[String: Any]])
        #expect(month.count == 31 && month[5]["level"] as? Int == 3 && month[2]["level"] as? Int == 2)
        // Today without an entry yet does not break the streak; one more extends it.
        try sandbox.ok("journal", "Today")
        #expect(try sandbox.json("journal", "--insights", "--json")["current"] as? Int == 6)
        for language in ["C", "de_DE.UTF-8", "es_ES.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8"] {
            let text = try sandbox.ok("journal", "--insights", extra: ["LANG": language, "COLUMNS": "40"])
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.count > 15)
            for line in lines { #expect(LanguageTests.displayWidth(line) <= 40, "\(language): \(line)") }
        }
        let english = try sandbox.ok("journal", "--insights", extra: ["COLUMNS": "40"])
        #expect(
            english.contains("Current streak: 6 days\nLongest streak: 6 days\n12 entries written\n8 days journaled"))
        #expect(english.contains("1.5 entries per journaled day"))
        #expect(english.contains("Fri 3 ██████████████████████████████\n"))
        #expect(
            english.contains(
                "March 2026\nMon Tue Wed Thu Fri Sat Sun\n                        ·\n░   ▒   ·   ░   ▓   ░   ░\n▒   ░\n"
            ))
    }
}

/// The journal's milestones in `quests achievements`, earned once, dated, and kept by backups.
@Suite struct JournalMilestoneTests {
    static func earned(_ sandbox: Sandbox, at now: String) throws -> [String: String] {
        let json = try sandbox.json("achievements", "--json", extra: ["QUESTS_NOW": now])
        let earned = try #require(json["earned"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: earned.compactMap { item in
                (item["id"] as? String).map { ($0, item["earned"] as? String ?? "") }
            })
    }

    @Test func entriesDaysJournaledAndDaysWithQuestsEarnTheirMilestonesOnce() throws {
        let sandbox = try Sandbox(now: "2026-03-01T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "read")
        let first = try sandbox.ok("journal", "One")
        #expect(first.contains("Achievement unlocked: 1 Grateful Moment"))
        #expect(first.contains("Achievement unlocked: 1 Day of Reflection"))
        for day in 2...7 {
            let now = String(format: "2026-03-%02dT08:00", day)
            try sandbox.ok("journal", "Day \(day)", extra: ["QUESTS_NOW": now])
            if day != 4 { try sandbox.ok("done", "read", extra: ["QUESTS_NOW": now]) }
            if day == 7 { try sandbox.ok("journal", "Again", extra: ["QUESTS_NOW": now]) }
            if day == 3 { try sandbox.ok("journal", "More", extra: ["QUESTS_NOW": now]) }
        }
        let again = try sandbox.ok("journal", "Tenth", extra: ["QUESTS_NOW": "2026-03-07T09:00"])
        #expect(again.contains("10 Grateful Moments"))
        var earned = try Self.earned(sandbox, at: "2026-03-07T20:00")
        #expect(earned["journal-entries-1"] == "2026-03-01" && earned["journal-entries-10"] == "2026-03-07")
        #expect(earned["journal-days-1"] == "2026-03-01" && earned["journal-days-7"] == "2026-03-07")
        // Read done on six days of seven: not yet seven days with quests; the 8th makes them.
        #expect(earned["quest-days-7"] == nil)
        try sandbox.ok("done", "read", extra: ["QUESTS_NOW": "2026-03-08T08:00"])
        #expect(try Self.earned(sandbox, at: "2026-03-08T20:00")["quest-days-7"] == "2026-03-08")
        // Earned once: deleting entries takes none back.
        try sandbox.ok("journal", "delete", "1", extra: ["QUESTS_NOW": "2026-03-07T21:00"])
        earned = try Self.earned(sandbox, at: "2026-03-30T20:00")
        #expect(earned["journal-entries-10"] == "2026-03-07" && earned["quest-days-7"] == "2026-03-08")
        let text = try sandbox.ok("achievements", extra: ["QUESTS_NOW": "2026-03-30T20:00", "LANG": "fr_FR.UTF-8"])
        #expect(text.contains("10 moments de gratitude") && text.contains("7 jours de quêtes"))
        // A backup carries them to another store, as the other achievements.
        let file = sandbox.home + "/backup.json"
        try sandbox.ok("backup", file, extra: ["QUESTS_NOW": "2026-03-30T20:00"])
        let other = try Sandbox(now: "2026-03-30T20:00", zone: "Europe/Berlin")
        try other.ok("restore", file, "--yes")
        #expect(try Self.earned(other, at: "2026-03-30T20:00") == earned)
    }
}
