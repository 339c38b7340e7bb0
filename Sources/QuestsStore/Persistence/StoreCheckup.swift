import CSQLite
import FoundationEssentials
import QuestsCore

/// A read-only examination of a store file: SQLite's own integrity checks and the invariants quests
/// relies on. It opens the file read-only and never migrates or changes it. It reports typed findings;
/// the CLI words them.
public struct StoreCheckup: Sendable {
    /// One examined invariant: what was checked, and what is wrong with it (nothing when it holds).
    public struct Check: Sendable {
        public let kind: Kind
        /// What was found when the invariant holds.
        public let summary: Summary
        public let problems: [Finding]

        public var passed: Bool { problems.isEmpty }
    }

    /// The invariants examined, in the order they are checked.
    public enum Kind: Sendable, Equatable {
        case integrity, schema, foreignKeys, ledger, payments, orphans, dayCounts
        /// That no other store writes with this store's replica id (a copy of its file), checked when the
        /// store syncs and its folder can be listed.
        case replica
    }

    /// What a check found when its invariant holds.
    public enum Summary: Sendable, Equatable {
        /// The check did not get as far as a summary.
        case none
        case integrityOK
        /// The schema version, and the version it is upgraded to on next use when older.
        case schema(version: Int, upgradesTo: Int?)
        case referencesResolve
        case ledger(entries: Int, balance: Int)
        case paymentsRight
        case noOrphans
        case dayCounts(days: Int)
        /// The store syncs as `replica`, and its own folder holds only files it wrote.
        case replicaOwn(replica: String)
    }

    /// One thing wrong with a store.
    public enum Finding: Sendable, Equatable {
        case notAQuestsStore
        case unreadable(message: String)
        /// A line of SQLite's integrity check.
        case integrity(String)
        case newerSchema(version: Int, supported: Int)
        case danglingReference(table: String, row: Int, parent: String)
        case unreadableLedger
        case balanceMismatch(balance: Int, sum: Int)
        case runningBalance(entry: Int, recorded: Int, expected: Int)
        /// A ledger rule broken (`LedgerAudit`), records named by their stored UUID text.
        case ledger(LedgerProblem<String>)
        case questWithoutSchedule(number: Int, title: String)
        case unknownAchievement(String)
        case completedCount(day: String, stored: Int, expected: Int)
        case unscheduledCount(day: String, stored: Int, expected: Int)
        case skippedCount(day: String, stored: Int, expected: Int)
        /// `files` files in this store's own folder of the sync folder that it did not write: another store
        /// (a copy of this one) uses its replica id.
        case sharedReplica(replica: String, files: Int)
    }

    public let path: String
    /// The schema version the file records (0 when it could not be read).
    public let schemaVersion: Int
    public let checks: [Check]

    /// Whether every check passed.
    public var isHealthy: Bool { checks.allSatisfy(\.passed) }

    /// At most this many problems of one kind are listed.
    static let listedProblems = 20

