import CSQLite
import Foundation
import QuestsCore

/// A read-only examination of a store file: SQLite's own integrity checks and the invariants quests
/// relies on. It opens the file read-only and never migrates or changes it.
public struct StoreCheckup: Sendable {
    /// One examined invariant: what was checked, and what is wrong with it (nothing when it holds).
    public struct Check: Sendable {
        public let name: String
        /// What was found when the invariant holds, e.g. "142 entries, balance 380 DD".
        public let summary: String
        public let problems: [String]

        public var passed: Bool { problems.isEmpty }
    }

    public let path: String
    /// The schema version the file records (0 when it could not be read).
    public let schemaVersion: Int
    public let checks: [Check]

    /// Whether every check passed.
    public var isHealthy: Bool { checks.allSatisfy(\.passed) }

    /// At most this many problems of one kind are listed.
    static let listedProblems = 20

    /// Examines the store at `path` without changing it.
    public static func examine(path: String) throws -> StoreCheckup {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.noStore(path: path) }
        let connection = try Connection(path: path, access: .readOnly)
        let version: Int
        do {
            version = try Migrations.appliedVersion(connection)
        } catch StoreError.notAQuestsStore {
            return StoreCheckup(path: path, schemaVersion: 0, checks: [
                Check(name: "schema", summary: "", problems: ["the file is a SQLite database but not a quests store"]),
            ])
        } catch let error as DatabaseError where [SQLITE_NOTADB, SQLITE_CORRUPT].contains(error.primaryCode) {
            return StoreCheckup(path: path, schemaVersion: 0, checks: [
                Check(name: "integrity", summary: "", problems: ["not a readable SQLite database (\(error.message))"]),
            ])
        }
        var checks = [try integrity(connection)]
        checks.append(schema(version))
        // The remaining checks read tables of known schema versions: the shop and achievements came with
        // version 3, the per-day counts kept in Swift with 5. An older store is checked as far as it goes.
        guard version <= Migrations.latestVersion else { return StoreCheckup(path: path, schemaVersion: version, checks: checks) }
        if version >= 3 {
            // A store that syncs may be in debt (docs/sync.md): only a sync can leave one, the store refuses it otherwise.
            let syncs = try connection.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sync_state'").firstRow { $0.int(0) } != nil
                && QuestStore(examining: connection).syncReplica() != nil
            let problems = try QuestStore(examining: connection).ledgerProblems().filter {
                guard syncs, case .overdrawn = $0 else { return true }
                return false
            }
            checks += [try foreignKeys(connection), try ledger(connection, debtAllowed: syncs), payments(problems), try orphans(problems, connection)]
        }
        if version >= 5 { checks.append(try dayCounts(QuestStore(examining: connection))) }
        return StoreCheckup(path: path, schemaVersion: version, checks: checks)
    }

    private static func integrity(_ connection: Connection) throws -> Check {
        let messages = try connection.prepare("PRAGMA integrity_check").rows { $0.text(0) }
        return Check(name: "integrity", summary: "SQLite integrity check ok", problems: messages == ["ok"] ? [] : messages)
    }

    private static func schema(_ version: Int) -> Check {
        let latest = Migrations.latestVersion
        if version > latest {
            return Check(name: "schema", summary: "", problems: ["schema \(version) was written by a newer quests (this one knows up to \(latest))"])
        }
        let note = version < latest ? " (upgraded to \(latest) on next use)" : ""
        return Check(name: "schema", summary: "version \(version)\(note)", problems: [])
    }

    private static func foreignKeys(_ connection: Connection) throws -> Check {
        let problems = try connection.prepare("PRAGMA foreign_key_check").rows { row in
            "\(row.text(0)) row \(row.int(1)) points at a missing \(row.text(2))"
        }
        return Check(name: "foreign keys", summary: "every reference resolves", problems: problems)
    }

    private static func ledger(_ connection: Connection, debtAllowed: Bool) throws -> Check {
        let totals = try connection.prepare("""
            SELECT count(*), coalesce(sum(amount), 0),
                   coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0)
            FROM ledger_entry
            """).firstRow { (entries: $0.int(0), sum: $0.int(1), balance: $0.int(2)) }
        guard let totals else { return Check(name: "ledger", summary: "", problems: ["cannot read the ledger"]) }
        var problems: [String] = []
        if totals.sum != totals.balance {
            problems.append("the balance is \(totals.balance) DD but the entries sum to \(totals.sum) DD")
        }
        problems += try connection.prepare("""
            SELECT id, running_balance, previous + amount FROM (
                SELECT id, amount, running_balance, lag(running_balance, 1, 0) OVER (ORDER BY id) AS previous
                FROM ledger_entry)
            WHERE running_balance <> previous + amount OR (running_balance < 0 AND NOT ?)
            ORDER BY id LIMIT \(listedProblems)
            """).rows([.integer(debtAllowed ? 1 : 0)]) { "entry \($0.int(0)) has running balance \($0.int(1)) DD instead of \($0.int(2)) DD" }
        return Check(name: "ledger", summary: "\(totals.entries == 1 ? "1 entry" : "\(totals.entries) entries"), balance \(totals.balance) DD = sum of entries", problems: problems)
    }

    /// The ledger's amounts and counts under `LedgerAudit`: every reward the one in force, every undo what
    /// it took back, every completion paid at most once, every purchase debited once and refunded at most
    /// once, and a balance never below zero.
    private static func payments(_ problems: [LedgerProblem<String>]) -> Check {
        let listed = problems.compactMap { problem -> String? in
            switch problem {
            case .wrongAmount(let entry, let kind, let amount, let expected):
                "ledger entry \(entry) (\(kind.rawValue)) is \(amount) DD instead of \(expected) DD"
            case .paidAgain(_, let completion, let times):
                "completion \(completion) was paid \(times) times"
            case .debited(let purchase, let price, let times):
                "purchase \(purchase) for \(price) DD was debited \(times) times"
            case .refundedAgain(let entry, let purchase):
                "purchase \(purchase) was refunded again by ledger entry \(entry)"
            case .overdrawn(let entry, let balance):
                "ledger entry \(entry) takes the balance to \(balance) DD"
            case .unknownQuest, .missingReference, .unknownReference:
                nil
            }
        }
        return Check(name: "payments", summary: "every completion paid once and right, every purchase debited once",
                     problems: Array(listed.prefix(listedProblems)))
    }

    /// Records that point at nothing: rewards for completions that neither exist nor were undone, undos
    /// of nothing, debits and refunds of purchases that do not exist, quests without a schedule, unknown
    /// achievements.
    private static func orphans(_ ledgerProblems: [LedgerProblem<String>], _ connection: Connection) throws -> Check {
        var problems = ledgerProblems.compactMap { problem -> String? in
            switch problem {
            case .unknownQuest(let completion, let quest):
                "completion \(completion) is of quest #\(quest), which does not exist"
            case .missingReference(let entry, let kind):
                "ledger entry \(entry) (\(kind.rawValue)) refers to nothing"
            case .unknownReference(let entry, .questReward, let completion):
                "ledger entry \(entry) (quest-reward) pays completion \(completion), which does not exist and was not undone"
            case .unknownReference(let entry, .undo, let completion):
                "ledger entry \(entry) (undo) takes back a reward for \(completion) that was not paid"
            case .unknownReference(let entry, let kind, let purchase):
                "ledger entry \(entry) (\(kind.rawValue)) refers to purchase \(purchase), which does not exist"
            case .wrongAmount, .paidAgain, .debited, .refundedAgain, .overdrawn:
                nil
            }
        }.prefix(listedProblems).map { $0 }
        problems += try connection.prepare("""
            SELECT number, title FROM quest q WHERE NOT EXISTS (SELECT 1 FROM quest_version v WHERE v.quest = q.number)
            LIMIT \(listedProblems)
            """).rows { "quest #\($0.int(0)) \($0.text(1)) has no schedule" }
        let known = Set(Achievement.all.map(\.id))
        problems += try connection.prepare("SELECT key FROM achievement").rows { $0.text(0) }
            .filter { !known.contains($0) }.map { "unknown achievement \($0)" }
        return Check(name: "orphans", summary: "no record points at nothing", problems: problems)
    }

    /// The per-day counts the store keeps for streaks against a count of the completions themselves with
    /// the same rule (`DayRule.count`).
    private static func dayCounts(_ store: QuestStore) throws -> Check {
        let expected = QuestHistory.dayCounts(of: try store.completionPairs(), quests: try store.quests())
        let stored = try store.connection.prepare("SELECT day, completed, unscheduled FROM day_count").rows {
            (day: $0.text(0), completed: $0.int(1), unscheduled: $0.int(2))
        }
        typealias Counts = (completed: Int, unscheduled: Int)
        var counts: [String: (expected: Counts, stored: Counts)] = [:]
        for count in expected { counts[count.day.description] = ((count.completed, count.unscheduled), (0, 0)) }
        for row in stored { counts[row.day, default: ((0, 0), (0, 0))].stored = (row.completed, row.unscheduled) }
        let problems = counts.filter { $0.value.expected != $0.value.stored }.sorted { $0.key < $1.key }.prefix(listedProblems)
            .map { day, count in
                count.expected.completed != count.stored.completed
                    ? "\(day) counts \(count.stored.completed) completed quests, the completions say \(count.expected.completed)"
                    : "\(day) counts \(count.stored.unscheduled) completed quests not scheduled that day, the schedules say \(count.expected.unscheduled)"
            }
        return Check(name: "day counts", summary: "\(expected.count) days with completions, counted right", problems: problems)
    }
}
