import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A file-system call failed, in the system's words.
struct FileSystemFailure: Error {
    let reason: String

    /// The failure `errno` names.
    static var errno: FileSystemFailure { FileSystemFailure(reason: String(cString: strerror(Glibc.errno))) }
}

/// A new owner-only file written beside `path` under a temporary name (`.NAME.PID.partial`) and named
/// `path` only once it is whole and on disk, so that `path` is whole or absent whatever crash, kill or
/// full disk comes between (a partial store copy would open as an empty store). A temporary file whose
/// process is gone is removed by the next one made beside it. Restores save the current store this way,
/// and automatic backups are taken this way.
struct PartialFile {
    /// Where the file goes once kept.
    let path: String
    /// Where it is written until then.
    let temporary: String

    /// Makes the empty temporary file for `path`, first removing the abandoned ones in its folder.
    init(for path: String) throws(FileSystemFailure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        Self.removeAbandoned(in: folder)
        self.path = path
        temporary = folder + "/.\(url.lastPathComponent).\(getpid()).partial"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .errno }
        close(descriptor)
    }

    /// Flushes the temporary file to disk and names it `path`, durably; removes it when that fails.
    func keep() throws(FileSystemFailure) {
        do throws(FileSystemFailure) {
            let file = open(temporary, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { throw FileSystemFailure.errno }
            defer { close(file) }
            guard fsync(file) == 0 else { throw FileSystemFailure.errno }
            guard rename(temporary, path) == 0 else { throw FileSystemFailure.errno }
        } catch {
            discard()
            throw error
        }
        let folder = open(
            URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)  // The rename itself survives a power cut.
            close(folder)
        }
    }

    /// Removes the temporary file, and SQLite's journal beside it. (Its maker's own to remove.)
    func discard() {
        unlink(temporary)
        unlink(temporary + "-journal")
    }

    /// Removes the temporary files (`.NAME.PID.partial`, and SQLite's journal or log beside one) in `folder`
    /// whose process is gone: a restore or a backup killed while writing left them.
    static func removeAbandoned(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard let suffix = parts.last,
                ["partial", "partial-journal", "partial-wal", "partial-shm"].contains(suffix), parts.count >= 4,
                let pid = pid_t(parts[parts.count - 2]), pid > 0
            else { continue }
            if kill(pid, 0) != 0, Glibc.errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
