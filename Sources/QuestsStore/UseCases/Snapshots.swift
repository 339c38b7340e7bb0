import CSQLite
import FoundationEssentials
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// One automatic backup found in a folder (`Snapshots.list`).
public struct SnapshotEntry: Sendable, Equatable {
    /// Its path.
    public let path: String
    /// When it was taken, from its name.
    public let moment: Date
    /// Its size in bytes.
    public let size: Int
    /// How many quests and completions it holds; nil when it cannot be read as a store.
    public let quests: Int?
    public let completions: Int?
}

/// What `Snapshots.takeIfDue` did.
public enum SnapshotOutcome: Sendable, Equatable {
    /// None was due: automatic backups are off, today's exists, the store is empty or read-only, or one
    /// failed earlier today (it was said then).
    case notDue
    /// It took the snapshot at `path`, and removed the older ones beyond the newest `backup-keep`.
    case taken(path: String, removed: [String])
    /// It could not take one in `folder`, for `reason` (the system's or SQLite's words); the first failure
    /// of the day, to be said once (remembered in the store; when even that fails, `notDue`).
    case failed(folder: String, reason: String)
}

/// Why a file cannot be restored or imported as a snapshot.
public enum SnapshotError: Error, Equatable {
    /// The file is not a readable SQLite database, or fails SQLite's integrity check (its words).
    case damaged(reason: String)
    /// A SQLite database, but not a quests store.
    case notAQuestsStore
    /// A store of a newer schema than this quests knows.
    case newerStore(version: Int, supported: Int)
}

/// The automatic backups (SPEC 21, docs/backup.md): this machine's settings for them, taking the day's
/// snapshot, listing them, and reading one back as a backup document, which restore and import then take
/// through the same checks as a JSON backup.
///
/// A snapshot is SQLite's own copy of the store (its online backup, page by page, from one consistent
/// state), written under a temporary name in the folder (`.NAME.PID.partial`), synced, and only then given
/// its name, so a name of the snapshot form is always a whole one.
public struct Snapshots {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The keys of this machine's settings in `sync_state`, as `language` and the sync folder: never
    /// synced, never in a backup.
    private static let folderKey = "backup-dir"
    private static let keepKey = "backup-keep"
    /// The day today's snapshot failed, so that it is tried (and said) once a day.
    private static let failedKey = "backup-failed-day"

    // MARK: - Settings

    /// The folder `config backup-dir` chose on this machine, or nil for the default (beside the store).
    public func chosenFolder() throws -> String? {
        try store.inDatabase { try $0.state(Self.folderKey) }
    }

    /// Remembers the folder of this machine's snapshots; nil goes back to the default.
    public func setFolder(_ path: String?) throws {
        try store.write { db in
            if let path { try db.setState(Self.folderKey, path) } else { try db.removeState(Self.folderKey) }
        }
    }

    /// How many snapshots are kept (`config backup-keep`; 0: none are taken).
    public func keep() throws -> Int {
        try store.inDatabase { db in
            try db.state(Self.keepKey).flatMap(SnapshotSchedule.parseKeep) ?? SnapshotSchedule.defaultKeep
        }
    }

    /// Sets how many snapshots are kept; 0 turns automatic backups off.
    public func setKeep(_ keep: Int) throws {
        try store.write { db in try db.setState(Self.keepKey, String(keep)) }
    }

    /// The settings that stay with this machine through a restore, which replaces everything else.
    func machineSettings() throws -> [(String, String)] {
        try store.inDatabase { db in
            try [Self.folderKey, Self.keepKey].compactMap { key in try db.state(key).map { (key, $0) } }
        }
    }

    /// Sets again what `machineSettings` returned.
    func restoreMachineSettings(_ settings: [(String, String)]) throws {
        guard !settings.isEmpty else { return }
        try store.writeLocal { db in for (key, value) in settings { try db.setState(key, value) } }
    }

    // MARK: - Taking

    /// Takes today's snapshot into `folder` when one is due (`SnapshotSchedule.isDue`: the newest there is
    /// from an earlier day, or there is none) and the store holds something, then removes the snapshots
    /// beyond the newest `backup-keep`. `createFolder`: the folder may be made (owner-only) when missing;
    /// a folder chosen with `config backup-dir` must exist (a drive not mounted is not replaced by an empty
    /// folder). Never throws: a failure is returned, once a day, and the command goes on.
    public func takeIfDue(in folder: String, schedule: SnapshotSchedule, now: Now, createFolder: Bool)
        -> SnapshotOutcome
    {
        let today = now.position(dayStart: .midnight).day.description
        guard !store.inDatabase({ $0.isReadOnly }),
            let keep = try? keep(), keep > 0,
            (try? store.inDatabase({ try $0.state(Self.failedKey) })) != today,
            (try? store.inDatabase({ try $0.holdsRecords() })) == true
        else { return .notDue }
        do {
            var names = try Self.names(in: folder, creating: createFolder)
            guard SnapshotSchedule.isDue(newest: schedule.snapshots(among: names).first?.moment, keep: keep, now: now)
            else { return .notDue }
            let name = schedule.name(at: now.instant)
            let path = folder + "/" + name
            try Self.write(to: path) { temporary in
                try store.inDatabase { try $0.copy(to: temporary, rollbackJournal: true) }
            }
            if !names.contains(name) { names.append(name) }
            let removed = schedule.beyondKeep(keep, among: names).map { folder + "/" + $0 }
            for old in removed { unlink(old) }
            return .taken(path: path, removed: removed)
        } catch {
            // Said once a day, so only once remembered: a store that cannot note it (its own disk full, say)
            // cannot take the command's write either, whose refusal says why.
            guard (try? store.writeLocal({ db in try db.setState(Self.failedKey, today) })) != nil else {
                return .notDue
            }
            let reason =
                switch error {
                case let error as FileSystemFailure: error.reason
                case let error as DatabaseError: error.message
                default: String(describing: error)
                }
            return .failed(folder: folder, reason: reason)
        }
    }

