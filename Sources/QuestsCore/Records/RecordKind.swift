import FoundationEssentials

/// One kind of record a store keeps, declared once, beside its record, with what every part that handles
/// all kinds needs: its name in reports, its array in backups with the version that added it, how sync
/// carries it, how an import merges it, whether the ledger rules read it, and where summaries name it.
/// `RecordKind.all` (beside `Backup`'s properties) is the registry that the backup codec, the import report,
/// sync, the summaries and the error wording iterate; a record's fields are its `RecordDeclaration`'s.
public struct RecordKind: Sendable, Equatable, CustomStringConvertible {
    /// How sync carries a kind's records between machines (docs/sync.md).
    public enum SyncStrategy: Sendable, Equatable {
        /// Each field by its last writer (a quest's title, a reward's price).
        case lastWriterPerField
        /// Written once and never changed; taken back by a record of its own (a ledger entry, a purchase).
        case writtenOnce
        /// Fields by their last writer, and a deletion that stays: a tombstone any later edit leaves deleted.
        case tombstoned
        /// Only ever added to; an entry taken back is marked, never removed (an amount).
        case growOnly
    }

    /// One sync kind: the name its changes carry in sync files, and how it syncs.
    public struct Synced: Sendable, Equatable {
        public let name: String
        public let strategy: SyncStrategy

        /// Whether its records change field by field (and so keep registers from the first sync on); the
        /// others are written whole.
        public var changesFieldByField: Bool { strategy != .writtenOnce }
    }

    /// Where a backup's, a restore's or an import's one-line summary names a kind.
    public enum Summary: Sendable, Equatable {
        /// Always, a count of zero too.
        case always
        /// Only when it holds any.
        case whenAny
        /// Never (what the user does not think of as records: settings, celebrated days).
        case never
    }

    /// The kind's name in reports (`import --json`'s keys) and the stem of its words in the catalog.
    public let name: String
    /// The document's array of its records in backups (`Backup`'s property of the same name).
    public let backupKey: String
    /// The table a store keeps its records in.
    public let table: String
    /// The backup document version that added the kind; an older document has none of its records.
    public let since: Int
    /// The sync kinds that carry it (a quest's schedule versions travel as a kind of their own), in the
    /// order they are applied.
    public let synced: [Synced]
    /// Whether the ledger's rules (`LedgerAudit`) read its records: adding one can break them.
    public let movesLedger: Bool
    public let summary: Summary
    /// How many records of the kind a backup holds.
    public let count: @Sendable (Backup) -> Int
    /// For a kind a store keeps just as its declaration says, a row per record: how a backup reads its
    /// records from a store and puts them in an empty one. nil: the store keeps it its own way.
    public let stored: Stored?
    /// Its array in backups (made when a backup is read or written, not by every command).
    let backupField: @Sendable () -> JSONRecord<Backup>.Field
    /// Checks a backup's records of the kind among themselves (its `RecordChecks`); nil for a kind whose
    /// records `Backup.validate` checks with the history (completions and the ledger).
    let check: (@Sendable (Backup) throws(BackupError) -> Void)?
    /// The column values of its records' UUIDs in a backup, which records pointing at them must name.
    let uuids: @Sendable (Backup) -> Set<ColumnValue>

    public var description: String { name }

    /// How a backup's records of a kind go from a store and into an empty one, and how an import merges
    /// them into a store that holds records already.
    public struct Stored: Sendable {
        /// The order the store lists its records in (SQL after `ORDER BY`), as backups hold them.
        public let order: String
        public let load: @Sendable (any DeclaredRecords, inout Backup) throws -> Void
        public let add: @Sendable (any DeclaredRecords, Backup) throws -> Void
        /// Merges a backup's records into a store by the kind's `ImportRule`; nil: the store merges them by
        /// rules of its own (records that pay, that count days, or that the store numbers).
        let merge: (@Sendable (any DeclaredRecords, Backup) throws -> ImportCounts)?
    }