    /// Examines the store at `path` without changing it. `listing` gives the files in a replica's folder of
    /// a sync folder (`listing(folder, replica)`), for the check that no other store uses this one's
    /// replica id; without it, that check is left out.
    public static func examine(path: String, listing: ((_ folder: String, _ replica: String) -> [String])? = nil) throws
        -> StoreCheckup
    {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.noStore(path: path) }
        let db = try Database(path: path, access: .readOnly)
        let version: Int
        do {
            version = try Migrations.appliedVersion(db)
        } catch StoreError.notAQuestsStore {
            return StoreCheckup(
                path: path, schemaVersion: 0,
                checks: [
                    Check(kind: .schema, summary: .none, problems: [.notAQuestsStore])
                ])
        } catch let error as DatabaseError where [SQLITE_NOTADB, SQLITE_CORRUPT].contains(error.primaryCode) {
            return StoreCheckup(
                path: path, schemaVersion: 0,
                checks: [
                    Check(kind: .integrity, summary: .none, problems: [.unreadable(message: error.message)])
                ])
        }
        var checks = [try integrity(db)]
        checks.append(schema(version))
        // The remaining checks read tables of known schema versions: the shop and achievements came with
        // version 3, the per-day counts kept in Swift with 5. An older store is checked as far as it goes.
        guard version <= Migrations.latestVersion else {
            return StoreCheckup(path: path, schemaVersion: version, checks: checks)
        }
        // Read once for the ledger's and the day counts' checks (from version 3); a store from before
        // schedule kinds is read as that schema held its quests.
        let quests: [Quest]
        if version < 3 {
            quests = []
        } else if version < Migrations.version(after: Migrations.scheduleKindsStep) {
            quests = try db.questsBeforeScheduleKinds()
        } else {
            quests = try db.quests()
        }
        if version >= 3 {
            // A store whose history synced may be in debt (`allowsDebt`, the rule backups keep).
            let problems = try db.ledgerProblems(quests: quests)
            checks += [
                try foreignKeys(db), try ledger(db, debtAllowed: db.allowsDebt()),
                payments(problems), try orphans(problems, db),
            ]
        }
        if version >= 5 {
            checks.append(
                try dayCounts(
                    db, quests: quests, withSkips: version >= Migrations.version(after: Migrations.skipsStep)))
        }
        if let listing, version >= Migrations.version(after: Migrations.syncFilesStep),
            let check = try replica(db, listing: listing)
        {
            checks.append(check)
        }
        return StoreCheckup(path: path, schemaVersion: version, checks: checks)
    }

    /// Whether this store's own folder holds files it did not write (`QuestStore.foreignOwnFiles`); nil
    /// when the store does not sync, or has no sync folder remembered.
    private static func replica(_ db: Database, listing: (String, String) -> [String]) throws -> Check? {
        guard let replica = try db.syncReplica(), let folder = try db.syncFolder() else { return nil }
        let foreign = try db.foreignOwnFiles(listing(folder, replica))
        return Check(
            kind: .replica, summary: .replicaOwn(replica: replica),
            problems: foreign.isEmpty ? [] : [.sharedReplica(replica: replica, files: foreign.count)])
    }

    private static func integrity(_ db: Database) throws -> Check {
        let messages = try db.prepare("PRAGMA integrity_check").rows { $0.text(0) }
        return Check(
            kind: .integrity, summary: .integrityOK, problems: messages == ["ok"] ? [] : messages.map(Finding.integrity)
        )
    }

    private static func schema(_ version: Int) -> Check {
        let latest = Migrations.latestVersion
        if version > latest {
            return Check(kind: .schema, summary: .none, problems: [.newerSchema(version: version, supported: latest)])
        }
        return Check(
            kind: .schema, summary: .schema(version: version, upgradesTo: version < latest ? latest : nil), problems: []
        )
    }

    private static func foreignKeys(_ db: Database) throws -> Check {
        let problems = try db.prepare("PRAGMA foreign_key_check").rows { row in
            Finding.danglingReference(table: row.text(0), row: row.int(1), parent: row.text(2))
        }
        return Check(kind: .foreignKeys, summary: .referencesResolve, problems: problems)
    }

    private static func ledger(_ db: Database, debtAllowed: Bool) throws -> Check {
        let totals = try db.prepare(
            """
            SELECT count(*), coalesce(sum(amount), 0),
                   coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0)
            FROM ledger_entry
            """
        ).firstRow { (entries: $0.int(0), sum: $0.int(1), balance: $0.int(2)) }
        guard let totals else { return Check(kind: .ledger, summary: .none, problems: [.unreadableLedger]) }
        var problems: [Finding] = []
        if totals.sum != totals.balance {
            problems.append(.balanceMismatch(balance: totals.balance, sum: totals.sum))
        }
        problems += try db.prepare(
            """
            SELECT id, running_balance, previous + amount FROM (
                SELECT id, amount, running_balance, lag(running_balance, 1, 0) OVER (ORDER BY id) AS previous
                FROM ledger_entry)
            WHERE running_balance <> previous + amount OR (running_balance < 0 AND NOT ?)
            ORDER BY id LIMIT \(listedProblems)
            """
        ).rows([.integer(debtAllowed ? 1 : 0)]) {
            Finding.runningBalance(entry: $0.int(0), recorded: $0.int(1), expected: $0.int(2))
        }
        return Check(
            kind: .ledger, summary: .ledger(entries: totals.entries, balance: totals.balance), problems: problems)
    }

    /// The ledger's amounts and counts under `LedgerAudit`: every reward the one in force, every undo what
    /// it took back, every completion paid at most once, every purchase debited once and refunded at most
    /// once, and a balance never below zero.
    private static func payments(_ problems: [LedgerProblem<String>]) -> Check {
        let listed = problems.filter { problem in
            switch problem {
            case .wrongAmount, .paidAgain, .debited, .refundedAgain, .overdrawn, .focusPaidWrong: true
            case .unknownQuest, .missingReference, .unknownReference: false
            }
        }
        return Check(
            kind: .payments, summary: .paymentsRight, problems: listed.prefix(listedProblems).map(Finding.ledger))
    }

    /// Records that point at nothing: rewards for completions that neither exist nor were undone, undos
    /// of nothing, debits and refunds of purchases that do not exist, quests without a schedule, unknown
    /// achievements.
    private static func orphans(_ ledgerProblems: [LedgerProblem<String>], _ db: Database) throws -> Check {
        var problems = ledgerProblems.filter { problem in
            switch problem {
            case .unknownQuest, .missingReference, .unknownReference: true
            case .wrongAmount, .paidAgain, .debited, .refundedAgain, .overdrawn, .focusPaidWrong: false
            }
        }.prefix(listedProblems).map(Finding.ledger)
        problems += try db.prepare(
            """
            SELECT number, title FROM quest q WHERE NOT EXISTS (SELECT 1 FROM quest_version v WHERE v.quest = q.number)
            LIMIT \(listedProblems)
            """
        ).rows { Finding.questWithoutSchedule(number: $0.int(0), title: $0.text(1)) }
        let known = Set(Achievement.all.map(\.id))
        problems += try db.prepare("SELECT key FROM achievement").rows { $0.text(0) }
            .filter { !known.contains($0) }.map(Finding.unknownAchievement)
        return Check(kind: .orphans, summary: .noOrphans, problems: problems)
    }

    /// The per-day counts the store keeps for streaks against a count of the completions themselves with
    /// the same rule (`DayRule.count`), and of the skips once the store has them (`Migrations.skipsStep`).
    private static func dayCounts(_ db: Database, quests: [Quest], withSkips: Bool) throws -> Check {
        let expected = QuestHistory.dayCounts(
            of: try db.completionPairs(), skips: withSkips ? try db.skips() : [], quests: quests)
        let stored = try db.prepare(
            withSkips
                ? "SELECT day, completed, unscheduled, skipped FROM day_count"
                : "SELECT day, completed, unscheduled, 0 FROM day_count"
        ).rows {
            (day: $0.text(0), completed: $0.int(1), unscheduled: $0.int(2), skipped: $0.int(3))
        }
        typealias Counts = (completed: Int, unscheduled: Int, skipped: Int)
        var counts: [String: (expected: Counts, stored: Counts)] = [:]
        for count in expected {
            counts[count.day.description] = ((count.completed, count.unscheduled, count.skipped), (0, 0, 0))
        }
        for row in stored {
            counts[row.day, default: ((0, 0, 0), (0, 0, 0))].stored = (row.completed, row.unscheduled, row.skipped)
        }
        let problems = counts.filter { $0.value.expected != $0.value.stored }.sorted { $0.key < $1.key }.prefix(
            listedProblems
        )
        .map { day, count in
            if count.expected.completed != count.stored.completed {
                return Finding.completedCount(
                    day: day, stored: count.stored.completed, expected: count.expected.completed)
            }
            if count.expected.unscheduled != count.stored.unscheduled {
                return Finding.unscheduledCount(
                    day: day, stored: count.stored.unscheduled, expected: count.expected.unscheduled)
            }
            return Finding.skippedCount(day: day, stored: count.stored.skipped, expected: count.expected.skipped)
        }
        return Check(kind: .dayCounts, summary: .dayCounts(days: expected.count), problems: problems)
    }
}

