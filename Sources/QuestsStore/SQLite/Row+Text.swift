import CSQLite
import FoundationEssentials
import QuestsCore

extension Row {
    /// Parses a text column's bytes where SQLite holds them, without copying them or making a `String`;
    /// nil when the column is null. The bytes are valid only during `parse`.
    func parseText<T>(_ column: Int32, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return parse(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// A UUID column, nil when malformed or null.
    func uuid(_ column: Int32) -> UUID? { parseText(column, UUIDText.parse) }

    /// A `YYYY-MM-DD` column, nil when malformed or null.
    func day(_ column: Int32) -> LocalDay? { parseText(column, LocalDay.parse) }

    /// A UTC timestamp column, nil when malformed or null.
    func timestamp(_ column: Int32) -> Date? { parseText(column, Timestamp.parseUTC) }

    /// The value of `column` as a column of `kind` holds it: `.null` for NULL, and text that is not of its
    /// kind as `.text` (which no field of that kind takes).
    func value(_ column: Int32, as kind: ColumnKind) -> ColumnValue {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return .null }
        switch kind {
        case .integer: return .integer(sqlite3_column_int64(handle, column))
        case .text: return .text(text(column))
        case .uuid: return uuid(column).map { .uuid($0) } ?? .text(text(column))
        case .day: return day(column).map { .day($0) } ?? .text(text(column))
        case .timestamp: return timestamp(column).map { .timestamp($0) } ?? .text(text(column))
        }
    }
}
