import Foundation
import QuestsCore
#if canImport(Glibc)
import Glibc
#endif

/// Reading backup documents from a file or standard input, and writing them atomically.
enum BackupFile {
    /// Reads and checks the backup at `path` (`-` for standard input). A refusal names the file.
    static func read(_ path: String) throws -> Backup {
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure.cannotRead(path: path) }
            bytes = Array(data)
        }
        do {
            return try Backup.decode(bytes)
        } catch {
            throw CommandFailure.badBackup(source: displayName(path), error)
        }
    }

    /// How messages name `path`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// Writes `bytes` to `path` so that it is either the whole new file or untouched: a temporary file
    /// beside it, flushed to disk, then renamed over it. The file is readable by its owner only.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CommandFailure.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw CommandFailure.cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
