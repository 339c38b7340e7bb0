import FoundationEssentials
import QuestsCore

/// Ledger entries and the balance, as `wallet` and `ledger` show them.
public struct LedgerPage: Sendable {
    public let balance: Int
    /// The entries, newest first, each with the balance after it.
    public let lines: [(entry: LedgerEntry, balanceAfter: Int)]
}

/// The Daily Dollars: the balance and the ledger.
public struct Bookkeeping {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The Daily Dollars balance: the sum of every ledger entry (kept as the last entry's running total).
    public func balance() throws -> Int {
        try store.inDatabase { try $0.balance() }
    }

    /// The balance and the ledger entries, newest first, optionally only of `kinds`, from the start of the
    /// day `since` names on, and at most `limit`, as of `now`.
    public func ledger(kinds: Set<LedgerKind> = [], since: DayReference? = nil, limit: Int? = nil, now: Now) throws
        -> LedgerPage
    {
        try store.read { db in
            let start = try since.map { since in
                let settings = try db.settings()
                let day = since.day(today: now.position(dayStart: settings.dayStart).day)
                return now.zone.startOfDay(for: day, dayStart: settings.dayStart)
            }
            return LedgerPage(
                balance: try db.balance(), lines: try db.ledgerEntries(kinds: kinds, since: start, limit: limit))
        }
    }
}
