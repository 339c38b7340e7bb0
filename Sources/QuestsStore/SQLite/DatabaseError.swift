import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// A failed SQLite call: its result code, SQLite's message, and the SQL it ran. The command line words it
/// by `kind`.
public struct DatabaseError: Error, CustomStringConvertible {
    /// The extended result code.
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The system's `errno` of the file operation that failed, for an I/O error or a file that cannot be
    /// opened (0 when there was none).
    public let systemErrno: Int32

    init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in \($0))" } ?? "")
    }

    /// What a failure means for the person running quests, from the primary result code.
    public enum Kind: Sendable {
        /// Another process holds the store (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// No room left on the disk (`SQLITE_FULL`, or an I/O error or a file that cannot be opened for
        /// want of space or of quota).
        case full
        case readOnly
        /// Damaged, or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
        case damaged
        case cannotOpen
        case inputOutput
        case other
    }

    /// What this failure means, by its primary result code and, for the failures of a file, by `errno`.
    public var kind: Kind {
        if [SQLITE_IOERR, SQLITE_CANTOPEN].contains(primaryCode), [ENOSPC, EDQUOT].contains(systemErrno) {
            return .full
        }
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_FULL: return .full
        case SQLITE_READONLY: return .readOnly
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_IOERR: return .inputOutput
        default: return .other
        }
    }
}
