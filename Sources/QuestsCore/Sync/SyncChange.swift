import Foundation

/// One synced write: the register `(kind, key, field)` took `value` (nil: none) at `stamp`.
public struct SyncChange: Hashable, Sendable {
    public var stamp: HybridTime
    public var kind: String
    public var key: String
    public var field: String
    public var value: String?

    public init(stamp: HybridTime, kind: String, key: String, field: String, value: String?) {
        self.stamp = stamp
        self.kind = kind
        self.key = key
        self.field = field
        self.value = value
    }

    /// Fields where the earliest value wins rather than the last writer: a quest's `created` day (the same
    /// pack quest added on two machines on two days exists from the first), an achievement's `earned` day.
    public static let earliestWins: Set<String> = ["created", "earned"]

    /// Whether this change replaces a register holding `value`, last written at `stamp`: the last writer
    /// wins (by stamp), except in `earliestWins` fields, where the smaller value wins (ties by stamp). Equal
    /// stamps happen only at `HybridTime.base` (two machines' records from before they synced): the greater
    /// value wins (a value over none), so every machine keeps the same one.
    public func wins(over current: (value: String?, stamp: HybridTime)?) -> Bool {
        guard let current else { return true }
        if Self.earliestWins.contains(field), let mine = value, let theirs = current.value, mine != theirs {
            return mine < theirs
        }
        guard stamp == current.stamp else { return stamp > current.stamp }
        switch (value, current.value) {
        case (nil, _): return false
        case (.some, nil): return true
        case (let mine?, let theirs?): return mine > theirs
        }
    }
}

/// A record as a snapshot holds it: its fields' values, all at `HybridTime.base`.
public struct SyncRecord: Hashable, Sendable {
    public var kind: String
    public var key: String
    /// Field and value (nil: none), in field order.
    public var fields: [SyncField]

    public init(kind: String, key: String, fields: [SyncField]) {
        self.kind = kind
        self.key = key
        self.fields = fields
    }
}

/// One field of a snapshot record.
public struct SyncField: Hashable, Sendable {
    public var field: String
    public var value: String?

    public init(_ field: String, _ value: String?) {
        self.field = field
        self.value = value
    }
}

/// One file a replica writes into the sync folder: the changes it stamped since its previous file, and in
/// its first file a snapshot of the records it held when it joined (docs/sync.md).
public struct SyncFile: Equatable, Sendable {
    /// The file's header: `"format": "quests-sync"` and the newest version this build reads: 1, changes
    /// only; 2 adds `records`, a snapshot. A file without a snapshot is written as version 1, which every
    /// build reads.
    public static let header = DocumentHeader(format: "quests-sync", newestVersion: 2)

    public var replica: String
    /// Records as they were when the replica first synced, every field at `HybridTime.base` (since version 2).
    public var records: [SyncRecord]
    public var changes: [SyncChange]

    public init(replica: String, records: [SyncRecord] = [], changes: [SyncChange]) {
        self.replica = replica
        self.records = records
        self.changes = changes
    }

    /// The version this file is written as: 2 only when it holds a snapshot.
    public var writtenVersion: Int { records.isEmpty ? 1 : 2 }

    /// Calls `body` with every change the file brings: the snapshot's fields at `HybridTime.base`, then the changes.
    public func forEachChange(_ body: (SyncChange) throws -> Void) rethrows {
        for record in records {
            for field in record.fields {
                try body(
                    SyncChange(stamp: .base, kind: record.kind, key: record.key, field: field.field, value: field.value)
                )
            }
        }
        for change in changes { try body(change) }
    }

    /// The file as UTF-8 JSON, one change per line.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + changes.count * 120 + records.count * 160)
        writer.beginObject(.lines)
        writer.key("format")
        writer.string(Self.header.format)
        writer.key("version")
        writer.int(writtenVersion)
        Self.codec.writeFields(self, to: &writer, version: writtenVersion)
        writer.endObject()
        writer.finish()
        return writer.bytes
    }

    /// Reads a file; refuses another format, a newer version, or a malformed change, naming the field.
    public static func decode(_ bytes: [UInt8]) throws -> SyncFile {
        var reader = JSONReader(bytes)
        var file = codec.blank
        var seen = JSONRecord<SyncFile>.Seen()
        var format: String?
        try reader.readObject { reader, key in
            switch key {
            case "format":
                format = try reader.readString()
                do { try header.check(format: format ?? "") } catch { throw reader.error(.notASyncFile) }
            case "version":
                let version = try reader.readInt()
                do {
                    reader.schemaVersion = try header.checked(version: version)
                } catch DocumentHeader.Problem.newerVersion {
                    throw reader.error(.newerSyncFile)
                } catch {
                    throw reader.error(.versionBelowOne)
                }
            default: try codec.readField(key, into: &file, seen: &seen, reader: &reader)
            }
        }
        try reader.finish()
        guard format != nil else { throw reader.missingField("format") }
        try codec.requireAll(seen, reader)
        return file
    }

    static let codec = JSONRecord<SyncFile>(
        blank: SyncFile(replica: "", changes: []),
        [
            .init("replica", \.replica, text),
            .init("records", \.records, .array(.object(recordFields), .lines), since: 2),
            .init("changes", \.changes, .array(.object(changeFields), .lines)),
        ])

    static let recordFields = JSONRecord<SyncRecord>(
        blank: SyncRecord(kind: "", key: "", fields: []),
        [
            .init("kind", \.kind, text),
            .init("key", \.key, text),
            .init("values", \.fields, values),
        ])

    /// A snapshot record's values: `{"field": "value" or null, ...}`, in field order.
    private static let values = JSONCodec<[SyncField]>(
        read: { reader in
            var fields: [SyncField] = []
            try reader.readObject { reader, field in
                fields.append(SyncField(field, try reader.readOptional { try $0.readString() }))
            }
            return fields
        },
        write: { fields, writer in
            writer.beginObject()
            for field in fields {
                writer.key(field.field)
                if let value = field.value { writer.string(value) } else { writer.null() }
            }
            writer.endObject()
        })

    static let changeFields = JSONRecord<SyncChange>(
        blank: SyncChange(stamp: .origin(of: "-"), kind: "", key: "", field: "", value: nil),
        [
            .init("stamp", \.stamp, stamp),
            .init("kind", \.kind, text),
            .init("key", \.key, text),
            .init("field", \.field, text),
            .init("value", \.value, .optional(text)),
        ])

    private static let text = JSONCodec<String>(read: { try $0.readString() }, write: { $1.string($0) })
    private static let stamp = JSONCodec<HybridTime>(
        read: { reader in
            guard let stamp = HybridTime(try reader.readString()) else { throw reader.error(.notASyncStamp) }
            return stamp
        }, write: { $1.string($0.description) })
}
