import Foundation
import Testing

/// `quests log` and `quests stats` on a fixed history, as golden text and as JSON checked against figures
/// worked out by hand.
@Suite struct LogAndStatsTests {
    /// From Monday 2026-09-28: "Read" daily (10 DD) and "Morning run" on weekdays (20 DD). Done: both on
    /// Sep 29 (the run with a note), Read on Sep 30; nothing in October; both on Nov 2 (Read with a
    /// note); a cake bought, refunded and bought again on Nov 3; Read on Nov 4, today (Wednesday, 08:30).
    static func history() throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-04T08:30")
        sandbox.environment["COLUMNS"] = "80"
        let at = { (day: String) in ["QUESTS_NOW": "2026-\(day)T09:00"] }
        try sandbox.ok("add", "Read", extra: at("09-28"))
        try sandbox.ok("add", "Morning run", "--days", "weekdays", "--reward", "20", extra: at("09-28"))
        try sandbox.ok("done", "read", extra: at("09-29"))
        try sandbox.ok("done", "run", "--note", "First run: 3 km", extra: at("09-29"))
        try sandbox.ok("done", "read", extra: at("09-30"))
        try sandbox.ok("done", "read", "--note", "Finished “Dune”", extra: at("11-02"))
        try sandbox.ok("done", "run", extra: at("11-02"))
        try sandbox.ok("shop", "add", "Cake", "--price", "15", extra: at("11-03"))
        try sandbox.ok("shop", "buy", "cake", extra: at("11-03"))
        try sandbox.ok("shop", "undo", extra: at("11-03"))
        try sandbox.ok("shop", "buy", "cake", extra: at("11-03"))
        try sandbox.ok("done", "read", extra: at("11-04"))
        return sandbox
    }

    @Test func theLogListsEveryMonthNewestFirstWithAnEmptyOne() throws {
        let sandbox = try Self.history()
        #expect(
            try sandbox.ok("log") == """
                November 2026
                  1 of 3 days cleared · 3 completions · 40 DD earned · 15 DD spent · 2 purchases
                  Wednesday 2026-11-04
                    done         Read · +10 DD
                  Tuesday 2026-11-03
                    bought       Cake · -15 DD
                    refunded     Cake · +15 DD
                    bought       Cake · -15 DD
                    achievement  Treat Yourself
                  Monday 2026-11-02
                    done         Read · +10 DD
                                 Finished “Dune”
                    done         Morning run · +20 DD
                    all clear    every quest done

                October 2026
                  0 of 31 days cleared · 0 completions · 0 DD earned · 0 DD spent · 0 purchases
                  nothing happened

                September 2026
                  1 of 3 days cleared · 3 completions · 40 DD earned · 0 DD spent · 0 purchases
                  Wednesday 2026-09-30
                    done         Read · +10 DD
                  Tuesday 2026-09-29
                    done         Read · +10 DD
                    done         Morning run · +20 DD
                                 First run: 3 km
                    achievement  First Step
                    all clear    every quest done

                """)
    }

    /// A vacation shows in the log where it starts (and where a month it reaches starts), with its last
    /// day and reason, in the text and the JSON; the CSV of what moved Daily Dollars leaves it out.
    @Test func theLogMarksVacations() throws {
        let sandbox = try Sandbox(now: "2026-10-20T08:00")
        try sandbox.ok("add", "Read")
        try sandbox.ok("vacation", "add", "2026-10-30", "2026-11-02", "--reason", "Lyon")
        let later = ["QUESTS_NOW": "2026-11-05T08:00"]
        let november = try sandbox.ok("log", "--month", "2026-11", extra: later)
        #expect(
            november.contains("  Sunday 2026-11-01\n    vacation     through 2026-11-02\n                 Lyon\n"),
            "\(november)")
        let log = try sandbox.ok("log", extra: later)
        #expect(log.contains("  Friday 2026-10-30\n    vacation     through 2026-11-02\n"), "\(log)")
        let json = try sandbox.json("log", "--month", "2026-10", "--json", extra: later)
        let days = try #require((json["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        let event = try #require(
            (days.first { $0["date"] as? String == "2026-10-30" }?["events"] as? [[String: Any]])?.first)
        #expect(event["kind"] as? String == "vacation" && event["through"] as? String == "2026-11-02")
        #expect(event["note"] as? String == "Lyon")
        #expect(try !sandbox.ok("log", "--csv", extra: later).contains("vacation"))
    }

    /// An undo that took nothing back (a quest of reward 0) has no ledger entry, yet shows in the log as an
    /// undo of 0 DD, as a paid quest's undo does through its entries; the CSV of what moved Daily Dollars
    /// leaves it out.
    @Test func theLogShowsAnUndoThatTookNothingBack() throws {
        let sandbox = try Sandbox(now: "2026-11-21T08:00")
        try sandbox.ok("add", "Stretch", "--reward", "0")
        try sandbox.ok("done", "stretch")
        try sandbox.ok("undo", "stretch", "--date", "yesterday", extra: ["QUESTS_NOW": "2026-11-22T07:00"])
        let log = try sandbox.ok("log", extra: ["QUESTS_NOW": "2026-11-22T07:00"])
        // On the day it was undone, naming the day it undid, as an undo's ledger line does.
        #expect(log.contains("  Sunday 2026-11-22\n    undo         Stretch · 2026-11-21 · +0 DD\n"), "\(log)")
        let json = try sandbox.json("log", "--json", extra: ["QUESTS_NOW": "2026-11-22T07:00"])
        let days = try #require((json["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        let events = try #require(days.first { $0["date"] as? String == "2026-11-22" }?["events"] as? [[String: Any]])
        #expect(events.contains { $0["kind"] as? String == "undo" && $0["amount"] as? Int == 0 })
        #expect(try !sandbox.ok("log", "--csv", extra: ["QUESTS_NOW": "2026-11-22T07:00"]).contains("undo"))
    }

    @Test func oneMonthFitsSixtyColumns() throws {
        let sandbox = try Self.history()
        let text = try sandbox.ok("log", "--month", "2026-09", extra: ["COLUMNS": "60"])
        #expect(
            text.hasPrefix(
                """
                September 2026
                  1 of 3 days cleared · 3 completions · 40 DD earned
                  0 DD spent · 0 purchases
                  Wednesday 2026-09-30

                """))
        #expect(
            try sandbox.ok("log", "--month", "2026-10")
                == "October 2026\n  0 of 31 days cleared · 0 completions · 0 DD earned · 0 DD spent · 0 purchases\n  nothing happened\n"
        )
        try sandbox.expectFailure(["log", "--month", "2026-13"], mentioning: "invalid month \"2026-13\"")
    }

    @Test func theLogAsJSONGivesEachMonthsFigures() throws {
        let sandbox = try Self.history()
        let months = try #require(try sandbox.json("log", "--json")["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-11", "2026-10", "2026-09"])
        let november = try #require(months[0]["summary"] as? [String: Any])
        #expect(november["scheduledDays"] as? Int == 3)
        #expect(november["clearedDays"] as? Int == 1)
        #expect(november["due"] as? Int == 5)  // Nov 1: Read; Nov 2 and 3: both (today is not over)
        #expect(november["done"] as? Int == 2)
        #expect(november["completions"] as? Int == 3)
        #expect(november["earned"] as? Int == 40)
        #expect(november["spent"] as? Int == 15)
        #expect(november["purchases"] as? Int == 2)
        let october = try #require(months[1]["summary"] as? [String: Any])
        #expect(october["scheduledDays"] as? Int == 31)
        #expect(october["due"] as? Int == 53)  // 31 days of Read, 22 weekdays of running
        #expect((months[1]["days"] as? [Any])?.isEmpty == true)
        let days = try #require(months[2]["days"] as? [[String: Any]])
        let events = try #require(days.last?["events"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-09-30", "2026-09-29"])
        #expect(events.map { $0["kind"] as? String } == ["completion", "completion", "achievement", "celebration"])
        #expect(events[1]["note"] as? String == "First run: 3 km")
        #expect(events[1]["amount"] as? Int == 20)
    }

    @Test func statsCompareTheMonthSoFarWithTheSameDaysBefore() throws {
        let sandbox = try Self.history()
        #expect(
            try sandbox.ok("stats") == """
                November 2026, 1–4 against October 2026, 1–4
                  Completion rate  40% (2 of 5)  ▲ 40 pts
                  Cleared days     1 of 3        ▲ 1 day
                  Completions      3             ▲ 3
                  Earned           40 DD         ▲ 40 DD
                  Spent            15 DD         ▲ 15 DD
                  Best weekday     Monday 100%   –
                  Worst weekday    Tuesday 0%    –

                Quests
                  Read         50% (2 of 4)  ▲ 50 pts
                  Morning run  50% (1 of 2)  ▲ 50 pts

                Weeks
                  2026-10-26  ░░░░░░░░░░░░░░░░░░░░  0% (0 of 1)
                  2026-11-02  ██████████░░░░░░░░░░  50% (2 of 4)

                """)
    }

    @Test func statsWithWeeksFromSundayFitSixtyColumns() throws {
        let sandbox = try Self.history()
        try sandbox.ok("config", "week-start", "sunday")
        try sandbox.ok("edit", "run", "--title", "Morning run around the lake, then stretching and a cold shower")
        let text = try sandbox.ok("stats", extra: ["COLUMNS": "60"])
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(
            text == """
                November 2026, 1–4 against October 2026, 1–4
                  Completion rate  40% (2 of 5)  ▲ 40 pts
                  Cleared days     1 of 3        ▲ 1 day
                  Completions      3             ▲ 3
                  Earned           40 DD         ▲ 40 DD
                  Spent            15 DD         ▲ 15 DD
                  Best weekday     Monday 100%   –
                  Worst weekday    Sunday 0%     = 0 pts

                Quests
                  Read                                50% (2 of 4)  ▲ 50 pts
                  Morning run around the lake, then…  50% (1 of 2)  ▲ 50 pts

                Weeks
                  2026-11-01  ████████░░░░░░░░░░░░  40% (2 of 5)

                """)
    }

    @Test func statsAsJSONGiveEveryFigureAndItsChange() throws {
        let sandbox = try Self.history()
        let json = try sandbox.json("stats", "--json")
        #expect(json["month"] as? String == "2026-11")
        let current = try #require(json["current"] as? [String: Any])
        #expect(current["from"] as? String == "2026-11-01")
        #expect(current["through"] as? String == "2026-11-04")
        #expect(current["percent"] as? Int == 40)
        let previous = try #require(json["previous"] as? [String: Any])
        #expect(previous["through"] as? String == "2026-10-04")
        #expect(previous["due"] as? Int == 6)  // Oct 1–2 both, Oct 3–4 Read
        #expect(previous["done"] as? Int == 0)
        #expect(previous["percent"] as? Int == 0)
        let change = try #require(json["change"] as? [String: Int])
        #expect(
            change == [
                "percent": 40, "clearedDays": 1, "completions": 3, "earned": 40, "spent": 15, "purchases": 2,
                "mainQuestsAchieved": 0, "focusTasksDone": 0,
            ])
        let quests = try #require(json["quests"] as? [[String: Any]])
        #expect(quests.map { $0["title"] as? String } == ["Read", "Morning run"])
        #expect(quests.map { $0["due"] as? Int } == [4, 2])  // Read's today is cleared, the run's is not
        #expect(quests.map { $0["change"] as? Int } == [50, 50])
        let weekdays = try #require(json["weekdays"] as? [[String: Any]])
        #expect(weekdays.map { $0["weekday"] as? String } == ["monday", "tuesday", "wednesday", "sunday"])
        #expect(weekdays.map { $0["percent"] as? Int } == [100, 0, nil, 0])
        #expect(weekdays.map { $0["change"] as? Int } == [nil, nil, nil, 0])
        #expect(json["best"] as? String == "monday")
        #expect(json["worst"] as? String == "tuesday")
        let weeks = try #require(json["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["start"] as? String } == ["2026-10-26", "2026-11-02"])
        #expect(weeks.map { $0["due"] as? Int } == [1, 4])
        let october = try sandbox.json("stats", "--month", "2026-10", "--json")
        #expect((october["current"] as? [String: Any])?["through"] as? String == "2026-10-31")
        #expect((october["previous"] as? [String: Any])?["due"] as? Int == 6)  // Sep 28–30, both quests each day
        try sandbox.expectFailure(["stats", "--month", "2026-12"], mentioning: "2026-12 has not started yet")
    }

    /// A flexible quest's week that began in September is judged in October with its September completions,
    /// and weeks start on the week-start setting, in `log --month` and in `stats --month` alike.
    @Test func aMonthJudgesAQuotaWeekWithTheCompletionsBeforeIt() throws {
        let sandbox = try Sandbox(now: "2026-11-04T08:30")
        let at = { (day: String) in ["QUESTS_NOW": "2026-\(day)T09:00"] }
        try sandbox.ok("add", "Swim", "--days", "2/week", extra: at("09-28"))
        try sandbox.ok("done", "swim", extra: at("09-28"))
        try sandbox.ok("done", "swim", extra: at("09-29"))
        func logDue(_ month: String) throws -> Int? {
            let months = try #require(try sandbox.json("log", "--month", month, "--json")["months"] as? [[String: Any]])
            return (months.first?["summary"] as? [String: Any])?["due"] as? Int
        }
        func octoberStats() throws -> (due: Int?, missedOn: [String?]) {
            let stats = try sandbox.json("stats", "--month", "2026-10", "--json")
            let weekdays = try #require(stats["weekdays"] as? [[String: Any]])
            return (
                (stats["current"] as? [String: Any])?["due"] as? Int,
                weekdays.filter { ($0["due"] as? Int ?? 0) > 0 }.map { $0["weekday"] as? String }
            )
        }
        // Weeks from Monday: Sep 28–Oct 4 met its quota in September; Oct 11, 18 and 25 end weeks short, and
        // Nov 1 does.
        #expect(try logDue("2026-10") == 3)
        #expect(try octoberStats() == (3, ["sunday"]))
        #expect(try logDue("2026-11") == 1)
        // Weeks from Sunday: Sep 27–Oct 3 met; Oct 10, 17, 24 and 31 end weeks short; no November week has ended.
        try sandbox.ok("config", "week-start", "sunday")
        #expect(try logDue("2026-10") == 4)
        #expect(try octoberStats() == (4, ["saturday"]))
        #expect(try logDue("2026-11") == 0)
    }

    /// Runs `quests log` on a terminal of `rows` rows (through `script`), with a pager that saves what it gets.
    func logOnATerminal(_ sandbox: Sandbox, rows: Int) throws -> (shown: String, paged: String?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qc", "stty rows \(rows) cols 80; '\(Sandbox.binary.path)' log", "/dev/null"]
        process.environment = sandbox.environment.merging(["PAGER": "cat > '\(sandbox.home)/paged'"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (shown, try? String(contentsOfFile: sandbox.home + "/paged", encoding: .utf8))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aLongLogGoesThroughThePagerOnATerminalOnly() throws {
        let sandbox = try Self.history()
        let short = try logOnATerminal(sandbox, rows: 100)
        #expect(short.shown.contains("October 2026"))
        #expect(short.paged == nil)
        let long = try logOnATerminal(sandbox, rows: 10)
        #expect(!long.shown.contains("October 2026"))
        #expect(long.paged?.contains("October 2026") == true)
    }

    /// The pager runs in the terminal's foreground group (a pager in a group of its own is stopped as soon
    /// as it reads a key): the first screen shows, `q` quits it, and the shell goes on as before.
    @Test func theLogsPagerShowsItsFirstScreenAndQuitsWithQ() throws {
        let sandbox = try Self.history()
        let pane = try TmuxPane(sandbox, running: ["log"])
        try pane.waitFor("November 2026")
        #expect(try !pane.screen().contains("exit "), "quests ended before the pager was quit")
        try pane.send("q")
        try pane.expectRestored(exitStatus: 0)
    }
}