    /// The names in `folder`, made first (owner-only) when missing and `creating`.
    private static func names(in folder: String, creating: Bool) throws -> [String] {
        if let names = listing(folder) { return names }
        guard creating, Glibc.errno == ENOENT else { throw FileSystemFailure.errno }
        guard mkdir(folder, 0o700) == 0 else { throw FileSystemFailure.errno }
        return []
    }

    /// The names in `folder` (not `.` and `..`), or nil when it cannot be read, `errno` saying why.
    private static func listing(_ folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes a new owner-only file at `path` through `fill`, which writes the temporary file it is given
    /// (`PartialFile`), so `path` is whole or absent.
    private static func write(to path: String, _ fill: (String) throws -> Void) throws {
        let file = try PartialFile(for: path)
        do {
            try fill(file.temporary)
        } catch {
            file.discard()
            throw error
        }
        try file.keep()
    }

    // MARK: - Listing

    /// The store's snapshots in `folder`, newest first (an empty list when there is no such folder).
    /// Temporary files and any file not named as one of this store's snapshots are not among them.
    public static func list(in folder: String, schedule: SnapshotSchedule) -> [SnapshotEntry] {
        schedule.snapshots(among: listing(folder) ?? []).compactMap { name, moment in
            let path = folder + "/" + name
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let counts = try? Self.counts(ofSnapshotAt: path)
            return SnapshotEntry(
                path: path, moment: moment, size: Int(status.st_size), quests: counts?.quests,
                completions: counts?.completions)
        }
    }

    /// The newest of the store's snapshots in `folder`, if any.
    public static func newest(in folder: String, schedule: SnapshotSchedule) -> String? {
        schedule.snapshots(among: listing(folder) ?? []).first.map { folder + "/" + $0.name }
    }

    private static func counts(ofSnapshotAt path: String) throws -> (quests: Int, completions: Int) {
        let database = try Database(path: path, access: .readOnly)
        let quests = try database.prepare("SELECT count(*) FROM quest").firstRow { $0.int(0) } ?? 0
        let completions = try database.prepare("SELECT count(*) FROM completion").firstRow { $0.int(0) } ?? 0
        return (quests, completions)
    }

    // MARK: - Reading one back

    /// Whether the file at `path` starts as a SQLite database does (a snapshot, or a store), rather than as
    /// a JSON backup.
    public static func isSQLite(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
        return count == 16 && header == Array("SQLite format 3\0".utf8)
    }

    /// Everything in the snapshot (or store file) at `path` as a backup document, as `Backups.backup`
    /// makes of a store, for restore and import to check and take as they take a JSON backup. The file is
    /// only read: its content is copied into memory (and brought to this schema there, if older) first. A
    /// damaged file (SQLite's integrity check), another program's database or a newer store is refused.
    public static func backup(ofSnapshotAt path: String, appVersion: String, exportedAt: Date) throws -> Backup {
        let file: Database
        do {
            file = try Database(path: path, access: .readOnly)
            let problems = try file.prepare("PRAGMA integrity_check(1)").rows { $0.text(0) }
            guard problems == ["ok"] else { throw SnapshotError.damaged(reason: problems.first ?? "") }
        } catch let error as DatabaseError {
            throw SnapshotError.damaged(reason: error.message)
        }
        let version: Int
        do {
            version = try Migrations.appliedVersion(file)
        } catch StoreError.notAQuestsStore {
            throw SnapshotError.notAQuestsStore
        } catch let error as DatabaseError {
            throw SnapshotError.damaged(reason: error.message)
        }
        guard version > 0 else { throw SnapshotError.notAQuestsStore }
        guard version <= Migrations.latestVersion else {
            throw SnapshotError.newerStore(version: version, supported: Migrations.latestVersion)
        }
        let scratch = try QuestStore(scratch: ())
        try scratch.inDatabase { try $0.replaceContents(with: file) }
        try scratch.inDatabase { try Migrations.migrate($0) }
        return try Backups(scratch).backup(appVersion: appVersion, exportedAt: exportedAt)
    }
}

extension Database {
    /// Whether the store holds anything a person made: a quest, a reward or a ledger entry.
    fileprivate func holdsRecords() throws -> Bool {
        try prepare(
            """
            SELECT EXISTS (SELECT 1 FROM quest) OR EXISTS (SELECT 1 FROM reward) OR EXISTS (SELECT 1 FROM ledger_entry)
            """
        ).firstRow { $0.int(0) } == 1
    }

    fileprivate func removeState(_ key: String) throws {
        try cached("DELETE FROM sync_state WHERE key = ?").run([.text(key)])
    }
}
