import Foundation
import QuestsCore

/// What `freeze buy` did.
public struct FreezeOutcome: Sendable {
    public let freeze: FreezePurchase
    public let price: Int
    public let balance: Int
    /// The freezes owned now, this one included.
    public let owned: Int
}

extension QuestStore {
    /// Buys a streak freeze for the `freeze-price` setting: checks the balance (the shop's rule) and
    /// appends a `freeze` ledger entry with today's day, in one `BEGIN IMMEDIATE` transaction.
    public func buyFreeze(now: Now) throws -> FreezeOutcome {
        try write { db in
            let id = db.ids.next()
            let price = try db.settings().freezePrice
            try Reward.checkAffordable(.streakFreeze, price: price, balance: try db.balance())
            let today = try db.position(at: now).day
            try db.append(
                LedgerEntry(
                    id: id, at: now.instant, amount: -price, kind: .freeze, reference: nil, memo: "",
                    day: today))
            return FreezeOutcome(
                freeze: FreezePurchase(id: id, day: today), price: price, balance: try db.balance(),
                owned: try db.freezeCoverage(today: today, zone: now.zone).owned.count)
        }
    }
}

extension Database {
    /// The streak freezes bought and not refunded, in the order they are used (`Freezes.queue`: by day).
    func freezePurchases() throws -> [FreezePurchase] {
        // Ordered here, not by SQLite: its sorter costs more to compile and run than a few purchases' sort.
        Freezes.queue(
            try cached(
                """
                SELECT uuid, day FROM ledger_entry f WHERE kind = 'freeze'
                AND NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = f.uuid AND e.kind = 'refund')
                """
            ).rows { row in
                guard let id = row.uuid(0), let day = row.day(1) else {
                    throw StoreError.damagedRecord("streak freeze \(row.text(0))")
                }
                return FreezePurchase(id: id, day: day)
            })
    }

    /// What the streak freezes did as of `today`, reading the history from the first freeze's day on.
    func freezeCoverage(today: LocalDay, zone: Zone) throws -> FreezeCoverage {
        let purchases = try freezePurchases()
        guard let first = purchases.first?.day, first <= today else {
            return Freezes.coverage(of: [], today: today, purchases: purchases)
        }
        let tallies = try history(since: first, zone: zone).tallies(from: first, through: today)
        return Freezes.coverage(of: tallies, today: today, purchases: purchases)
    }
}