    /// Merges `backup`'s records of the kind into `store` by the kind's `ImportRule`, and counts them;
    /// nil when the store merges the kind by rules of its own.
    public func merge(_ backup: Backup, into store: any DeclaredRecords) throws -> ImportCounts? {
        guard let merge = stored?.merge else { return nil }
        do {
            return try merge(store, backup)
        } catch let refused as ImportConflict {
            throw conflict(at: refused.index)
        }
    }

    /// The refusal of a backup whose record of the kind at `index` differs from the store's of the same key.
    public func conflict(at index: Int) -> BackupError {
        .invalid(JSONError(path: "\(backupKey)[\(index)]", problem: .differentRecordWithSameUUID(self)))
    }

    public static func == (left: RecordKind, right: RecordKind) -> Bool { left.name == right.name }

    /// The kind whose records `declaration` declares, kept in backups as the array `path`, one per line,
    /// whose records keep `checks` there; a store keeps them as declared when `order` (SQL after `ORDER BY`)
    /// says the order backups list them in, and an import merges them by `imported` (nil: by the store's own
    /// rules).
    init<Record>(
        _ name: String, _ path: WritableKeyPath<Backup, [Record]> & Sendable, _ declaration: RecordDeclaration<Record>,
        key: String, since: Int = 1, synced: [Synced], movesLedger: Bool = false, summary: Summary = .whenAny,
        checks: RecordChecks<Record>? = nil, storedInOrderOf order: String? = nil,
        imported rule: ImportRule<Record>? = nil
    ) {
        var merge: (@Sendable (any DeclaredRecords, Backup) throws -> ImportCounts)?
        if let rule {
            merge = { store, backup in try rule.merge(backup[keyPath: path], as: declaration, into: store) }
        }
        var check: (@Sendable (Backup) throws(BackupError) -> Void)?
        if let checks {
            check = { backup throws(BackupError) in
                try checks.check(backup[keyPath: path], as: declaration, key: key, in: backup)
            }
        }
        let uuids: @Sendable (Backup) -> Set<ColumnValue> = { backup in
            guard declaration.columns.contains("uuid") else { return [] }
            let uuid = declaration.field("uuid")
            return Set(backup[keyPath: path].map(uuid.columnValue))
        }
        self.init(
            name, key: key, table: declaration.table, since: since, synced: synced, movesLedger: movesLedger,
            summary: summary, count: { $0[keyPath: path].count },
            backupField: { .init(key, path, .array(.object(declaration.backup), .lines), since: since) },
            check: check, uuids: uuids,
            stored: order.map { order in
                Stored(
                    order: order,
                    load: { store, backup in backup[keyPath: path] = try store.records(declaration, orderedBy: order) },
                    add: { store, backup in
                        for record in backup[keyPath: path] { try store.add(record, as: declaration) }
                    }, merge: merge)
            })
    }

    init(
        _ name: String, key: String, table: String, since: Int = 1, synced: [Synced], movesLedger: Bool = false,
        summary: Summary = .whenAny, count: @escaping @Sendable (Backup) -> Int,
        backupField: @escaping @Sendable () -> JSONRecord<Backup>.Field,
        check: (@Sendable (Backup) throws(BackupError) -> Void)? = nil,
        uuids: @escaping @Sendable (Backup) -> Set<ColumnValue> = { _ in [] }, stored: Stored? = nil
    ) {
        self.name = name
        backupKey = key
        self.table = table
        self.since = since
        self.synced = synced
        self.movesLedger = movesLedger
        self.summary = summary
        self.count = count
        self.backupField = backupField
        self.check = check
        self.uuids = uuids
        self.stored = stored
    }

    /// The kind whose records a store keeps in `table`; nil for none.
    public static func kept(in table: String) -> RecordKind? { all.first { $0.table == table } }

    /// The kind named `name` in reports; nil for none.
    public static func named(_ name: String) -> RecordKind? { all.first { $0.name == name } }

