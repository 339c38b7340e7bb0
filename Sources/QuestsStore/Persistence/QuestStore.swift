import CSQLite
import FoundationEssentials
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The quests store: one SQLite file holding quests, completions, the ledger and settings.
///
/// Reads go through `read`, writes through `write` (a `BEGIN IMMEDIATE` transaction), so that several
/// processes can use the same file at once without losing or double-counting anything. The store opens,
/// closes and hands out its database; what commands do with it are the use cases, small types over the
/// store, one family a file in `UseCases/` (`Completing(store).complete(…)`).
public final class QuestStore {
    /// The store's database: only `read`, `write` and `inDatabase` hand it out.
    private let database: Database

    /// The moment the command runs at, from the CLI edge: it stamps the changes a write makes for sync
    /// (docs/sync.md). Without it, a change is stamped one tick after the last.
    public var moment: Date? {
        get { database.moment }
        set { database.moment = newValue }
    }

    /// Runs once, outside any transaction, just before the first write of this store's records (`write`, a
    /// committed `writeWithoutStamping`, `replaceContents`; not `writeLocal`, whose tables are this
    /// machine's bookkeeping): the command line's automatic backup (`Snapshots.takeIfDue`). A command that
    /// only reads never runs it.
    public var beforeFirstWrite: ((QuestStore) -> Void)?

    /// Opens the store at `path`, creating it (and its folder, owner-only) on first use, and migrating
    /// its schema. A store written by a newer version is refused untouched. A store this process may read
    /// but not write, or that sits in a folder it may not write (where the write-ahead log cannot be kept),
    /// is opened read-only: reads work, writes fail as read-only. New records get their UUIDs from `ids`.
    public init(path: String, ids: IDs) throws {
        database = try Self.naming(path) {
            if access(path, F_OK) == 0, !Self.mayWrite(path) {
                return try Self.openReadOnly(path: path, ids: ids)
            }
            try Self.createIfMissing(path: path)
            let database: Database
            do {
                database = try Database(path: path, access: .readWrite, ids: ids)
                try Migrations.migrate(database)
            } catch let error as DatabaseError where error.primaryCode == SQLITE_CANTOPEN {
                throw StoreError.cannotOpen(path: path, reason: error.message)
            }
            try Self.useWriteAheadLog(database)
            return database
        }
    }

    /// Opens an existing store read-only, as it is: never creates, migrates or writes it, and never waits
    /// for a writer (readers of a write-ahead log do not). A store of another schema version is refused:
    /// `newerStore`, or `readOnlyNeedsUpgrade` for an older one.
    ///
    /// A read-only SQLite connection would leave an empty `-wal` and `-shm` beside the store; a
    /// read-write one that refuses writes (`query_only`) removes them as the last one out, like every
    /// quests process. A file this process may not write, or whose folder it may not write, is opened
    /// read-only, as `init(path:)` does.
    public init(readingExisting path: String) throws {
        var status = stat()  // not FileManager, whose first use costs a status line more than the check
        guard stat(path, &status) == 0 else { throw StoreError.noStore(path: path) }
        // Its `ids` are never used: this store writes nothing.
        database = try Self.naming(path) {
            let database = try Database(path: path, access: Self.mayWrite(path) ? .readWrite : .readOnly)
            try database.execute("PRAGMA query_only = ON")
            return database
        }
        let version = try Self.naming(path) { try Migrations.appliedVersion(database) }
        if version > Migrations.latestVersion {
            throw StoreError.newerStore(version: version, supported: Migrations.latestVersion)
        }
        if version < Migrations.latestVersion { throw StoreError.readOnlyNeedsUpgrade(path: path) }
    }

    /// An empty scratch store, for building a store's whole content before it replaces a file's: SQLite's
    /// private temporary file, removed when the store is closed, so that a long history's pages are not
    /// all held in memory.
    init(scratch: Void) throws {
        // Its `ids` are never used: restore loads records that have their UUIDs.
        database = try Database(path: "")
        try Migrations.migrate(database)
        // Nothing to roll back to and nothing to keep after a crash: a failed load throws it all away.
        _ = try database.prepare("PRAGMA journal_mode = OFF").firstRow { $0.text(0) }
        try database.execute("PRAGMA synchronous = OFF")
        // Room to build an index over a long history's rows without spilling its sort into more files.
        try database.execute("PRAGMA cache_size = -16384")
    }

    /// The schema version this build of quests writes.
    public static var schemaVersion: Int { Migrations.latestVersion }

