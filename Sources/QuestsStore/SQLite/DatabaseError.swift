import CSQLite

/// A failed SQLite call: its result code, SQLite's message, and the SQL it ran. The command line words it
/// by `kind`.
public struct DatabaseError: Error, CustomStringConvertible {
    /// The extended result code.
    public let code: Int32
    public let message: String
    public let sql: String?

    init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
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
        case full
        case readOnly
        /// Damaged, or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
        case damaged
        case cannotOpen
        case inputOutput
        case other
    }

    /// What this failure means, by its primary result code.
    public var kind: Kind {
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