    /// The sync kind named `name`, with the record kind it carries; nil for none.
    public static func synced(_ name: String) -> (kind: RecordKind, synced: Synced)? {
        for kind in all {
            if let synced = kind.synced.first(where: { $0.name == name }) { return (kind, synced) }
        }
        return nil
    }
}

/// A store's reading and writing of the kinds it keeps just as their declarations say, a row per record
/// (`RecordKind.stored`).
public protocol DeclaredRecords {
    /// Every record of `declaration`'s table, in `order` (SQL after `ORDER BY`).
    func records<Record>(_ declaration: RecordDeclaration<Record>, orderedBy order: String) throws -> [Record]
    /// Adds `record` to `declaration`'s table.
    func add<Record>(_ record: Record, as declaration: RecordDeclaration<Record>) throws
    /// The record of `declaration`'s table whose `key` column holds `record`'s value of it, if any.
    func record<Record>(_ declaration: RecordDeclaration<Record>, on key: String, of record: Record) throws -> Record?
    /// Changes the record whose `key` column holds `record`'s value of it to `record`.
    func replace<Record>(_ record: Record, as declaration: RecordDeclaration<Record>, on key: String) throws
}

/// What an import did with a backup's records of one kind.
public struct ImportCounts: Sendable, Equatable {
    /// New here, now added (or taking the place of this store's: a delete).
    public var added = 0
    /// Already here (the same UUID, or the same achievement, day or setting).
    public var present = 0
    /// Not added: this store's stands (the quest was already completed here that day, the completion was
    /// undone here, the entry was edited here).
    public var skipped = 0

    public init() {}
}

/// How an import merges a backup's records of a kind into a store that may hold them, matched by the
/// kind's unique `key` column: a record the store lacks is added; one it holds is present when `same`
/// says the two agree. Otherwise the backup's takes its place when `replaces` says so (a delete stays
/// deleted); the import is refused when `refusesOthers` (a record written once has one content); and else
/// this store's stands (skipped).
public struct ImportRule<Record: Sendable>: Sendable {
    let key: String
    let same: @Sendable (_ here: Record, _ backup: Record) -> Bool
    let refusesOthers: Bool
    let replaces: @Sendable (_ here: Record, _ backup: Record) -> Bool

    /// Merged by `key`: two records of a key are the same when `same` says so, the whole record by default.
    static func byKey(
        _ key: String, same: @escaping @Sendable (Record, Record) -> Bool, refusingOthers: Bool = false,
        replacingWhen replaces: @escaping @Sendable (_ here: Record, _ backup: Record) -> Bool = { _, _ in false }
    ) -> Self {
        Self(key: key, same: same, refusesOthers: refusingOthers, replaces: replaces)
    }

    static func byKey(
        _ key: String, refusingOthers: Bool = false,
        replacingWhen replaces: @escaping @Sendable (_ here: Record, _ backup: Record) -> Bool = { _, _ in false }
    ) -> Self where Record: Equatable {
        byKey(key, same: ==, refusingOthers: refusingOthers, replacingWhen: replaces)
    }

    func merge(_ records: [Record], as declaration: RecordDeclaration<Record>, into store: any DeclaredRecords)
        throws -> ImportCounts
    {
        var counts = ImportCounts()
        for (index, record) in records.enumerated() {
            guard let here = try store.record(declaration, on: key, of: record) else {
                try store.add(record, as: declaration)
                counts.added += 1
                continue
            }
            if same(here, record) {
                counts.present += 1
            } else if replaces(here, record) {
                try store.replace(record, as: declaration, on: key)
                counts.added += 1
            } else if refusesOthers {
                throw ImportConflict(index: index)
            } else {
                counts.skipped += 1
            }
        }
        return counts
    }
}

/// The backup's record at `index` differs from the store's of the same key, under a rule that refuses it.
struct ImportConflict: Error {
    let index: Int
}
