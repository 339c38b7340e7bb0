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
    /// wins (by stamp), except in `earliestWins` fields, where the smaller value wins (ties by stamp).
    public func wins(over current: (value: String?, stamp: HybridTime)?) -> Bool {
        guard let current else { return true }
        if Self.earliestWins.contains(field), let mine = value, let theirs = current.value, mine != theirs { return mine < theirs }
        return stamp > current.stamp
    }
}

/// One file a replica writes into the sync folder: the changes it stamped since its previous file.
public struct SyncFile: Equatable, Sendable {
    /// The value of the document's `format` field.
    public static let format = "quests-sync"
    /// The file version this build writes and reads.
    public static let version = 1

    public var replica: String
    public var changes: [SyncChange]

    public init(replica: String, changes: [SyncChange]) {
        self.replica = replica
        self.changes = changes
    }

    /// The file as UTF-8 JSON, one change per line.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + changes.count * 120)
        writer.beginObject(.lines)
        writer.key("format")
        writer.string(Self.format)
        writer.key("version")
        writer.int(Self.version)
        Self.codec.writeFields(self, to: &writer)
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
                guard format == Self.format else { throw reader.error(.notASyncFile) }
            case "version":
                guard try reader.readInt() <= Self.version else { throw reader.error(.newerSyncFile) }
            default: try codec.readField(key, into: &file, seen: &seen, reader: &reader)
            }
        }
        try reader.finish()
        guard format != nil else { throw reader.missingField("format") }
        try codec.requireAll(seen, reader)
        return file
    }

    static let codec = JSONRecord<SyncFile>(blank: SyncFile(replica: "", changes: []), [
        .init("replica", \.replica, text),
        .init("changes", \.changes, .array(.object(changeFields), .lines)),
    ])

    static let changeFields = JSONRecord<SyncChange>(
        blank: SyncChange(stamp: .origin(of: "-"), kind: "", key: "", field: "", value: nil), [
            .init("stamp", \.stamp, stamp),
            .init("kind", \.kind, text),
            .init("key", \.key, text),
            .init("field", \.field, text),
            .init("value", \.value, .optional(text)),
        ])

    private static let text = JSONCodec<String>(read: { try $0.readString() }, write: { $1.string($0) })
    private static let stamp = JSONCodec<HybridTime>(read: { reader in
        guard let stamp = HybridTime(try reader.readString()) else { throw reader.error(.notASyncStamp) }
        return stamp
    }, write: { $1.string($0.description) })
}
