import Foundation
import Testing

/// Streak freezes (`quests freeze buy`, `streak`, `shop undo`) and per-quest streaks (`show`) end to end.
@Suite struct FreezeCommandTests {
    static func at(_ day: String, _ time: String = "10:00") -> [String: String] {
        ["QUESTS_NOW": "2026-\(day)T\(time)"]
    }

    /// "Read" daily from Sunday 2026-11-01 for 40 DD, done on the 1st and 2nd; a freeze bought on the 2nd.
    static func history() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "40", extra: at("11-01", "09:00"))
        for day in ["11-01", "11-02"] { try sandbox.ok("done", "read", extra: at(day)) }
        #expect(
            try sandbox.ok("freeze", "buy", extra: at("11-02", "11:00"))
                == "Bought a streak freeze for 50 DD · balance 30 DD. Freezes owned: 1.\n")
        return sandbox
    }

    @Test func aFreezeCoversTheNextMissedDayAndTheStreakShowsIt() throws {
        let sandbox = try Self.history()
        try sandbox.ok("done", "read", extra: Self.at("11-04"))
        let text = try sandbox.ok("streak", extra: Self.at("11-05"))
        #expect(
            text == """
                Current streak: 3 days (since 2026-11-01)
                Longest streak: 3 days (2026-11-01 – 2026-11-04)
                Today is still open: clear it to extend your streak.
                Frozen: 2026-11-03 (missed, covered by a streak freeze)
                Freezes owned: 0

                """)
        let json = try sandbox.json("streak", "--json", extra: Self.at("11-05"))
        #expect(
            json["frozenDays"] as? [String] == ["2026-11-03"] && json["freezesOwned"] as? Int == 0
                && json["current"] as? Int == 3)
        // The board's streak walks the same rule.
        #expect(try sandbox.json("board", "--json", extra: Self.at("11-05"))["streak"] as? Int == 3)
        // The purchase is in the shop history and the ledger, of its own kind.
        #expect(try sandbox.ok("shop", "history", extra: Self.at("11-05")).contains("50 DD  streak freeze"))
        let purchases = try #require(try sandbox.json("shop", "history", "--json")["redemptions"] as? [[String: Any]])
        #expect(
            purchases.map { $0["kind"] as? String } == ["freeze"]
                && purchases.map { $0["day"] as? String } == ["2026-11-02"])
        #expect(try sandbox.ok("ledger", "--kind", "freeze").contains("-50 DD  freeze"))
        // It covered a day: it can no longer be undone, and nothing changes.
        try sandbox.expectFailure(
            ["shop", "undo"], mentioning: "a streak freeze, already covered 2026-11-03 and cannot be undone",
            extra: Self.at("11-05"))
        // A day missed before a purchase is never covered: the 5th and 6th missed, a freeze bought on the 7th.
        try sandbox.ok("freeze", "buy", extra: Self.at("11-07", "08:00"))
        let later = try sandbox.json("streak", "--json", extra: Self.at("11-08"))
        #expect(later["frozenDays"] as? [String] == ["2026-11-03", "2026-11-07"] && later["current"] as? Int == 0)
        #expect(try sandbox.ok("doctor").contains("No problems found."))
    }

    /// The day a freeze covered is set aside in the heatmap (`~`, as a vacation day is) and has its line in
    /// the log; the CSV of what moved Daily Dollars leaves it out.
    @Test func aFrozenDayIsMarkedInTheHeatmapAndTheLog() throws {
        let sandbox = try Self.history()
        try sandbox.ok("done", "read", extra: Self.at("11-04"))
        let heatmap = try sandbox.json("heatmap", "--days", "5", "--json", extra: Self.at("11-05"))
        let levels = try #require(heatmap["days"] as? [[String: Any]]).map { $0["level"] as? String ?? "" }
        #expect(levels == ["all", "all", "set aside", "all", "none"])
        let grid = try sandbox.ok("heatmap", "--days", "7", extra: Self.at("11-05"))
        #expect(grid.contains("Tue   ~") && grid.contains("~ vacation, skipped or frozen"), "\(grid)")
        let log = try sandbox.ok("log", extra: Self.at("11-05"))
        #expect(log.contains("  Tuesday 2026-11-03\n    frozen       streak freeze used\n"), "\(log)")
        let json = try sandbox.json("log", "--json", extra: Self.at("11-05"))
        let days = try #require((json["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        let events = try #require(days.first { $0["date"] as? String == "2026-11-03" }?["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["frozen"])
        #expect(try !sandbox.ok("log", "--csv", extra: Self.at("11-05")).contains("frozen"))
    }

    @Test func badInputChangesNothing() throws {
        let sandbox = try Self.history()
        try sandbox.ok("config", "freeze-price", "80")
        try sandbox.expectFailure(
            ["freeze", "buy"], mentioning: #""streak freeze" costs 80 DD, you have 30 DD (50 more needed)"#)
        // The refusal names the freeze in the reader's language.
        let german = try sandbox.run(["freeze", "buy"], extra: ["LANG": "de_DE.UTF-8"])
        #expect(german.status != 0 && german.stderr.contains("\"Serienschutz\""), "\(german.stderr)")
        try sandbox.expectFailure(["config", "freeze-price", "0"], mentioning: "invalid value \"0\" for freeze-price")
    }

    @Test func anUnusedFreezeCanBeUndoneOnce() throws {
        let sandbox = try Self.history()
        // Days later, the freeze has covered nothing as long as every day was done.
        for day in ["11-03", "11-04"] { try sandbox.ok("done", "read", extra: Self.at(day)) }
        #expect(
            try sandbox.ok("shop", "undo", extra: Self.at("11-04", "12:00"))
                == "Refunded streak freeze: 50 DD back · balance 160 DD.\n")
        try sandbox.expectFailure(
            ["shop", "undo"], mentioning: "is already refunded", extra: Self.at("11-04", "12:00"))
        let json = try sandbox.json("streak", "--json", extra: Self.at("11-06"))
        #expect(
            json["freezesOwned"] as? Int == 0 && (json["frozenDays"] as? [String])?.isEmpty == true
                && json["current"] as? Int == 0)
        #expect(try sandbox.ok("shop", "history").contains("streak freeze  (refunded)"))
    }

    @Test func aFreezeTravelsThroughBackupsAndSyncCoveringTheSameDay() throws {
        let sandbox = try Self.history()
        // Bought late on the 4th in UTC: already the 5th in Auckland (UTC+13), where the other machine is.
        try sandbox.ok("config", "freeze-price", "30")
        try sandbox.ok("freeze", "buy", extra: Self.at("11-04", "23:30"))
        let file = sandbox.home + "/backup.json"
        try sandbox.ok("backup", file, extra: Self.at("11-05"))
        let document = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            document.contains(#""schemaVersion": 7"#)
                && document.contains(#""kind":"freeze","reference":null,"memo":"","day":"2026-11-02"}"#))
        let restored = try Sandbox()
        try restored.ok("restore", file, "--yes")
        let expected = try sandbox.json("streak", "--json", extra: Self.at("11-06"))
        #expect(expected["frozenDays"] as? [String] == ["2026-11-03", "2026-11-04"])
        #expect(
            try restored.json("streak", "--json", extra: Self.at("11-06"))["frozenDays"] as? [String] == [
                "2026-11-03", "2026-11-04",
            ])
        // Sync: the day travels with the purchase, so the far machine's freeze covers the same days.
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let far = ["QUESTS_DB": sandbox.home + "/far.sqlite", "TZ": "Pacific/Auckland"]
        try sandbox.ok("config", "sync-dir", share)
        try sandbox.ok("sync", extra: Self.at("11-06"))
        try sandbox.ok("config", "sync-dir", share, extra: far)
        try sandbox.ok("sync", extra: far.merging(Self.at("11-06")) { $1 })
        let farStreak = try sandbox.json("streak", "--json", extra: far.merging(Self.at("11-06")) { $1 })
        #expect(farStreak["frozenDays"] as? [String] == ["2026-11-03", "2026-11-04"])
        #expect(try sandbox.ok("doctor", extra: far).contains("No problems found."))
    }

    @Test func aFlexibleQuestsStreakCountsWeeks() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Gym", "--days", "2/week", extra: Self.at("11-02", "09:00"))
        for day in ["11-03", "11-05", "11-10", "11-11", "11-17", "11-18"] {
            try sandbox.ok("done", "gym", extra: Self.at(day))
        }
        #expect(try sandbox.ok("show", "gym", extra: Self.at("11-21")).contains("Streak     3 weeks (longest 3 weeks)"))
        let json = try sandbox.json("show", "gym", "--json", extra: Self.at("11-24"))
        let streak = try #require(json["streak"] as? [String: Any])
        // Monday's week has just begun: it does not break the streak.
        #expect(streak["current"] as? Int == 3 && streak["longest"] as? Int == 3 && streak["unit"] as? String == "week")
        let month = try sandbox.json("show", "gym", "--json", extra: Self.at("12-08"))
        #expect((month["streak"] as? [String: Any])?["current"] as? Int == 0)
    }
}
