import CSQLite
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One open SQLite database connection.
///
/// Every connection runs with foreign keys on and a busy timeout, so concurrent `quests` processes wait
/// for each other instead of failing with "database is locked".
final class Connection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How long a statement waits for another process's write lock before giving up.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// How a connection may use its database file.
    enum Access {
        case readWrite, readWriteCreate, readOnly

        var flags: Int32 {
            switch self {
            case .readWrite: return SQLITE_OPEN_READWRITE
            case .readWriteCreate: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readOnly: return SQLITE_OPEN_READONLY
            }
        }
    }

    /// Opens the database at `path`.
    ///
    /// A database in write-ahead-log mode is read through its `-shm` file, shared by every process that has
    /// it open. When that file cannot be made:
    /// - for lack of room (a full disk, a quota, a file size limit), the connection keeps the log's index in
    ///   its own memory instead (`locking_mode = EXCLUSIVE`), which SQLite allows while it holds the file
    ///   alone: other processes wait for it as they wait for a writer. Read-only, that lock needs the file
    ///   open for writing, so the connection is, and refuses writes with `query_only`.
    /// - read-only, in a folder the user may not write (or short of room, a file the user may not write):
    ///   when no log is pending (the usual state once every writer has closed it), the file alone holds
    ///   everything, and it is read as immutable.
    init(path: String, access: Access = .readWriteCreate) throws {
        var handle = try Self.open(path, flags: access.flags)
        if let failure = Self.firstRead(handle) {
            let noRoom = Self.noRoom.contains(failure.systemErrno)
            if failure.code == SQLITE_BUSY {
                // Another process holds the file, beyond the busy timeout: the first query would only wait again.
                throw Self.closing(handle)
            } else if noRoom, access != .readOnly || Glibc.access(path, W_OK) == 0 {
                sqlite3_close_v2(handle)
                handle = try Self.openAlone(path, access: access)
            } else if access == .readOnly, noRoom || [SQLITE_READONLY, SQLITE_CANTOPEN].contains(failure.code) {
                sqlite3_close_v2(handle)
                guard Self.fileSize(path + "-wal") ?? 0 == 0 else {
                    if noRoom {
                        throw DatabaseError(
                            code: SQLITE_FULL, message: "database or disk is full", systemErrno: failure.systemErrno)
                    }
                    throw StoreError.pendingLogNeedsWritableFolder
                }
                handle = try Self.open(Self.uri(path) + "?immutable=1", flags: access.flags | SQLITE_OPEN_URI)
            }
            // Any other failure comes back at the first query, where callers expect it.
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        try execute("PRAGMA foreign_keys = ON")
        // A statement's journal (what it changed, to take back should it fail halfway) stays in memory: on
        // disk, every row a long transaction writes (a sync applying thousands) would write the pages its
        // row and indexes changed to a temporary file first.
        try execute("PRAGMA temp_store = MEMORY")
    }

    /// How many rows this connection's statements have inserted, updated or deleted since it opened.
    var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// What `errno` says when a file may not grow: no room is left for it.
    static let noRoom: Set<Int32> = [ENOSPC, EDQUOT, EFBIG]

    /// Opens `path` to hold it alone, the write-ahead log's index in this connection's memory (`init`).
    ///
    /// Such a connection keeps every lock it took, even those of a read that gave up waiting: two of them
    /// starting at once would each hold the other back until the busy timeout. So while it waits for the
    /// file, it gives up at once, lets go, and tries again a few milliseconds later.
    private static func openAlone(_ path: String, access: Access) throws -> OpaquePointer {
        let deadline = ContinuousClock.now + .milliseconds(busyTimeoutMilliseconds)
        while true {
            let handle = try open(path, flags: (access == .readOnly ? .readWrite : access).flags)
            sqlite3_busy_timeout(handle, 0)
            // Before the first read, so that the index is never looked for in the -shm file.
            let settings = "PRAGMA locking_mode = EXCLUSIVE;" + (access == .readOnly ? "PRAGMA query_only = ON;" : "")
            guard sqlite3_exec(handle, settings, nil, nil, nil) == SQLITE_OK else { throw closing(handle) }
            guard firstRead(handle)?.code == SQLITE_BUSY else {
                sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
                return handle
            }
            guard ContinuousClock.now < deadline else { throw closing(handle) }
            sqlite3_close_v2(handle)
            usleep(useconds_t.random(in: 1_000...10_000))
        }
    }

    /// Reads the schema version: the first read opens the write-ahead log and its index, so whatever stops
    /// them shows here. Nil when it worked, else SQLite's primary result code and the system's `errno`.
    private static func firstRead(_ handle: OpaquePointer) -> (code: Int32, systemErrno: Int32)? {
        let code = sqlite3_exec(handle, "PRAGMA schema_version", nil, nil, nil)
        return code == SQLITE_OK ? nil : (code & 0xFF, sqlite3_system_errno(handle))
    }

    /// The error of the last call on `handle`, which it closes.
    private static func closing(_ handle: OpaquePointer) -> DatabaseError {
        let error = DatabaseError(
            code: sqlite3_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            systemErrno: sqlite3_system_errno(handle))
        sqlite3_close_v2(handle)
        return error
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: message)
        }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        return handle
    }

    /// `path` as a `file:` URI, so that SQLite reads query parameters after it.
    private static func uri(_ path: String) -> String {
        var encoded = ""
        for character in path {
            switch character {
            case "%", "?", "#":
                encoded += character.utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }
                    .joined()
            default: encoded.append(character)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : "file:" + encoded
    }

    private static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// Compiles `sql` into a statement.
    func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// A statement compiled once per connection and reused, for statements run once per record. Do not
    /// run the same SQL again from inside its own `rows` closure.
    func cached(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Replaces this database's whole content with `source`'s in one step (SQLite's online backup),
    /// waiting for other connections' locks within the busy timeout. Call outside a transaction.
    func replaceContents(with source: Connection) throws {
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw error(sqlite3_errcode(handle), sql: nil)
        }
        let code = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw error(code, sql: nil) }
    }

    /// Writes a copy of this database, page by page, into the new, empty database file at `path`. The copy
    /// keeps this database's journal mode (a write-ahead log) unless `rollbackJournal`: then it is a file
    /// that holds everything alone, read without a `-wal` or `-shm` file beside it (a snapshot), not synced
    /// to disk here: the caller syncs it once, complete.
    func copy(to path: String, rollbackJournal: Bool = false) throws {
        let destination = try Connection(path: path, access: .readWriteCreate)
        // Nothing to roll back to in a new file, which the caller keeps only once the copy is complete: no
        // journal, and so no journal to write and sync. (Its commit still syncs the file itself.)
        _ = try destination.prepare("PRAGMA journal_mode = OFF").firstRow { $0.text(0) }
        // A snapshot's writer syncs the finished file once itself, before naming it.
        if rollbackJournal { try destination.execute("PRAGMA synchronous = OFF") }
        try destination.replaceContents(with: self)
        // The pages copied say "write-ahead log"; switching back rewrites that in the file's header.
        if rollbackJournal { _ = try destination.prepare("PRAGMA journal_mode = DELETE").firstRow { $0.text(0) } }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int {
        Int(sqlite3_changes(handle))
    }

    /// The rowid of the last successful INSERT.
    var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Whether the database was opened read-only (the user may not write it).
    var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(
            code: sqlite3_extended_errcode(handle) == 0 ? code : sqlite3_extended_errcode(handle),
            message: String(cString: sqlite3_errmsg(handle)), sql: sql, systemErrno: sqlite3_system_errno(handle))
    }
}
