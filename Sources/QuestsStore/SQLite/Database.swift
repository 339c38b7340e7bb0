import FoundationEssentials
import QuestsCore

/// The handle to an open store that a transaction's body receives (`QuestStore.read`, `write`; `inDatabase`
/// hands it out with no transaction): every statement runs through it, and every table-level primitive is a
/// method of it, so that a primitive cannot run without one. It also carries what those primitives take
/// from the store: where new records get their UUIDs and the moment that stamps changes for sync.
///
/// The connection underneath is its own; nothing outside this type reaches it.
final class Database {
    private let connection: Connection
    /// Where the records the primitives create get their UUIDs.
    let ids: IDs
    /// The moment the command runs at, from the CLI edge: it stamps the changes a write makes for sync
    /// (docs/sync.md). Without it, a change is stamped one tick after the last.
    var moment: Date?
    /// The declared columns of each table read so far, as `columnList` makes them.
    var columnLists: [String: String] = [:]

    /// Opens the database at `path` (`Connection.init`), its new records to get their UUIDs from `ids`.
    init(path: String, access: Connection.Access = .readWriteCreate, ids: IDs = .random) throws {
        connection = try Connection(path: path, access: access)
        self.ids = ids
    }

    /// How long a statement waits for another process's write lock before giving up.
    static var busyTimeoutMilliseconds: Int32 { Connection.busyTimeoutMilliseconds }

    // MARK: - Statements

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        try connection.execute(sql)
    }

    /// Compiles `sql` into a statement.
    func prepare(_ sql: String) throws -> Statement {
        try connection.prepare(sql)
    }

    /// A statement compiled once per connection and reused, for statements run once per record. Do not
    /// run the same SQL again from inside its own `rows` closure.
    func cached(_ sql: String) throws -> Statement {
        try connection.cached(sql)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { connection.changes }

    /// How many rows this connection's statements have inserted, updated or deleted since it opened.
    var totalChanges: Int64 { connection.totalChanges }

    /// The rowid of the last successful INSERT.
    var lastInsertRowID: Int64 { connection.lastInsertRowID }

    /// Whether the database was opened read-only (the user may not write it).
    var isReadOnly: Bool { connection.isReadOnly }

    /// Inserts `count` rows into `table`, `rowsPerStatement` rows per INSERT statement
    /// (`Connection.insertRows`). `values(i)` gives row `i`'s values in `columns` order.
    func insertRows(
        into table: String, columns: [String], count: Int, rowsPerStatement: Int = 64,
        values: (Int) -> [SQLValue]
    ) throws {
        try connection.insertRows(
            into: table, columns: columns, count: count, rowsPerStatement: rowsPerStatement, values: values)
    }

    /// Runs `body` with the tables' CHECK constraints not evaluated (`Connection.withoutCheckConstraints`).
    func withoutCheckConstraints<T>(_ body: () throws -> T) throws -> T {
        try connection.withoutCheckConstraints(body)
    }

    // MARK: - Transactions

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (`Connection.writeTransaction`); rolled back on any
    /// throw, and also on success when `commit` is false (a dry run).
    func writeTransaction<T>(commit: Bool = true, _ body: () throws -> T) throws -> T {
        try connection.writeTransaction(commit: commit, body)
    }

    /// Runs `body` in a read transaction, so every query sees the same snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try connection.readTransaction(body)
    }

    // MARK: - Whole files

    /// Replaces this database's whole content with `source`'s in one step (SQLite's online backup),
    /// waiting for other connections' locks within the busy timeout. Call outside a transaction.
    func replaceContents(with source: Database) throws {
        try connection.replaceContents(with: source.connection)
    }

    /// Writes a copy of this database, page by page, into the new, empty database file at `path`
    /// (`Connection.copy`; with `rollbackJournal`, a file that needs no `-wal` or `-shm` beside it).
    func copy(to path: String, rollbackJournal: Bool = false) throws {
        try connection.copy(to: path, rollbackJournal: rollbackJournal)
    }
}
