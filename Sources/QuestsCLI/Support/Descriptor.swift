#if canImport(Glibc)
    import Glibc
#endif

/// Reading and writing through file descriptors with the C library, as Foundation's `FileHandle` did:
/// unbuffered, so that what is written goes out at once and in order.
enum Descriptor {
    /// Writes `text` to standard error.
    static func writeError(_ text: String) { write(Array(text.utf8), to: STDERR_FILENO) }

    /// Writes `bytes` to standard output.
    static func writeOutput(_ bytes: [UInt8]) { write(bytes, to: STDOUT_FILENO) }

    /// Writes all of `bytes` to `descriptor`, again after an interruption or a short write; stops at an
    /// error (a reader that went away).
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            rest = rest.dropFirst(written)
        }
    }

    /// What `descriptor` gives up to `limit` bytes or its end, whichever comes first; nil on a read error.
    static func read(_ descriptor: Int32, upTo limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit, 64 * 1024))
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Standard input to its end (nothing after a read error).
    static func readStandardInput() -> [UInt8] { read(STDIN_FILENO) ?? [] }

    /// The file at `path` opened for reading, handed to `body` and closed after it; nil when it cannot be
    /// opened.
    static func withFile<Result>(_ path: String, _ body: (Int32) throws -> Result) rethrows -> Result? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try body(descriptor)
    }
}
