import CSQLite
import Foundation

/// A failed SQLite call: its result code, SQLite's message, and the SQL it ran.
public struct DatabaseError: Error, CustomStringConvertible, LocalizedError {
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

    public var errorDescription: String? {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "the store is busy in another quests process; try again"
        case SQLITE_FULL:
            return "the disk holding the store is full; nothing was changed"
        case SQLITE_READONLY:
            return "the store is read-only; nothing was changed"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "the store is damaged or not a quests store (\(message))"
        case SQLITE_CANTOPEN:
            return "cannot open the store (\(message))"
        case SQLITE_IOERR:
            return "input/output error on the store (\(message)); nothing was changed"
        default:
            return "store error: \(message)"
        }
    }
}
