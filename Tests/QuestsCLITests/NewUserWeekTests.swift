import Foundation
import Testing

/// What a new user's first week ran into (issue 29), each through the real binary.
@Suite struct NewUserWeekTests {
    @Test func aWordThatStartsTwoTitlesIsAmbiguousNotTheFirstPrefix() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Water plants")
        try sandbox.ok("add", "Drink water")
        try sandbox.expectFailure(["done", "water"], mentioning: "matches several quests: #1 Water plants, #2 Drink water")
        // An exact title, a unique start and a unique word still name one quest.
        #expect(try sandbox.ok("done", "water plants").contains("Water plants completed"))
        #expect(try sandbox.ok("done", "drink").contains("Drink water completed"))

        try sandbox.ok("shop", "add", "Water gun", "--price", "5")
        try sandbox.ok("shop", "add", "Sparkling water", "--price", "5")
        try sandbox.expectFailure(["shop", "buy", "water"], mentioning: "matches several rewards")
        try sandbox.expectFailure(["pack", "show", "s"], mentioning: "matches several packs")
        #expect(try sandbox.ok("pack", "show", "routine").contains("Morning Routine"))
    }

    @Test func aFlexibleQuestWhoseQuotaOtherDaysMetReadsQuotaMetNotDone() throws {
        let sandbox = try Sandbox(now: "2026-11-16T08:00")
        try sandbox.ok("add", "Gym", "--days", "3/week", "--reward", "25")
        for day in ["16", "17", "18"] {
            try sandbox.ok("done", "gym", extra: ["QUESTS_NOW": "2026-11-\(day)T09:00"])
        }
        let sunday = ["QUESTS_NOW": "2026-11-22T10:00"]
        let shown = try sandbox.ok("show", "gym", extra: sunday)
        #expect(shown.contains("Today      quota met · 3/3 this week"), "show: \(shown)")
        #expect(!shown.contains("completed · any time"))
        let board = try sandbox.ok("board", extra: sunday)
        let row = board.split(separator: "\n").first { $0.contains("Gym") } ?? ""
        #expect(row.hasSuffix("quota met  3/3 this week"), "row: \(row)")
        #expect(!row.contains("DD"), "row: \(row)")
        // On a day it was done, it reads done with what it paid.
        let wednesday = try sandbox.ok("board", "--date", "2026-11-18", extra: sunday)
        #expect(wednesday.contains("+25 DD  done  3/3 this week"), "board: \(wednesday)")
    }
}
