import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Writing a whole file or nothing: the sync folder's files here, backups and calendars in the command line.
public enum AtomicFile {
    /// A file that could not be written: its path and the system's reason.
    public struct Failure: Error, Equatable {
        public let path: String
        public let reason: String
    }

    /// Writes `bytes` to `path` so that it is either the whole new file or untouched: a temporary file
    /// beside it, flushed to disk, then renamed over it. The file is readable by its owner only.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
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
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
