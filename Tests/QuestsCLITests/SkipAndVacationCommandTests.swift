import Foundation
import Testing

/// Skips (`quests skip`, `unskip`) and vacations (`quests vacation add|list|remove`) end to end: what the
/// board, streak, log, stats, show, backup and doctor make of them, and bad input that changes nothing.
@Suite struct SkipAndVacationCommandTests {
    static func at(_ day: String, _ time: String = "10:00") -> [String: String] {
        ["QUESTS_NOW": "2026-\(day)T\(time)"]
    }

    /// "Read" and "Walk" daily from Sunday 2026-11-01, both done on the 1st.
    static func history(zone: String = "UTC") throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-21T08:30", zone: zone)
        try sandbox.ok("add", "Read", extra: at("11-01", "09:00"))
        try sandbox.ok("add", "Walk", extra: at("11-01", "09:00"))
        for quest in ["read", "walk"] { try sandbox.ok("done", quest, extra: at("11-01")) }
        return sandbox
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York"])
    func aSkipMakesItsQuestDayNeutral(zone: String) throws {
        let sandbox = try Self.history(zone: zone)
        // The 2nd: Read done, Walk skipped: the day is cleared (one done, the rest skipped).
        try sandbox.ok("done", "read", extra: Self.at("11-02"))
        #expect(
            try sandbox.ok("skip", "walk", "--reason", "sore legs", extra: Self.at("11-02"))
                == "Skipped Walk for today: not due, pays nothing, and your streak is safe. Undo with quests unskip.\n")
        #expect(
            try sandbox.ok("skip", "walk", extra: Self.at("11-02"))
                == "Walk was already skipped for today; nothing changed.\n")
        let board = try sandbox.ok("board", extra: Self.at("11-02"))
        #expect(board.contains("Skipped (1)\n  #2  Walk") && board.contains("1 of 1 done · streak 2 days"))
        let json = try sandbox.json("board", "--json", extra: Self.at("11-02"))
        let states = (json["quests"] as? [[String: Any]])?.map { "\($0["title"] ?? "") \($0["state"] ?? "")" }
        #expect(
            states == ["Read completed", "Walk skipped"] && json["done"] as? Int == 1 && json["total"] as? Int == 1)
        // The 3rd: both skipped, nothing done: neutral, the streak goes on to the 4th.
        for quest in ["read", "walk"] { try sandbox.ok("skip", quest, "--date", "2026-11-03", extra: Self.at("11-04")) }
        for quest in ["read", "walk"] { try sandbox.ok("done", quest, extra: Self.at("11-04")) }
        let streak = try sandbox.json("streak", "--json", extra: Self.at("11-04", "20:00"))
        #expect(streak["current"] as? Int == 3 && streak["longest"] as? Int == 3)
        // The heatmap shows the neutral day as set aside; the log lists each day's skips.
        let days = try #require(
            try sandbox.json("heatmap", "--days", "4", "--json", extra: Self.at("11-04", "20:00"))["days"]
                as? [[String: Any]])
        #expect(days.map { $0["level"] as? String } == ["all", "all", "set aside", "all"])
        let log = try sandbox.ok("log", extra: Self.at("11-04", "20:00"))
        #expect(
            log.contains(
                "  Monday 2026-11-02\n    done         Read · +10 DD\n    skipped      Walk\n                 sore legs\n"
            ))
        #expect(log.contains("3 of 3 days cleared"))
        // Stats: skipped quest-days are not due.
        let stats = try sandbox.json("stats", "--json", extra: Self.at("11-04", "20:00"))
        let current = try #require(stats["current"] as? [String: Any])
        #expect(current["due"] as? Int == 5 && current["done"] as? Int == 5 && current["scheduledDays"] as? Int == 3)
        // show: Walk's own streak does not break on its skipped days.
        #expect(
            try sandbox.json("show", "walk", "--json", extra: Self.at("11-04", "20:00"))["streak"].flatMap {
                ($0 as? [String: Any])?["current"] as? Int
            } == 2)
        // Unskip: the 3rd is due again, and missed: the streak is 1.
        #expect(
            try sandbox.ok("unskip", "walk", "--date", "2026-11-03", extra: Self.at("11-04"))
                == "Walk is no longer skipped for Tuesday 2026-11-03 (yesterday): it is due again.\n")
        #expect(try sandbox.json("streak", "--json", extra: Self.at("11-04", "20:00"))["current"] as? Int == 1)
        #expect(try sandbox.ok("doctor").contains("No problems found."))
    }

    @Test func completingASkippedQuestDayReplacesTheSkip() throws {
        let sandbox = try Self.history()
        try sandbox.ok("skip", "walk", extra: Self.at("11-02", "08:00"))
        #expect(
            try sandbox.ok("done", "walk", extra: Self.at("11-02")).contains(
                "completed for today: +10 DD · balance 30 DD (it was skipped: the completion replaces the skip)"))
        let states = (try sandbox.json("board", "--json", extra: Self.at("11-02"))["quests"] as? [[String: Any]])?.map {
            $0["state"] as? String
        }
        #expect(states == ["available", "completed"])
        #expect(!(try sandbox.ok("log", extra: Self.at("11-02"))).contains("skipped"))
        // A completed quest-day cannot be skipped: undo it first.
        try sandbox.expectFailure(
            ["skip", "walk", "--date", "2026-11-02"],
            mentioning:
                "\"Walk\" is already completed for 2026-11-02; a done quest-day cannot be skipped (undo it first: quests undo)",
            extra: Self.at("11-02"))
    }

    @Test func aVacationKeepsTheStreakAndTheBoardSaysSo() throws {
        let sandbox = try Self.history()
        try sandbox.ok("add", "Gym", "--days", "2/week", extra: Self.at("11-01", "09:00"))  // weeks from Monday the 2nd
        #expect(
            try sandbox.ok("vacation", "add", "2026-11-03", "2026-11-06", "--reason", "Lyon", extra: Self.at("11-02"))
                == "Vacation 2026-11-03 – 2026-11-06 added: nothing is due on 4 days.\n")
        try sandbox.ok("vacation", "add", "2026-11-20", extra: Self.at("11-02"))
        #expect(
            try sandbox.ok("vacation", "list", extra: Self.at("11-04")) == """
                2026-11-03 – 2026-11-06  4 days  Lyon  (now)
                2026-11-20  1 day

                """)
        let list = try #require(try sandbox.json("vacation", "list", "--json")["vacations"] as? [[String: Any]])
        #expect(
            list.map { "\($0["start"] ?? "") \($0["end"] ?? "") \($0["days"] ?? "") \($0["reason"] ?? "")" }
                == ["2026-11-03 2026-11-06 4 Lyon", "2026-11-20 2026-11-20 1 "])
        for quest in ["read", "walk"] { try sandbox.ok("done", quest, extra: Self.at("11-02")) }
        // On vacation: the board says so; a quest done still pays; a vacation day done whole is cleared.
        let board = try sandbox.ok("board", extra: Self.at("11-04"))
        #expect(board.contains("On vacation until 2026-11-06 (Lyon): your streak is safe, and what you do still pays."))
        #expect(
            try sandbox.json("board", "--json", extra: Self.at("11-04"))["vacation"].flatMap {
                ($0 as? [String: Any])?["end"] as? String
            } == "2026-11-06")
        #expect(try sandbox.ok("done", "read", extra: Self.at("11-04")).contains("+10 DD"))
        for quest in ["read", "walk"] { try sandbox.ok("done", quest, extra: Self.at("11-05")) }
        // Nothing done on the 3rd and 6th, no gym all week (its week holds vacation days: it cannot fail);
        // everything done on Saturday 7th and Sunday 8th: the streak runs 1st, 2nd, 5th, 7th, 8th.
        for day in ["11-07", "11-08"] {
            for quest in ["read", "walk"] { try sandbox.ok("done", quest, extra: Self.at(day)) }
        }
        let streak = try sandbox.json("streak", "--json", extra: Self.at("11-08", "20:00"))
        #expect(streak["current"] as? Int == 5)
        #expect(
            try sandbox.json("show", "gym", "--json", extra: Self.at("11-09"))["streak"].flatMap {
                ($0 as? [String: Any])?["current"] as? Int
            } == 0)
        // The past vacation day shows its undone quests as skipped, not missed.
        let past =
            (try sandbox.json("board", "--date", "2026-11-03", "--json", extra: Self.at("11-08"))["quests"]
            as? [[String: Any]])?
            .map { "\($0["title"] ?? "") \($0["state"] ?? "")" }
        #expect(past == ["Read skipped", "Walk skipped"])
        // And says it was a vacation day, in text and JSON.
        let pastBoard = try sandbox.ok("board", "--date", "2026-11-03", extra: Self.at("11-08"))
        #expect(
            pastBoard.contains("\nA vacation day (until 2026-11-06, Lyon): it spared your streak.\n"), "\(pastBoard)")
        let pastVacation = try sandbox.json("board", "--date", "2026-11-03", "--json", extra: Self.at("11-08"))[
            "vacation"]
        #expect((pastVacation as? [String: Any])?["end"] as? String == "2026-11-06", "\(pastVacation ?? "")")
        // Removing the vacation makes its days count again: the 3rd, 4th and 6th are missed, and the gym's
        // week ends short today (still going: today is not cleared), so only the 7th counts.
        #expect(
            try sandbox.ok("vacation", "remove", "2026-11-04", extra: Self.at("11-08"))
                == "Removed the vacation 2026-11-03 – 2026-11-06: its days count as usual again.\n")
        #expect(try sandbox.json("streak", "--json", extra: Self.at("11-08", "20:00"))["current"] as? Int == 1)
        #expect(try sandbox.ok("doctor").contains("No problems found."))
    }

    @Test func skipsAndVacationsSurviveABackupAndARestore() throws {
        let sandbox = try Self.history()
        try sandbox.ok("skip", "walk", "--reason", "rain", extra: Self.at("11-02"))
        try sandbox.ok("vacation", "add", "2026-11-10", "2026-11-12", extra: Self.at("11-02"))
        let file = sandbox.home + "/backup.json"
        #expect(
            try sandbox.ok("backup", file, extra: Self.at("11-02")).contains("1 achievement, 1 skip, 1 vacation to"))
        let document = try String(contentsOfFile: file, encoding: .utf8)
        #expect(document.contains(#""schemaVersion": 7"#) && document.contains(#""day":"2026-11-02","reason":"rain""#))
        let other = try Sandbox()
        try other.ok("restore", file, "--yes")
        #expect(try other.ok("vacation", "list").hasPrefix("2026-11-10 – 2026-11-12  3 days"))
        #expect(try other.ok("log", extra: Self.at("11-02")).contains("skipped      Walk"))
        // Importing it twice changes nothing the second time.
        let merged = try Sandbox()
        try merged.ok("import", file)
        let again = try merged.json("import", file, "--json")
        #expect(
            (again["added"] as? [String: Int])?["skips"] == 0 && (again["present"] as? [String: Int])?["vacations"] == 1
        )
        #expect(try other.ok("doctor").contains("No problems found."))
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        let sandbox = try Self.history()
        try sandbox.ok("skip", "walk", "--date", "2026-11-20")
        try sandbox.ok("vacation", "add", "2026-11-25", "2026-11-28")
        try sandbox.expectFailure(
            ["vacation", "add", "2026-11-30", "2026-11-29"],
            mentioning: "the vacation would end (2026-11-29) before it starts (2026-11-30)")
        try sandbox.expectFailure(
            ["vacation", "add", "2026-11-28", "2026-12-02"],
            mentioning: "that overlaps the vacation 2026-11-25 – 2026-11-28; remove it first")
        try sandbox.expectFailure(["vacation", "add", "2026-10-01"], mentioning: "2026-10-01 is more than 7 days ago")
        try sandbox.expectFailure(["vacation", "add", "someday"], mentioning: "someday")
        try sandbox.expectFailure(
            ["vacation", "remove", "2026-12-24"], mentioning: "no vacation holds 2026-12-24; see quests vacation list")
        try sandbox.expectFailure(
            ["skip", "read", "--date", "2027-12-01"], mentioning: "2027-12-01 is more than a year ahead")
        try sandbox.expectFailure(
            ["vacation", "add", "2027-11-20", "2027-12-01"], mentioning: "2027-12-01 is more than a year ahead")
        try sandbox.expectFailure(
            ["skip", "read", "--date", "2026-11-01"], mentioning: "2026-11-01 is more than 7 days ago")
        try sandbox.expectFailure(["skip", "swim"], mentioning: "no quest matches \"swim\"")
        try sandbox.expectFailure(
            ["skip", "read", "--reason", "a\u{7F}" + String(repeating: "x", count: 5_001)], mentioning: "the notes")
        try sandbox.expectFailure(
            ["unskip", "read"], mentioning: "\"Read\" is not skipped for 2026-11-21; nothing to unskip")
        try sandbox.expectFailure(
            ["unskip", "walk", "--date", "2026-11-19"], mentioning: "\"Walk\" is not skipped for 2026-11-19")
        // A quest not on that day cannot be skipped for it.
        try sandbox.ok("add", "Swim", "--days", "mon")
        try sandbox.expectFailure(["skip", "swim"], mentioning: "\"Swim\" is not scheduled on Saturday 2026-11-21")
    }

    @Test func everyCommandHasHelpWithExamplesAndCompletes() throws {
        let sandbox = try Sandbox()
        for command in [
            ["skip"], ["unskip"], ["vacation"], ["vacation", "add"], ["vacation", "list"], ["vacation", "remove"],
        ] {
            let help = try sandbox.run(command + ["--help"]).stdout
            #expect(
                help.contains("Examples:") && help.contains("quests " + command.joined(separator: " ")), "\(command)")
        }
        let bash = try sandbox.ok("--generate-completion-script", "bash")
        #expect(bash.contains("skip") && bash.contains("unskip") && bash.contains("vacation"))
        // vacation remove completes the vacations' first days; skip completes quest titles.
        try sandbox.ok("add", "Walk")
        try sandbox.ok("vacation", "add", "2026-12-24", "2026-12-26")
        let days = try sandbox.run(
            "---completion", "vacation", "remove", "--", "positional@0", "3", "0", "quests", "vacation", "remove", "")
        #expect(days.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2026-12-24")
        let titles = try sandbox.run("---completion", "skip", "--", "positional@0", "2", "0", "quests", "skip", "")
        #expect(titles.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Walk")
    }
}
