import Foundation
import Testing

@Suite struct ProgressTests {
    /// A daily "Read" quest created 2026-11-01 and completed every day from the 1st through `lastDay`.
    func sandbox(completedThrough lastDay: Int, skipping skipped: Set<Int> = []) throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-01T08:00")
        try sandbox.ok("add", "Read")
        for day in 1...lastDay where !skipped.contains(day) {
            try sandbox.ok("done", "read", extra: ["QUESTS_NOW": String(format: "2026-11-%02dT20:00", day)])
        }
        return sandbox
    }

    @Test func streakCountsClearedDaysAndWaitsForToday() throws {
        let sandbox = try sandbox(completedThrough: 9)
        let today = ["QUESTS_NOW": "2026-11-10T09:00"]
        let json = try sandbox.json("streak", "--json", extra: today)
        #expect(json["current"] as? Int == 9)
        #expect(json["longest"] as? Int == 9)
        #expect(json["currentStart"] as? String == "2026-11-01")
        #expect(json["today"] as? String == "inProgress")
        let text = try sandbox.ok("streak", extra: today)
        #expect(text.contains("Current streak: 9 days (since 2026-11-01)"))
        #expect(text.contains("Today is still open"))
        #expect(try sandbox.ok(extra: today).contains("0 of 1 done · streak 9 days"))
        // A day later, the 10th was missed.
        #expect(try sandbox.json("streak", "--json", extra: ["QUESTS_NOW": "2026-11-11T09:00"])["current"] as? Int == 0)
    }

    @Test func backfillingAMissedDayRestoresTheStreak() throws {
        let sandbox = try sandbox(completedThrough: 6, skipping: [4])
        let now = ["QUESTS_NOW": "2026-11-06T21:00"]
        #expect(try sandbox.json("streak", "--json", extra: now)["current"] as? Int == 2)
        try sandbox.ok("done", "read", "--date", "2026-11-04", extra: now)
        let streak = try sandbox.json("streak", "--json", extra: now)
        #expect(streak["current"] as? Int == 6)
        #expect(streak["longest"] as? Int == 6)
    }

    @Test func achievementsAreAnnouncedOnceDatedAndKept() throws {
        let sandbox = try Sandbox(now: "2026-11-01T08:00")
        try sandbox.ok("add", "Read")
        let first = try sandbox.ok("done", "read")
        #expect(first.contains("★ Achievement unlocked: First Step"))
        for day in 2...7 {
            let output = try sandbox.ok("done", "read", extra: ["QUESTS_NOW": "2026-11-0\(day)T20:00"])
            #expect(output.contains("Week Warrior") == (day == 7), "day \(day)")
            #expect(!output.contains("First Step"))
        }
        // The streak breaks; the achievement stays, with its date.
        let later = ["QUESTS_NOW": "2026-11-20T09:00"]
        let json = try sandbox.json("achievements", "--json", extra: later)
        let earned = try #require(json["earned"] as? [[String: Any]])
        // 2026-11-01 is a Sunday: the first whole week is Monday 2 .. Sunday 8, which was not cleared.
        // Seven days with a quest done: the journal's milestone of days with quests too.
        #expect(earned.map { $0["id"] as? String } == ["completions-1", "streak-7", "quest-days-7"])
        #expect(earned.map { $0["earned"] as? String } == ["2026-11-01", "2026-11-07", "2026-11-07"])
        let next = try #require(json["next"] as? [[String: Any]])
        #expect(next.first { $0["kind"] as? String == "streak" }?["id"] as? String == "streak-14")
        #expect(next.first { $0["kind"] as? String == "completions" }?["progress"] as? Int == 7)
        #expect(try sandbox.json("streak", "--json", extra: later)["current"] as? Int == 0)
        let text = try sandbox.ok("achievements", extra: later)
        #expect(text.contains("Week Warrior"))
        #expect(text.contains("Century of Deeds"))
        #expect(text.contains("7/100 completions"))
    }

    @Test func theCelebrationHappensOncePerDay() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("add", "Run")
        try sandbox.ok("done", "read")
        let cleared = try sandbox.ok("done", "run")
        #expect(cleared.contains("All 2 quests done for 2026-11-21."))
        try sandbox.ok("undo", "run")
        #expect(!(try sandbox.ok("done", "run")).contains("All 2 quests done"))
        // On a terminal-like colour output the celebration has a confetti burst.
        try sandbox.ok("add", "Stretch", extra: ["QUESTS_NOW": "2026-11-22T08:00"])
        try sandbox.ok("done", "read", extra: ["QUESTS_NOW": "2026-11-22T08:00"])
        try sandbox.ok("done", "run", extra: ["QUESTS_NOW": "2026-11-22T08:00"])
        let fancy = try sandbox.ok("done", "stretch", "--color", "always", extra: ["QUESTS_NOW": "2026-11-22T08:00"])
        #expect(fancy.contains("\\o/"))
        #expect(fancy.contains("All 3 quests done for 2026-11-22."))
    }

    /// A vacation day, and a day whose quests were all skipped, show as set aside (`~`), in the text and
    /// the JSON; a quest done on a vacation day still counts.
    @Test func heatmapMarksVacationAndSkippedDays() throws {
        let sandbox = try Sandbox(now: "2026-11-02T08:00")
        try sandbox.ok("add", "Read")
        try sandbox.ok("vacation", "add", "2026-11-03", "2026-11-04")
        let later = ["QUESTS_NOW": "2026-11-06T12:00"]
        try sandbox.ok("done", "read", "--date", "2026-11-04", extra: later)
        try sandbox.ok("skip", "read", "--date", "2026-11-05", extra: later)
        let json = try sandbox.json("heatmap", "--days", "5", "--json", extra: later)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { $0["level"] as? String } == ["none", "set aside", "all", "set aside", "none"])
        let text = try sandbox.ok("heatmap", "--days", "5", extra: later)
        #expect(text.contains("Mon ░\nTue ~\nWed █\nThu ~\nFri ░"), "\(text)")
        #expect(text.contains("~ vacation, skipped or frozen"))
    }

    @Test func heatmapShowsTheLastDaysInTextAndJSON() throws {
        let sandbox = try sandbox(completedThrough: 5, skipping: [3])
        let now = ["QUESTS_NOW": "2026-11-06T12:00"]
        let json = try sandbox.json("heatmap", "--days", "7", "--json", extra: now)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(
            days.map { $0["date"] as? String } == [
                "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06",
            ])
        #expect(days.map { $0["scheduled"] as? Int } == [0, 1, 1, 1, 1, 1, 1])
        #expect(days.map { $0["completed"] as? Int } == [0, 1, 1, 0, 1, 1, 0])
        let text = try sandbox.ok("heatmap", "--days", "7", extra: now)
        #expect(
            text == """
                    Nov
                Mon   █
                Tue   ░
                Wed   █
                Thu   █
                Fri   ░
                Sat ·
                Sun █

                    · nothing scheduled  ░ none  ▒ some  ▓ most  █ all
                    ~ vacation, skipped or frozen

                """)
        try sandbox.ok("config", "week-start", "sunday")
        let sunday = try sandbox.ok("heatmap", "--days", "7", extra: now)
        #expect(sunday.split(separator: "\n")[1].hasPrefix("Sun"))
        #expect(!(try sandbox.ok("heatmap", extra: now)).contains("\u{1B}["))
        #expect(try sandbox.ok("heatmap", "--color", "always", extra: now).contains("\u{1B}[38;5;40m■"))
        try sandbox.expectFailure(["heatmap", "--days", "0"], mentioning: "between 1 and 3660")
    }

    /// Eight processes complete different quests at once, each of which could be the first completion:
    /// "First Step" is announced by exactly one of them and recorded once.
    @Test func concurrentCommandsNeverAwardTwice() throws {
        let sandbox = try Sandbox()
        for index in 1...8 { try sandbox.ok("add", "Quest \(index)") }
        let results = sandbox.runAtOnce((1...8).map { [["done", String($0)]] }).flatMap { $0 }
        #expect(results.allSatisfy { $0.status == 0 })
        #expect(results.filter { $0.stdout.contains("First Step") }.count == 1)
        #expect(results.filter { $0.stdout.contains("All 8 quests done") }.count == 1)
        let earned = try sandbox.json("achievements", "--json")["earned"] as? [[String: Any]]
        #expect(earned?.filter { $0["id"] as? String == "completions-1" }.count == 1)
    }
}
