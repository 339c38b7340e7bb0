import FoundationEssentials
import QuestsCore
import QuestsStore

#if canImport(Glibc)
    import Glibc
#endif

/// Reading backup documents from a file or standard input, and writing them atomically.
enum BackupFile {
    /// Reads and checks the backup at `path` (`-` for standard input). A refusal names the file. With
    /// `checkingHistory` false, its long checks are left to `checkHistory`.
    static func read(_ path: String, checkingHistory: Bool = true) throws -> Backup {
        if path != "-", Snapshots.isSQLite(path) { return try readSnapshot(path, checkingHistory: checkingHistory) }
        let bytes: [UInt8]
        if path == "-" {
            bytes = Descriptor.readStandardInput()
        } else {
            guard let contents = contents(of: path) else { throw CommandFailure.cannotRead(path: path) }
            bytes = contents
        }
        do {
            return try Backup.decode(bytes, checkingHistory: checkingHistory)
        } catch {
            throw CommandFailure.badBackup(source: displayName(path), error)
        }
    }

    /// Reads the automatic backup (or any store file) at `path` as the backup document it holds, checked as
    /// a JSON backup is (`Backup.validate`). Its export time is the one in its name, else the file's last
    /// change.
    private static func readSnapshot(_ path: String, checkingHistory: Bool) throws -> Backup {
        let name = PathText.lastComponent(of: path)
        var status = stat()
        let changed = stat(path, &status) == 0 ? Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)) : nil
        let taken = SnapshotSchedule.moment(ofAnySnapshotNamed: name) ?? changed ?? Date(timeIntervalSince1970: 0)
        do {
            let backup = try Snapshots.backup(ofSnapshotAt: path, appVersion: Quests.version, exportedAt: taken)
            if checkingHistory { try backup.validate() } else { try backup.validateRecords() }
            return backup
        } catch let error as SnapshotError {
            throw CommandFailure.badSnapshot(source: displayName(path), error)
        } catch let error as BackupError {
            throw CommandFailure.badBackup(source: displayName(path), error)
        }
    }

    /// The checks `read(path, checkingHistory: false)` left (`Backup.validateHistory`), refusing as `read`
    /// would have.
    static func checkHistory(of backup: Backup, readFrom path: String) throws {
        do {
            try backup.validateHistory()
        } catch {
            throw CommandFailure.badBackup(source: displayName(path), error)
        }
    }

    /// The whole content of the file at `path` (any kind that reads to an end: a pipe too), or nil when it
    /// cannot be read. Read straight into the array, its size known first for a regular file: no second
    /// buffer to copy a long backup through.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // One byte more than the size, to see the end in the first read.
        var chunk = max(status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) + 1 : 0, 64 * 1024)
        var bytes: [UInt8] = []
        while true {
            var failed = false
            let part = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
                count = 0
                while count < buffer.count {
                    let read = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if read > 0 {
                        count += read
                    } else if read == 0 {
                        return
                    } else if errno != EINTR {
                        failed = true
                        return
                    }
                }
            }
            if failed { return nil }
            if bytes.isEmpty { bytes = part } else { bytes += part }
            if part.count < chunk { return bytes }
            chunk *= 2
        }
    }

    /// How messages name `path`, safe to print.
    static func displayName(_ path: String) -> String {
        path == "-" ? Message.backupStandardInput : Sanitized.line(path)
    }

    /// Refuses to write a backup at `path` when that is the store at `storePath` itself or one of its
    /// companion files (compared by device and inode, so through symbolic and hard links too), or,
    /// unless `force`, when `path` is an existing file that is not a quests backup.
    static func checkTarget(_ path: String, storePath: String, force: Bool) throws {
        let target = identity(of: path)
        for companion in ["", "-wal", "-shm", "-journal"] {
            let store = storePath + companion
            let clash = if let target { identity(of: store) == target } else { canonical(path) == canonical(store) }
            if clash { throw CommandFailure.backupOverStore(path: path) }
        }
        guard target != nil, !force else { return }
        guard isBackup(path) else { throw CommandFailure.notABackupFile(path: path) }
    }

    /// The device and inode of the file at `path` (symbolic links followed), or nil when there is none.
    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// `path` with its folder's symbolic links resolved, for a file that does not exist yet.
    private static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }

    /// Whether the regular file at `path` starts like a quests backup; only its beginning is read.
    private static func isBackup(_ path: String) -> Bool {
        let prefix = Descriptor.withFile(path) { descriptor -> [UInt8]? in
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return Descriptor.read(descriptor, upTo: 64 * 1024)
        }
        guard let prefix = prefix ?? nil else { return false }
        return QuestsCore.Backup.isBackup(prefix: prefix)
    }

    /// Writes `bytes` to `path` so that it is either the whole new file or untouched (`AtomicFile.write`).
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CommandFailure.cannotWrite(path: error.path, reason: error.reason)
        }
    }
}
