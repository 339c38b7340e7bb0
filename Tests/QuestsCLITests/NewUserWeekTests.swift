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

    @Test func everyLedgerEntryIsInTheLogAndStatsAddUpToTheLedger() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Work", "--reward", "80")
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "work")
        try sandbox.ok("done", "read")
        try sandbox.ok("undo", "read")
        try sandbox.ok("freeze", "buy")
        let log = try sandbox.ok("log", "--month", "2026-11")
        #expect(log.contains("    freeze       streak freeze · -50 DD"), "log: \(log)")
        #expect(log.contains("    quest-reward Read · 2026-11-21 · +10 DD"), "log: \(log)")
        #expect(log.contains("    undo         undo Read · 2026-11-21 · -10 DD"), "log: \(log)")
        // Earned less spent is what the ledger moved: 80 + 10 - 10 earned, 50 spent, balance 30.
        #expect(log.contains("80 DD earned · 50 DD spent"), "log: \(log)")
        let stats = try sandbox.json("stats", "--month", "2026-11", "--json")
        let figures = stats["current"] as? [String: Any]
        #expect(figures?["earned"] as? Int == 80 && figures?["spent"] as? Int == 50, "stats: \(stats)")
        #expect(try sandbox.ok("wallet").hasPrefix("Balance: 30 DD"))
    }

    @Test func theLedgerIsInTimeOrderOnEveryMachineWhateverOrderSyncBroughtItIn() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = SyncCommandTests.Machine(sandbox: sandbox, name: "laptop")
        let desktop = SyncCommandTests.Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Work", "--reward", "100")
        try laptop.ok("done", "work")
        try laptop.ok("shop", "add", "Coffee", "--price", "10")
        for machine in [laptop, desktop] { try machine.ok("config", "sync-dir", share) }
        try laptop.ok("sync")
        try desktop.ok("sync")
        try desktop.ok("shop", "buy", "coffee", at: "2026-11-21T09:10")
        try laptop.ok("shop", "buy", "coffee", at: "2026-11-21T09:20")
        try laptop.ok("sync", at: "2026-11-21T09:30")
        try desktop.ok("sync", at: "2026-11-21T09:31")
        try laptop.ok("sync", at: "2026-11-21T09:32")
        let ledger = try laptop.ok("ledger", at: "2026-11-21T09:40")
        // (A reward that came by sync says so in its memo.)
        let other = try desktop.ok("ledger", at: "2026-11-21T09:40").replacingOccurrences(of: " (sync)", with: "")
        #expect(ledger == other, "laptop:\n\(ledger)\ndesktop:\n\(other)")
        let times = ledger.split(separator: "\n").compactMap { line in line.split(separator: " ").dropFirst().first.map(String.init) }
            .filter { $0.count == 5 && $0.contains(":") }
        #expect(times == times.sorted(by: >), "ledger: \(ledger)")
        #expect(times.prefix(2) == ["09:20", "09:10"], "ledger: \(ledger)")
    }

    @Test func anUnknownLedgerKindListsTheKindsAndTheShopsWordsWork() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Work", "--reward", "100")
        try sandbox.ok("done", "work")
        try sandbox.ok("shop", "add", "Coffee", "--price", "10")
        try sandbox.ok("shop", "buy", "coffee")
        try sandbox.expectFailure(["ledger", "--kind", "purchased"],
                                  mentioning: "there is no ledger kind 'purchased': use quest-reward, redemption, undo")
        let purchases = try sandbox.ok("ledger", "--kind", "purchase")
        #expect(purchases.contains("redemption") && !purchases.contains("quest-reward"), "ledger: \(purchases)")
    }
}
