import FoundationEssentials

/// One synced write: the register `(kind, key, field)` took `value` (nil: none) at `stamp`.
public struct SyncChange: Hashable, Sendable {
    public var stamp: HybridTime
    public var kind: String
    public var key: String
    public var field: String
    public var value: String?
    /// Where the change stands in its replica's change counter (`SyncFileName`'s ranges), when its file says
    /// (version 3): a reader that applied that replica's changes through it already has the change, or one
    /// that wins over it, and skips it. Nil in older files and in changes carried for another replica.
    public var seq: Int?

    public init(stamp: HybridTime, kind: String, key: String, field: String, value: String?, seq: Int? = nil) {
        self.stamp = stamp
        self.kind = kind
        self.key = key
        self.field = field
        self.value = value
        self.seq = seq
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
    /// The file's header: `"format": "quests-sync"` and the newest version this build reads, the one it
    /// writes: 1, changes only, one entry per field; 2 adds `records`, a snapshot; 3 writes a change as one
    /// entry per record and stamp (every field written at that stamp together), its stamp without the
    /// replica id when it is the file's own replica. A build refuses a newer version than its own (an older
    /// quests skips a version 3 file with a warning until it is upgraded) and reads every older one.
    public static let header = DocumentHeader(format: "quests-sync", newestVersion: 3)

    public var replica: String
    /// Records as they were when the replica first synced, every field at `HybridTime.base` (since version 2).
    public var records: [SyncRecord]
    public var changes: [SyncChange]

    public init(replica: String, records: [SyncRecord] = [], changes: [SyncChange]) {
        self.replica = replica
        self.records = records
        self.changes = changes
    }

    /// The version every file is written as, compacted ones too: the newest (`header`).
    public var writtenVersion: Int { Self.header.newestVersion }

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

    /// The file as UTF-8 JSON (version 3), one record or change entry per line.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + changes.count * 60 + records.count * 160)
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

    /// Reads a file of any version up to `header`'s; refuses another format, a newer version, or a
    /// malformed change, naming the field.
    ///
    /// With `skipping`, a version 3 file of `skipping.replica` leaves out the changes whose `seq` the reader
    /// applied before (`applied`), passing over their bytes unread: a replica's folded file brings again
    /// much of what its readers had.
    public static func decode(
        _ bytes: [UInt8], skipping: (replica: String, applied: (Int) -> Bool)? = nil
    ) throws -> SyncFile {
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
            case "changes" where skipping != nil && skipping?.replica == file.replica:
                file.changes = try readChanges(&reader, replica: file.replica, skipping: skipping?.applied)
                codec.noteRead(key, seen: &seen)
            default: try codec.readField(key, into: &file, seen: &seen, reader: &reader)
            }
        }
        try reader.finish()
        guard format != nil else { throw reader.missingField("format") }
        try codec.requireAll(seen, reader)
        // A version 3 file's own stamps name no replica: the file's (read before or after its changes).
        if file.changes.contains(where: { $0.stamp.replica.isEmpty }) {
            guard !file.replica.isEmpty else { throw reader.missingField("replica") }
            for index in file.changes.indices where file.changes[index].stamp.replica.isEmpty {
                let stamp = file.changes[index].stamp
                file.changes[index].stamp = HybridTime(
                    milliseconds: stamp.milliseconds, counter: stamp.counter, replica: file.replica)
            }
        }
        return file
    }

    /// The document: `changes` is read as its version wrote it (`readChanges`), and written as version 3.
    static let codec = JSONRecord<SyncFile>(
        blank: SyncFile(replica: "", changes: []),
        [
            .init("replica", \.replica, text),
            .init("records", \.records, .array(.object(recordFields), .lines), since: 2),
            .init(
                "changes", read: { reader, file in file.changes = try readChanges(&reader, replica: file.replica) },
                write: { file, writer in writeEntries(file.changes, replica: file.replica, to: &writer) }),
        ])

    static let recordFields = JSONRecord<SyncRecord>(
        blank: SyncRecord(kind: "", key: "", fields: []),
        [
            .init("kind", \.kind, text),
            .init("key", \.key, text),
            .init("values", \.fields, values),
        ])

    /// A snapshot record's values, or a change entry's: `{"field": "value" or null, ...}`, in field order.
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

    // MARK: changes, version 3: one entry per record and stamp

    /// A version 3 change entry: a record's fields written at one stamp, the stamp as text (without the
    /// replica id when it is the file's), and where the write stands in the replica's change counter (the
    /// last of its fields', as one transaction numbers them), nil when not known.
    struct Entry: Sendable {
        var seq: Int?
        var kind: String
        var key: String
        var stamp: String
        var fields: [SyncField]
    }

    static let entryFields = JSONRecord<Entry>(
        blank: Entry(seq: nil, kind: "", key: "", stamp: "", fields: []),
        [
            .init("seq", \.seq, .optional(.int(in: 1...Int.max))),
            .init("kind", \.kind, text),
            .init("key", \.key, text),
            .init("stamp", \.stamp, text),
            .init("values", \.fields, values),
        ])

    private static let entry = JSONCodec.object(entryFields)

    /// Reads `changes` as the document's version wrote it: one entry per field (versions 1 and 2), or per
    /// record and stamp (3), whose stamps without a replica id are `replica`'s (or, while the file's
    /// replica is not read yet, name none: `decode` fills them in).
    static func readChanges(
        _ reader: inout JSONReader, replica: String, skipping applied: ((Int) -> Bool)? = nil
    ) throws -> [SyncChange] {
        guard reader.schemaVersion >= 3 else { return try changesByField.read(&reader) }
        var changes: [SyncChange] = []
        // Entries of one record and stamp read one after another share the stamp's parse.
        var last: (text: String, stamp: HybridTime)?
        try reader.readArray { reader, _ in
            if let applied, try reader.skipObject(leadingWith: "seq", where: applied) { return }
            let entry = try entryFields.read(&reader)
            let stamp: HybridTime
            if let last, last.text == entry.stamp {
                stamp = last.stamp
            } else {
                guard let parsed = HybridTime(entry.stamp, replica: replica) else {
                    throw reader.error(.notASyncStamp)
                }
                stamp = parsed
                last = (entry.stamp, parsed)
            }
            for field in entry.fields {
                changes.append(
                    SyncChange(
                        stamp: stamp, kind: entry.kind, key: entry.key, field: field.field, value: field.value,
                        seq: entry.seq))
            }
        }
        return changes
    }

    /// Writes `changes` as version 3 entries: each run of changes of one record at one stamp is one entry.
    static func writeEntries(_ changes: [SyncChange], replica: String, to writer: inout JSONWriter) {
        writer.beginArray(.lines)
        var start = changes.startIndex
        while start < changes.endIndex {
            let first = changes[start]
            var end = start + 1
            while end < changes.endIndex, changes[end].kind == first.kind, changes[end].key == first.key,
                changes[end].stamp == first.stamp
            {
                end += 1
            }
            let run = changes[start..<end]
            entry.write(
                Entry(
                    seq: run.contains { $0.seq == nil } ? nil : run.compactMap(\.seq).max(), kind: first.kind,
                    key: first.key, stamp: first.stamp.text(omitting: replica),
                    fields: run.map { SyncField($0.field, $0.value) }), &writer)
            start = end
        }
        writer.endArray()
    }

    // MARK: changes, versions 1 and 2: one entry per field

    static let changesByField = JSONCodec<[SyncChange]>.array(.object(changeFields), .lines)

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
