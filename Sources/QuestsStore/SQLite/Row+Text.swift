import CSQLite
import Foundation
import QuestsCore

extension Row {
    /// Parses a text column's bytes in place, without making a `String` of them.
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
}

/// Where a text falls in SQLite's BINARY order (byte by byte, a prefix before any longer text), as a key
/// that mostly compares as integers: its first 24 bytes, then the rest (empty but for longer texts), then
/// its length. For sorting read rows without making and comparing a `String` for each.
struct TextOrderKey: Comparable {
    private let head: (UInt64, UInt64, UInt64)
    private let rest: [UInt8]
    private let count: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        func word(_ start: Int) -> UInt64 {
            if start + 8 <= bytes.count, let base = bytes.baseAddress {  // most: 8 bytes at once, the first the highest
                return UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            }
            var word: UInt64 = 0
            for index in start..<start + 8 { word = word << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return word
        }
        head = (word(0), word(8), word(16))
        rest = bytes.count > 24 ? Array(bytes[24...]) : []
        count = bytes.count
    }

    static func < (lhs: TextOrderKey, rhs: TextOrderKey) -> Bool {
        if lhs.head != rhs.head { return lhs.head < rhs.head }
        if lhs.rest != rhs.rest { return lhs.rest.lexicographicallyPrecedes(rhs.rest) }
        return lhs.count < rhs.count
    }

    static func == (lhs: TextOrderKey, rhs: TextOrderKey) -> Bool {
        lhs.head == rhs.head && lhs.rest == rhs.rest && lhs.count == rhs.count
    }
}

extension Row {
    /// A text column's `TextOrderKey` (that of an empty text when null).
    func orderKey(_ column: Int32) -> TextOrderKey {
        parseText(column, TextOrderKey.init) ?? TextOrderKey(UnsafeBufferPointer(start: nil, count: 0))
    }
}
