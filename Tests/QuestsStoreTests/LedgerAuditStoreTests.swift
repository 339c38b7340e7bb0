import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

@Suite struct LedgerAuditStoreTests {
    static let exportedAt = Date(timeIntervalSince1970: 1_795_000_000)

    func now(_ text: String) -> Now { TemporaryStore.now(text) }

    func document(_ store: QuestStore) throws -> String {
        String(
            decoding: try Backups(store).backup(appVersion: "9.9.9", exportedAt: Self.exportedAt).encoded(),
            as: UTF8.self)
    }

    /// Quests paid, edited the day they were done, undone; purchases debited and one refunded.
    func history() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(reward: 30), now: now("2026-11-01T09:00"))
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 50), now: now("2026-11-01T09:00"))
        for day in 1...6 { _ = try Completing(store).complete("read", now: now("2026-11-0\(day)T10:00")) }
        _ = try Completing(store).complete("run", now: now("2026-11-02T10:00"))
        _ = try Completing(store).complete("run", now: now("2026-11-03T10:00"))
        _ = try Completing(store).undo("run", now: now("2026-11-03T11:00"))
        _ = try QuestBoard(store).edit("read", changes: QuestChanges(reward: 40), now: now("2026-11-04T12:00"))
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 20)
        _ = try RewardShop(store).buy("cake", now: now("2026-11-05T20:00"))
        _ = try RewardShop(store).buy("cake", now: now("2026-11-06T20:00"))
        _ = try RewardShop(store).refundLastPurchase(now: now("2026-11-06T20:30"))
        return temporary
    }

    @Test func theStoresOwnHistoryIsHealthy() throws {
        let temporary = try history()
        #expect(try temporary.store.read { db in try db.ledgerProblems() } == [])
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    /// Two machines that both undid the same completion: the second undo is not booked (it used to debit
    /// twice, or be refused as an overdraw).
    @Test func anUndoMadeOnBothMachinesIsBookedOnce() throws {
        let laptop = try TemporaryStore()
        _ = try QuestBoard(laptop.store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 50), now: now("2026-11-01T09:00"))
        _ = try Completing(laptop.store).complete("run", now: now("2026-11-01T10:00"))
        let desktop = try TemporaryStore()
        try Backups(desktop.store).restore(
            try Backup.decode(Array(try document(laptop.store).utf8)), savingCurrentTo: desktop.folder + "/saved.sqlite"
        )
        _ = try Completing(laptop.store).undo("run", now: now("2026-11-01T11:00"))
        _ = try Completing(desktop.store).undo("run", now: now("2026-11-01T12:00"))
        let report = try Backups(laptop.store).importBackup(
            try Backup.decode(Array(try document(desktop.store).utf8)), dryRun: false)
        #expect(report[.ledger].skipped == 1)
        #expect(try Bookkeeping(laptop.store).balance() == 0)
        #expect(try StoreCheckup.examine(path: laptop.path).isHealthy)
    }

    /// The step that allows refunds keeps every row and id, and the ledger's indexes and triggers.
    @Test func theRefundMigrationKeepsTheLedger() throws {
        let temporary = try TemporaryStore()
        let path = temporary.folder + "/old.sqlite"
        do {
            let old = try TemporaryStore.olderStore(version: 4, at: path)
            try old.execute(
                """
                INSERT INTO ledger_entry (id, uuid, at, amount, kind, reference, memo, running_balance) VALUES
                    (1, 'A', '2026-11-01T10:00:00Z', 30, 'quest-reward', 'C', 'Read', 30),
                    (7, 'B', '2026-11-01T11:00:00Z', 5, 'bonus', NULL, 'gift', 35);
                """)
        }
        let store = try QuestStore(path: path, ids: .counting())
        let rows = try store.db.prepare(
            "SELECT id, uuid, amount, kind, running_balance FROM ledger_entry ORDER BY id"
        )
        .rows { "\($0.int(0)) \($0.text(1)) \($0.int(2)) \($0.text(3)) \($0.int(4))" }
        #expect(rows == ["1 A 30 quest-reward 30", "7 B 5 bonus 35"])
        let schema = try store.db.prepare(
            "SELECT name FROM sqlite_master WHERE tbl_name = 'ledger_entry' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name"
        )
        .rows { $0.text(0) }
        // The debt step rebuilt the table again, adding the trigger that allows a debt only from a sync,
        // the sync step the one that notes entries for sync, and the freeze step the index of freezes. (The
        // trigger that forgot the achievements' judgement went when writes came to be counted.) The last step
        // indexes it by time.
        #expect(
            schema == [
                "ledger_entry_by_reference", "ledger_entry_by_time", "ledger_entry_freezes", "ledger_entry_no_debt",
                "ledger_entry_no_delete", "ledger_entry_no_update",
                "ledger_entry_other_kinds", "ledger_entry_running_balance", "sync_entry_inserted",
            ])
        #expect(throws: DatabaseError.self) { try store.db.execute("DELETE FROM ledger_entry") }
        #expect(throws: DatabaseError.self) {
            try store.db.execute(
                "INSERT INTO ledger_entry (uuid, at, amount, kind, running_balance) VALUES ('X', '', 5, 'refund', 99)")
        }
        try store.db.execute(
            "INSERT INTO ledger_entry (uuid, at, amount, kind, running_balance) VALUES ('X', '', 5, 'refund', 40)")
        #expect(try Bookkeeping(store).balance() == 40)
    }

    /// Random damage to a valid backup (a changed UUID digit, amount or kind, a record dropped or
    /// repeated) is either refused, or what it restores passes doctor.
    @Test(arguments: 0..<4) func corruptedBackupsAreRefusedOrHealthy(batch: UInt64) throws {
        let source = try history()
        let lines = try document(source.store).components(separatedBy: "\n")
        var random = SplitMix(seed: 1000 + batch)
        var accepted = 0
        for _ in 0..<25 {
            var copy = lines
            let records = copy.indices.filter { copy[$0].hasPrefix("    {\"uuid\"") }
            let index = records[Int.random(in: 0..<records.count, using: &random)]
            var line = copy[index]
            switch Int.random(in: 0..<5, using: &random) {
            case 0:  // one hex digit of one UUID on the line
                var uuids: [Range<String.Index>] = []
                var rest = line.startIndex..<line.endIndex
                while let found = line.range(
                    of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", options: .regularExpression,
                    range: rest)
                {
                    uuids.append(found)
                    rest = found.upperBound..<line.endIndex
                }
                let uuid = uuids[Int.random(in: 0..<uuids.count, using: &random)]
                let digits = line[uuid].indices.filter { line[$0] != "-" }
                let at = digits[Int.random(in: 0..<digits.count, using: &random)]
                line.replaceSubrange(at...at, with: line[at] == "0" ? "1" : "0")
                copy[index] = line
            case 1:  // an amount or price
                let value = [1, 5, 20, 25, 30, 40, 50, 1000, -5, -20, -50].randomElement(using: &random)!
                copy[index] = line.replacingOccurrences(
                    of: #"("amount"|"price"):-?[0-9]+"#, with: "$1:\(value)", options: .regularExpression)
            case 2:  // a kind
                let kind = ["quest-reward", "undo", "redemption", "refund", "bonus", "adjustment"].randomElement(
                    using: &random)!
                copy[index] = line.replacingOccurrences(
                    of: #""kind":"[a-z-]+""#, with: "\"kind\":\"\(kind)\"", options: .regularExpression)
            case 3:  // dropped
                copy.remove(at: index)
                if !line.hasSuffix(","), copy[index - 1].hasSuffix(",") { copy[index - 1].removeLast() }
            default:  // repeated under a new UUID
                let fresh = UUID(
                    uuid: (
                        UInt8(batch), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0,
                        UInt8.random(in: 0...255, using: &random)
                    )
                ).uuidString
                let copied = line.replacingOccurrences(
                    of: #"^    \{"uuid":"[0-9A-F-]+""#, with: "    {\"uuid\":\"\(fresh)\"", options: .regularExpression)
                copy.insert(copied.hasSuffix(",") ? copied : copied + ",", at: index)
            }
            guard let backup = try? Backup.decode(Array(copy.joined(separator: "\n").utf8)) else { continue }
            accepted += 1
            let target = try TemporaryStore()
            try Backups(target.store).restore(backup, savingCurrentTo: target.folder + "/saved.sqlite")
            let checkup = try StoreCheckup.examine(path: target.path)
            #expect(
                checkup.isHealthy,
                "accepted but unhealthy: \(checkup.checks.flatMap(\.problems))\n\(copy[max(0, index - 1)...min(copy.count - 1, index + 1)].joined(separator: "\n"))"
            )
        }
        #expect(accepted > 0 && accepted < 25, "\(accepted) of 25 accepted")
    }
}
