import Foundation
import Testing

/// Small things that read wrong or refused the wrong way (issue "Trust", item 25).
@Suite struct SmallWordingTests {
    @Test func oneQuestDoneIsNotAllOneQuest() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        let cleared = try sandbox.ok("done", "read")
        #expect(cleared.contains("The only quest is done for 2026-11-21."))
        #expect(!cleared.contains("All 1 quest"))
        #expect(try sandbox.ok("next") == "The only quest is done for today.\n")
    }

    @Test func undoOnAFutureDaySaysThereIsNothingToUndo() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.expectFailure(
            ["undo", "read", "--date", "tomorrow"],
            mentioning: "2026-11-22 is in the future; there is no completion to undo")
    }

    @Test func negativeCountsAreRefusedAsNumbers() throws {
        let sandbox = try Sandbox()
        try sandbox.expectFailure(["ledger", "--limit", "-3"], mentioning: "--limit must be a positive number")
        try sandbox.expectFailure(["heatmap", "--days", "-3"], mentioning: "--days must be between 1 and 3660")
    }

    @Test func anEmptyQuestsNowMeansTheClock() throws {
        let sandbox = try Sandbox(now: "")
        #expect(try sandbox.run("board").status == 0)
    }

    @Test func aFolderAsTheStoreIsNamed() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("list", "--db", "/")
        #expect(result.status != 0)
        #expect(result.stderr == "error: cannot open the store at /: it is a folder; give the path of a store file\n")
    }

    @Test func anEmptyBoardPointsAtThePacks() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.ok("board").contains("quests pack list"))
        #expect(try sandbox.ok("list").contains("quests pack list"))
    }

    @Test func aLateDayStartIsExplained() throws {
        let sandbox = try Sandbox()
        #expect(
            try sandbox.ok("config", "day-start", "23:59") == """
                day-start = 23:59
                Completions before 23:59 now count for the day before: that is most of each day.

                """)
        #expect(
            try sandbox.ok("config", "day-start", "03:00").hasSuffix(
                "Completions before 03:00 now count for the day before.\n"))
        #expect(try sandbox.ok("config", "day-start", "00:00") == "day-start = 00:00\n")
    }
}