    /// Runs `body` against one consistent snapshot of the store.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try database.readTransaction { try body(database) }
    }

    /// Runs `body` as one atomic write: everything it does lands, or nothing does; once the store syncs,
    /// the fields it changed are stamped in the same transaction.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        willWrite()
        return try database.writeTransaction {
            let before = database.totalChanges
            let result = try body(database)
            try database.stampChanges()
            try database.countWrite(since: before)
            return result
        }
    }

    /// Runs `body` as one atomic write of what this machine keeps for itself alone: the quests it reminded
    /// of, the focus check-ins it sent, the celebration each focus action showed last. Nothing is synced or
    /// backed up from those tables and nothing is derived from them, so the write is not stamped for sync
    /// and not counted (`countWrite`): the achievements' judgement, and the streak checkpoint it keeps, stay
    /// current. Any other table is written with `write`.
    func writeLocal<T>(_ body: (Database) throws -> T) throws -> T {
        try database.writeTransaction { try body(database) }
    }

    /// Runs `body` in a write transaction that does not stamp or count on its own: `body` does both itself
    /// (`Backups.importBackup`, which may be a dry run: rolled back at the end unless `commit`).
    func writeWithoutStamping<T>(commit: Bool, _ body: (Database) throws -> T) throws -> T {
        if commit { willWrite() }
        return try database.writeTransaction(commit: commit) { try body(database) }
    }

    /// Runs `body` outside any transaction, each statement on its own: for a single query (a balance, a
    /// setting), for work on the whole file (a copy), and for reads whose statements need not see one
    /// snapshot. Inside `read` or `write`, their own `db` is the one to use.
    func inDatabase<T>(_ body: (Database) throws -> T) rethrows -> T {
        try body(database)
    }

    /// Replaces this store's whole content with `source`'s in one step (`Database.replaceContents`). Call
    /// outside a transaction.
    func replaceContents(with source: QuestStore) throws {
        willWrite()
        try database.replaceContents(with: source.database)
    }

    /// Runs `beforeFirstWrite`, the first time only.
    private func willWrite() {
        guard let hook = beforeFirstWrite else { return }
        beforeFirstWrite = nil
        hook(self)
    }

    /// Opens a store this process may read but not write, as it is; one that needs upgrading is refused.
    private static func openReadOnly(path: String, ids: IDs) throws -> Database {
        let database = try Database(path: path, access: .readOnly, ids: ids)
        do {
            try Migrations.migrate(database)  // writes nothing when the schema is current
        } catch let error as DatabaseError where error.primaryCode == SQLITE_READONLY {
            throw StoreError.readOnlyNeedsUpgrade(path: path)
        }
        return database
    }

    /// Runs `body`, which opens the store at `path`: a file SQLite finds damaged, or that is no database at
    /// all, is named in the error.
    private static func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.kind == .damaged {
            throw StoreError.damagedFile(path: path, reason: error.message)
        }
    }

    /// Whether this process may write the existing store at `path`: the file, and the folder holding it,
    /// where SQLite keeps the write-ahead log.
    private static func mayWrite(_ path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return access(path, W_OK) == 0 && access(folder, W_OK) == 0
    }

    private static func createIfMissing(path: String) throws {
        var status = stat()  // not FileManager, whose first use costs every command more than the check
        if stat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { throw StoreError.isAFolder(path: path) }
            return
        }
        let fileManager = FileManager.default
        let folder = PathText.folder(of: path)
        if !folder.isEmpty, !fileManager.fileExists(atPath: folder) {
            do {
                try fileManager.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotCreateFolder(path: path)
            }
        }
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }

    /// Switches a new store to write-ahead logging. SQLite answers BUSY at once (without the busy
    /// handler) while another process has the file open, so this retries for up to the busy timeout.
    private static func useWriteAheadLog(_ database: Database) throws {
        let retryMilliseconds: Int32 = 5
        var waited: Int32 = 0
        while try database.prepare("PRAGMA journal_mode").firstRow([], { $0.text(0) })?.lowercased() != "wal" {
            do {
                _ = try database.prepare("PRAGMA journal_mode = WAL").firstRow { $0.text(0) }
            } catch let error as DatabaseError
                where error.primaryCode == SQLITE_BUSY && waited < Database.busyTimeoutMilliseconds
            {
                usleep(useconds_t(retryMilliseconds * 1000))
                waited += retryMilliseconds
            }
        }
        try database.execute("PRAGMA synchronous = NORMAL")
    }
}

extension Database {
    /// Counts one more write of the store when its transaction changed a row since `totalChanges` was
    /// `before`; last in the transaction. The achievements' judgement is current only while the
    /// count is the one it was made at (`isJudged`).
    func countWrite(since before: Int64) throws {
        guard totalChanges != before else { return }
        try cached("UPDATE store_change SET count = count + 1").run()
    }
}