extension Database {
    /// Every quest of a store from before schedule kinds (`Migrations.scheduleKindsStep`), which doctor
    /// examines as it is, with its schedule history: every schedule runs on weekdays. A copy of the read of
    /// that schema, frozen as it was: `quests()` reads the schema its declarations describe.
    fileprivate func questsBeforeScheduleKinds() throws -> [Quest] {
        var versions: [Int: [ScheduleVersion]] = [:]
        try prepare(
            "SELECT quest, effective_from, time_minutes, weekdays, reward, archived FROM quest_version ORDER BY quest, effective_from"
        ).forEachRow { row in
            guard let day = row.day(1) else {
                throw StoreError.damagedRecord(
                    DamagedRecord(.scheduleVersion, .quest(row.int(0)), field: "effective_from"))
            }
            let schedule = Schedule(
                time: row.optionalInt(2).flatMap { TimeOfDay(minutes: $0) }, weekdays: WeekdaySet(rawValue: row.int(3)),
                reward: row.int(4), archived: row.int(5) != 0)
            versions[row.int(0), default: []].append(ScheduleVersion(effectiveFrom: day, schedule: schedule))
        }
        return try prepare("SELECT number, uuid, title, notes, created_day FROM quest ORDER BY number").rows { row in
            let number = row.int(0)
            guard let id = row.uuid(1), let created = row.day(4) else {
                throw StoreError.damagedRecord(.record(.quests, .quest(number)))
            }
            return Quest(
                id: id, number: number, title: row.text(2), notes: row.text(3), createdDay: created,
                versions: versions[number] ?? [])
        }
    }
}
