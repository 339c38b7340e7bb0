import FoundationEssentials
import QuestsCore

extension Database {
    /// The query that reads the balance: the last entry's running total, through the primary key. The floor
    /// binary the benchmark measures against runs it too (`StoreFloor`).
    static let balanceQuery = "SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1"

    /// The Daily Dollars balance: the sum of every ledger entry (kept as the last entry's running total).
    func balance() throws -> Int {
        try cached(Self.balanceQuery).firstRow { $0.int(0) } ?? 0
    }

    /// Appends an entry, its running balance the balance before it plus its amount; the store refuses one
    /// that would take the balance below zero. (The balance is read with `balance()`, whose statement the
    /// caller's own reading of the balance then reuses, rather than in a subquery of the insert.)
    func append(_ entry: LedgerEntry) throws {
        // Only a freeze keeps its day.
        let kept = LedgerEntry(
            id: entry.id, at: entry.at, amount: entry.amount, kind: entry.kind, reference: entry.reference,
            memo: entry.memo, day: entry.kind == .freeze ? entry.day : nil)
        try insert(
            kept, as: LedgerEntry.declaration,
            extra: [("running_balance", .integer(Int64(try balance() + entry.amount)))])
    }

    /// The net amount of the entries referring to `reference` (what a completion credited, after undos).
    func netAmount(referringTo reference: UUID) throws -> Int {
        try cached("SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE reference = ?")
            .firstRow([.uuid(reference)]) { $0.int(0) } ?? 0
    }

    /// Ledger entries, newest first by the moment they were made (ties by the order they were recorded in: the same order on every
    /// machine, whatever order sync brought them in), optionally only of `kinds`, on or after `since`, and at
    /// most `limit`; each with the balance after it in that order.
    func ledgerEntries(kinds: Set<LedgerKind> = [], since: Date? = nil, limit: Int? = nil) throws -> [(
        entry: LedgerEntry, balanceAfter: Int
    )] {
        var sql = "SELECT " + columnList(LedgerEntry.declaration) + " FROM ledger_entry"
        var values: [SQLValue] = []
        if let since {
            sql += " WHERE at >= ?"
            values.append(.timestamp(since))
        }
        sql += " ORDER BY at DESC, id DESC"
        if let limit, kinds.isEmpty {
            sql += " LIMIT ?"
            values.append(.integer(Int64(limit)))
        }
        // The balance after the newest entry is the whole balance; each older one's is the next one's less
        // the next one's amount (entries of other kinds count too, shown or not).
        var balanceAfter = try balance()
        var lines: [(entry: LedgerEntry, balanceAfter: Int)] = []
        try prepare(sql).forEachRow(values) { row in
            let entry = try row.record(LedgerEntry.declaration)
            if (kinds.isEmpty || kinds.contains(entry.kind)) && lines.count < limit ?? .max {
                lines.append((entry, balanceAfter))
            }
            balanceAfter -= entry.amount
        }
        return lines
    }

    /// Every ledger entry, oldest first.
    func allLedgerEntries() throws -> [LedgerEntry] {
        try records(LedgerEntry.declaration, orderBy: "id")
    }

}
