import CSQLite
import Foundation
import QuestsCore

/// A value that can be bound to a statement parameter: a column's value, as the core declares it.
typealias SQLValue = ColumnValue

extension ColumnValue {
    /// Appends the text SQLite stores for this value when it is bound as text (`.text`, `.uuid`, `.day`,
    /// `.timestamp`); an integer or NULL appends nothing.
    func appendText(to bytes: inout [UInt8]) {
        switch self {
        case .text(let text): bytes.append(contentsOf: text.utf8)
        case .uuid(let uuid): UUIDText.append(uuid, to: &bytes)
        case .day(let day): day.append(to: &bytes)
        case .timestamp(let moment): Timestamp.appendUTC(moment, to: &bytes)
        case .integer, .null: break
        }
    }
}

/// A compiled SQL statement. Every result code is checked; it is finalized when released.
final class Statement {
    /// Unowned: the connection caches its statements, and a strong reference back would keep it open forever.
    private unowned let connection: Connection
    private let handle: OpaquePointer
    let sql: String
    private var scratch: [UInt8] = []
    /// The text of every value `runBindingAll` binds, one after another; it starts with a byte of its own
    /// so that it always has an address (an empty text at a null address would bind NULL).
    private var arena: [UInt8] = [0]
    /// Where each value's text ends in `arena`.
    private var ends: [Int] = []

    init(connection: Connection, sql: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, 0, &handle, nil)
        guard code == SQLITE_OK, let handle else { throw connection.error(code, sql: sql) }
        self.connection = connection
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the parameters in order, replacing earlier bindings.
    @discardableResult
    func bind(_ values: [SQLValue]) throws -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .text(let text): code = bindText(index, text)
            case .uuid, .day, .timestamp: code = bindBytes(index) { value.appendText(to: &$0) }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
        }
        return self
    }

    /// Binds `text` by its byte count, so that it is stored whole: a C string would end at a NUL.
    private func bindText(_ index: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no address, and a null pointer would bind NULL, not "".
                guard let start = chars.baseAddress else {
                    return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                }
                return sqlite3_bind_text64(
                    handle, index, start, UInt64(chars.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Binds the text `write` puts into a buffer reused from bind to bind (SQLite copies it).
    private func bindBytes(_ index: Int32, _ write: (inout [UInt8]) -> Void) -> Int32 {
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        return scratch.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient())
            }
        }
    }

    /// Runs the statement to completion with `values` bound to all of its parameters, ignoring any rows:
    /// for statements with many parameters (many rows per INSERT). Their text is written into one buffer
    /// that stays put while the statement runs, so SQLite reads it there instead of copying each value,
    /// and the parameters are not cleared first, as every one is bound.
    func runBindingAll(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        // Taken out of the object while in use: no exclusivity check for every access.
        var arena = self.arena
        var ends = self.ends
        self.arena = []
        self.ends = []
        defer {
            self.arena = arena
            self.ends = ends
        }
        arena.removeSubrange(1...)
        ends.removeAll(keepingCapacity: true)
        for value in values {
            value.appendText(to: &arena)
            ends.append(arena.count)
        }
        try arena.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).assumingMemoryBound(to: CChar.self)
            var start = 1
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let code: Int32
                switch value {
                case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
                case .null: code = sqlite3_bind_null(handle, index)
                case .text, .uuid, .day, .timestamp:
                    // No destructor (SQLITE_STATIC): the buffer outlives the run below.
                    code = sqlite3_bind_text64(
                        handle, index, base + start, UInt64(ends[offset] - start), nil, UInt8(SQLITE_UTF8))
                }
                guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
                start = ends[offset]
            }
            while try step() {}
            sqlite3_reset(handle)
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    func run(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
    }

    /// Runs the statement and maps every row.
    @discardableResult
    func rows<T>(_ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(values) { result.append(try map($0)) }
        return result
    }

    /// Runs the statement and hands every row to `body`, for a caller that builds its own result (no array of
    /// rows made on the way).
    func forEachRow(_ values: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        while try step() {
            try body(Row(handle: handle))
        }
    }

    /// Runs the statement and maps its first row, if any.
    func firstRow<T>(_ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? try map(Row(handle: handle)) : nil
    }

    private func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.error(code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }
}

/// The current row of a running statement; valid only inside the mapping closure.
struct Row {
    let handle: OpaquePointer

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func optionalInt(_ column: Int32) -> Int? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : int(column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }
}
