import FoundationEssentials
import QuestsCore

/// One register: a field's value (nil: none) and the stamp of the write that set it, as stored; `seq` orders this
/// replica's own stamps for its next file (nil for another replica's).
struct SyncRegister: Equatable {
    var value: String?
    /// The stamp's text (`HybridTime.description`).
    var stamp: String
    var seq: Int?

    /// The stamp, nil when its text cannot be read (a store edited by hand).
    var time: HybridTime? { HybridTime(stamp) }
}

/// The registers of one record, and how they are stored in `sync_register`: a record written whole (a
/// completion, a purchase, a ledger entry) whose registers share one stamp keeps them as one row (`field`
/// empty, `value` the fields as a JSON object); any other record keeps one row per field (docs/store.md).
struct RecordRegisters {
    /// The row field that stands for every field of the record.
    static let wholeRecord = ""

    let kind: String
    let key: String
    /// Whether the record is written whole, so that its registers may be kept as one row.
    let writtenWhole: Bool
    /// In field order; `changed` since read or saved.
    private var entries: [(field: String, register: SyncRegister, changed: Bool)] = []
    /// How the registers are stored: as one row, or as rows of their own (neither: none is).
    private var storedWhole = false
    private var storedByField = false

    init(kind: String, key: String) {
        self.kind = kind
        self.key = key
        writtenWhole = SyncKind.named(kind)?.changesFieldByField == false
    }

    subscript(field: String) -> SyncRegister? {
        entries.first { $0.field == field }?.register
    }

    /// Every register, in field order.
    var fields: [(field: String, register: SyncRegister)] { entries.map { ($0.field, $0.register) } }

    /// Every register's value, by field (what `SyncKind.apply` takes).
    var values: SyncKind.Values {
        var values = SyncKind.Values(minimumCapacity: entries.count)
        for entry in entries { values[entry.field] = .some(entry.register.value) }
        return values
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Whether a register was set since they were read or saved.
    var hasChanges: Bool { entries.contains { $0.changed } }

    mutating func set(_ field: String, _ register: SyncRegister) {
        if let index = entries.firstIndex(where: { $0.field == field }) {
            entries[index].register = register
            entries[index].changed = true
        } else {
            entries.insert((field, register, true), at: entries.firstIndex { $0.field > field } ?? entries.endIndex)
        }
    }

    /// Whether the registers are kept as one row: the record is written whole and every field carries the
    /// same stamp and `seq` (one write set them all).
    private var keptWhole: Bool {
        guard writtenWhole, let first = entries.first?.register else { return false }
        return entries.allSatisfy { $0.register.stamp == first.stamp && $0.register.seq == first.seq }
    }

    /// Reads the registers of the record `key` of `kind`.
    static func read(_ kind: String, _ key: String, from db: Database) throws -> RecordRegisters {
        var registers = RecordRegisters(kind: kind, key: key)
        try db.cached("SELECT field, value, stamp, seq FROM sync_register WHERE kind = ? AND key = ?")
            .forEachRow([.text(kind), .text(key)]) { row in
                let field = row.text(0)
                let stamp = row.text(2)
                let seq = row.optionalInt(3)
                guard field == wholeRecord else {
                    registers.storedByField = true
                    registers.insertRead(field, SyncRegister(value: row.optionalText(1), stamp: stamp, seq: seq))
                    return
                }
                registers.storedWhole = true
                for (field, value) in decode(row.optionalText(1) ?? "") {
                    registers.insertRead(field, SyncRegister(value: value, stamp: stamp, seq: seq))
                }
            }
        return registers
    }

    /// Adds a register read from the store; rows come in field order.
    private mutating func insertRead(_ field: String, _ register: SyncRegister) {
        guard let last = entries.last?.field, field <= last else {
            entries.append((field, register, false))
            return
        }
        set(field, register)
        if let index = entries.firstIndex(where: { $0.field == field }) { entries[index].changed = false }
    }

    /// Writes what changed since the registers were read or last saved. Call inside a transaction.
    mutating func save(in db: Database) throws {
        guard hasChanges else { return }
        if keptWhole, let first = entries.first?.register {
            if storedByField {
                // Rows of fields of their own go: the one row holds them.
                try db.cached("DELETE FROM sync_register WHERE kind = ? AND key = ? AND field <> ''").run([
                    .text(kind), .text(key),
                ])
            }
            try Self.insert(kind, key, Self.wholeRecord, Self.encode(fields), first.stamp, first.seq, in: db)
            storedWhole = true
            storedByField = false
        } else {
            if storedWhole {
                try db.cached("DELETE FROM sync_register WHERE kind = ? AND key = ? AND field = ''").run([
                    .text(kind), .text(key),
                ])
            }
            for entry in entries where storedWhole || entry.changed {
                let register = entry.register
                try Self.insert(kind, key, entry.field, register.value, register.stamp, register.seq, in: db)
            }
            storedWhole = false
            storedByField = true
        }
        for index in entries.indices { entries[index].changed = false }
    }

    private static func insert(
        _ kind: String, _ key: String, _ field: String, _ value: String?, _ stamp: String, _ seq: Int?,
        in db: Database
    ) throws {
        try db.cached(
            "INSERT OR REPLACE INTO sync_register (kind, key, field, value, stamp, seq) VALUES (?, ?, ?, ?, ?, ?)"
        ).run([
            .text(kind), .text(key), .text(field), value.map { .text($0) } ?? .null, .text(stamp),
            seq.map { .integer(Int64($0)) } ?? .null,
        ])
    }

    // MARK: - One row's fields

    /// The fields of a row that holds a whole record, as a JSON object in field order:
    /// `{"at":"2026-11-21T08:00:00Z","done":"1","note":"","paid":"20"}`, a field without a value as null.
    static func encode(_ fields: [(field: String, register: SyncRegister)]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(128)
        for (index, entry) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(entry.field, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if let value = entry.register.value {
                appendQuoted(value, to: &bytes)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The fields `encode` wrote, in its order; nothing from text it did not write. Texts without an escape
    /// (nearly all) are read straight from the bytes; the others by `JSONReader`.
    static func decode(_ text: String) -> [(field: String, value: String?)] {
        var text = text
        let plain = text.withUTF8 { decodePlain($0) }
        if let plain { return plain }
        var reader = JSONReader(Array(text.utf8))
        var fields: [(field: String, value: String?)] = []
        do {
            try reader.readObject { reader, field in
                fields.append((field, try reader.readOptional { try $0.readString() }))
            }
            try reader.finish()
        } catch {
            return []
        }
        return fields
    }

    /// `decode` of a text without an escape; nil for any other text.
    private static func decodePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> [(field: String, value: String?)]? {
        var index = 0
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var fields: [(field: String, value: String?)] = []
        fields.reserveCapacity(6)
        guard take(UInt8(ascii: "{")) else { return nil }
        if take(UInt8(ascii: "}")) { return index == bytes.count ? fields : nil }
        repeat {
            guard let field = string(), take(UInt8(ascii: ":")) else { return nil }
            if bytes[index...].starts(with: "null".utf8) {
                index += 4
                fields.append((field, nil))
            } else {
                guard let value = string() else { return nil }
                fields.append((field, value))
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), index == bytes.count else { return nil }
        return fields
    }
}
