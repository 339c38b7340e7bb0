import Foundation
import QuestsCore

/// One register: a field's value (nil: none) and the stamp of the write that set it, as stored; `seq` orders
/// this replica's own stamps for its next file (nil for another replica's).
struct SyncRegister: Equatable {
    var value: String?
    /// The stamp's text (`HybridTime.description`).
    var stamp: String
    var seq: Int?

    /// The stamp, nil when its text cannot be read (a store edited by hand).
    var time: HybridTime? { HybridTime(stamp) }
}

/// The registers of one record, by field, and how they are stored in `sync_register`: a record written whole
/// (a completion, a purchase, a ledger entry) whose registers share one stamp keeps them as one row (`field`
/// empty, `value` the fields as a JSON object); any other record keeps one row per field (docs/store.md).
struct RecordRegisters {
    /// The row field that stands for every field of the record.
    static let wholeRecord = ""

    let kind: String
    let key: String
    private(set) var fields: [String: SyncRegister] = [:]
    /// How the registers are stored now: as one row, or the fields that have a row of their own.
    private var storedWhole = false
    private var storedFields: Set<String> = []
    /// Fields set since they were read or saved.
    private var changed: Set<String> = []

    init(kind: String, key: String) {
        self.kind = kind
        self.key = key
    }

    subscript(field: String) -> SyncRegister? { fields[field] }

    var isEmpty: Bool { fields.isEmpty }

    mutating func set(_ field: String, _ register: SyncRegister) {
        fields[field] = register
        changed.insert(field)
    }

    /// Whether the registers are kept as one row: the record is written whole and every field carries the
    /// same stamp and `seq` (one write set them all).
    private var keptWhole: Bool {
        guard SyncKind.named(kind)?.changesFieldByField == false, let first = fields.first?.value else {
            return false
        }
        return fields.values.allSatisfy { $0.stamp == first.stamp && $0.seq == first.seq }
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
                    registers.fields[field] = SyncRegister(value: row.optionalText(1), stamp: stamp, seq: seq)
                    registers.storedFields.insert(field)
                    return
                }
                registers.storedWhole = true
                for (field, value) in decode(row.optionalText(1) ?? "") {
                    registers.fields[field] = SyncRegister(value: value, stamp: stamp, seq: seq)
                }
            }
        return registers
    }

    /// Writes what changed since the registers were read or last saved. Call inside a transaction.
    mutating func save(in db: Database) throws {
        guard !changed.isEmpty else { return }
        if keptWhole, let first = fields.first?.value {
            if !storedFields.isEmpty {
                try db.cached("DELETE FROM sync_register WHERE kind = ? AND key = ? AND field <> ''").run([
                    .text(kind), .text(key),
                ])
            }
            try Self.insert(
                kind, key, Self.wholeRecord, Self.encode(fields), first.stamp, first.seq, in: db)
            storedWhole = true
            storedFields = []
        } else {
            if storedWhole {
                try db.cached("DELETE FROM sync_register WHERE kind = ? AND key = ? AND field = ''").run([
                    .text(kind), .text(key),
                ])
            }
            for (field, register) in fields where storedWhole || changed.contains(field) {
                try Self.insert(kind, key, field, register.value, register.stamp, register.seq, in: db)
            }
            storedWhole = false
            storedFields = Set(fields.keys)
        }
        changed = []
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

    /// The fields of a row that holds a whole record: `{"at":"…","done":"1","note":"","paid":"20"}`, a field
    /// without a value as null.
    static func encode(_ fields: [String: SyncRegister]) -> String {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        for (field, register) in fields.sorted(by: { $0.key < $1.key }) {
            writer.key(field)
            if let value = register.value { writer.string(value) } else { writer.null() }
        }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The fields `encode` wrote; nothing from text it did not write.
    static func decode(_ text: String) -> [(field: String, value: String?)] {
        var reader = JSONReader(Array(text.utf8))
        var fields: [(field: String, value: String?)] = []
        do {
            try reader.readObject { reader, field in
                fields.append((field, try reader.readOptional { try $0.readString() }))
            }
        } catch {
            return []
        }
        return fields
    }
}
