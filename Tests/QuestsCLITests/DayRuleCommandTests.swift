import Foundation
import Testing

/// The day rule as a user meets it: past days, paid rewards, days the clocks skipped.
@Suite struct DayRuleCommandTests {
    /// Read and Drink water, created on Thursday 2026-11-19; it is Saturday 2026-11-21 08:30.
    func sandboxWithHistory() throws -> Sandbox {
        let sandbox = try Sandbox()
        let thursday = ["QUESTS_NOW": "2026-11-19T08:00"]
        try sandbox.ok("add", "Read", "--at", "21:00", extra: thursday)
        try sandbox.ok("add", "Drink water", extra: thursday)
        return sandbox
    }

    @Test func aPastDaysUnfinishedQuestsAreMissed() throws {
        let sandbox = try sandboxWithHistory()
        try sandbox.ok("done", "drink", "--date", "yesterday")
        let board = try sandbox.ok("board", "--date", "yesterday")
        #expect(board.contains("Missed (1)\n  #1  Read         21:00       +10 DD  missed"), "\(board)")
        #expect(!board.contains("Available"))
        #expect(board.contains("1 of 2 done"))
        let json = try sandbox.json("board", "--date", "yesterday", "--json")
        let states = (json["quests"] as? [[String: Any]])?.compactMap { $0["state"] as? String }
        #expect(states == ["missed", "completed"])
    }

    @Test func aCompletedQuestShowsWhatItWasPaid() throws {
        let sandbox = try sandboxWithHistory()
        try sandbox.ok("done", "drink")
        try sandbox.ok("edit", "drink", "--reward", "25")
        let board = try sandbox.ok("board")
        #expect(board.contains("#2  Drink water  any time    +10 DD  done"), "\(board)")
        let json = try sandbox.json("board", "--json")
        let drink = (json["quests"] as? [[String: Any]])?.first { $0["title"] as? String == "Drink water" }
        #expect(drink?["reward"] as? Int == 10)
    }

    @Test func archivingACompletedQuestKeepsItOnTodaysBoard() throws {
        let sandbox = try sandboxWithHistory()
        try sandbox.ok("done", "drink")
        try sandbox.ok("archive", "drink")
        let board = try sandbox.ok("board")
        #expect(board.contains("#2  Drink water  any time    +10 DD  done"), "\(board)")
        #expect(board.contains("1 of 2 done"))
        #expect(try sandbox.run("doctor").status == 0)
    }

    @Test func aDayTheClocksSkippedCannotBeCompletedAndIsNoDay() throws {
        let sandbox = try Sandbox(now: "2011-12-31T12:00", zone: "Pacific/Apia")
        try sandbox.ok("add", "Tea", extra: ["QUESTS_NOW": "2011-12-28T08:00"])
        try sandbox.expectFailure(
            ["done", "tea", "--date", "2011-12-30"], mentioning: "2011-12-30 did not happen in Pacific/Apia")
        try sandbox.ok("done", "tea", "--date", "2011-12-29")
        try sandbox.ok("done", "tea")
        #expect(try sandbox.ok("board", "--date", "2011-12-30").contains("Nothing scheduled"))
        #expect(try sandbox.ok("streak").contains("2 days"))
    }
}
