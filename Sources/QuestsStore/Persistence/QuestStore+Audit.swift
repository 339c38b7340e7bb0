import FoundationEssentials
import QuestsCore

extension Database {
    /// The store's ledger problems under `LedgerAudit`'s rules, the ones a backup must keep. Records are
    /// named by their stored UUID text (quests by number), so damaged text is reported, not thrown.
    /// Completions of quests that are not there are left to the foreign key check. Its reads should see
    /// one snapshot: a transaction's, or a database no one else writes (doctor's). `quests`, when given, are
    /// the store's quests (doctor reads an older store's as its schema holds them).
    func ledgerProblems(quests: [Quest]? = nil) throws -> [LedgerProblem<String>] {
        var schedules: [String: [ScheduleVersion]] = [:]
        for quest in try quests ?? self.quests() { schedules[String(quest.number)] = quest.versions }
        let completions = try prepare(
            "SELECT c.uuid, c.quest, c.day FROM completion c JOIN quest q ON q.number = c.quest ORDER BY c.id"
        )
        .rows { row in
            guard let day = row.day(2) else {
                throw StoreError.damagedRecord(.record(.completions, .text(row.text(0)), field: "day"))
            }
            return LedgerAudit.Completion(id: row.text(0), quest: String(row.int(1)), day: day)
        }
        let ledger = try prepare("SELECT uuid, amount, kind, reference FROM ledger_entry ORDER BY id").rows {
            row in
            guard let kind = LedgerKind(rawValue: row.text(2)) else {
                throw StoreError.damagedRecord(.record(.ledger, .text(row.text(0)), field: "kind"))
            }
            return LedgerAudit.Entry(id: row.text(0), amount: row.int(1), kind: kind, reference: row.optionalText(3))
        }
        let purchases = try prepare("SELECT uuid, price FROM redemption ORDER BY id").rows {
            LedgerAudit.Purchase(id: $0.text(0), price: $0.int(1))
        }
        return LedgerAudit.problems(
            schedules: schedules, completions: completions, ledger: ledger, purchases: purchases,
            focus: try focusAuditRecords(), synced: try hasSynced())
    }
}
