import FoundationEssentials

/// One kind of record a store keeps, declared once, beside its record, with what every part that handles
/// all kinds needs: its name in reports, its array in backups with the version that added it, how sync
/// carries it, whether the ledger rules read it, and where summaries name it. `RecordKind.all` (beside
/// `Backup`'s properties) is the registry that the backup codec, the import report, sync, the summaries and
/// the error wording iterate; a record's fields are its `RecordDeclaration`'s.
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

    public var description: String { name }

    /// How a backup's records of a kind go from a store and into an empty one.
    public struct Stored: Sendable {
        /// The order the store lists its records in (SQL after `ORDER BY`), as backups hold them.
        public let order: String
        public let load: @Sendable (any DeclaredRecords, inout Backup) throws -> Void
        public let add: @Sendable (any DeclaredRecords, Backup) throws -> Void
    }

    public static func == (left: RecordKind, right: RecordKind) -> Bool { left.name == right.name }

    /// The kind whose records `declaration` declares, kept in backups as the array `path`, one per line; a
    /// store keeps them as declared when `order` (SQL after `ORDER BY`) says the order backups list them in.
    init<Record>(
        _ name: String, _ path: WritableKeyPath<Backup, [Record]> & Sendable, _ declaration: RecordDeclaration<Record>,
        key: String, since: Int = 1, synced: [Synced], movesLedger: Bool = false, summary: Summary = .whenAny,
        storedInOrderOf order: String? = nil
    ) {
        self.init(
            name, key: key, table: declaration.table, since: since, synced: synced, movesLedger: movesLedger,
            summary: summary, count: { $0[keyPath: path].count },
            backupField: { .init(key, path, .array(.object(declaration.backup), .lines), since: since) },
            stored: order.map { order in
                Stored(
                    order: order,
                    load: { store, backup in backup[keyPath: path] = try store.records(declaration, orderedBy: order) },
                    add: { store, backup in
                        for record in backup[keyPath: path] { try store.add(record, as: declaration) }
                    })
            })
    }

    init(
        _ name: String, key: String, table: String, since: Int = 1, synced: [Synced], movesLedger: Bool = false,
        summary: Summary = .whenAny, count: @escaping @Sendable (Backup) -> Int,
        backupField: @escaping @Sendable () -> JSONRecord<Backup>.Field, stored: Stored? = nil
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
}
