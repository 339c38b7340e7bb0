import FoundationEssentials

extension Backup {
    /// The document as UTF-8 JSON: the header first, then one record per line.
    public func encoded() -> [UInt8] {
        let records = RecordKind.all.reduce(0) { $0 + $1.count(self) }
        var writer = JSONWriter(capacity: 4096 + records * 200)
        writer.beginObject(.lines)
        writer.key("format")
        writer.string(Self.format)
        writer.key("schemaVersion")
        writer.int(Self.schemaVersion)
        Self.codec.writeFields(self, to: &writer)
        writer.endObject()
        writer.finish()
        return writer.bytes
    }
}

extension Backup {
    /// Reads a backup document of any released schema version, checks it completely (see `validate`),
    /// and returns it in the current model. Refuses a newer version, a truncated, malformed or
    /// inconsistent document, naming the field path and the problem. With `checkingHistory` false, the
    /// long checks (`validateHistory()`) are left to the caller, to run when (and where) it likes.
    public static func decode(_ bytes: [UInt8], checkingHistory: Bool = true) throws(BackupError) -> Backup {
        var reader = JSONReader(bytes)
        var header = Header()
        var backup = codec.blank
        var seen = JSONRecord<Backup>.Seen()
        do {
            try reader.readObject { reader, key in
                if !header.isComplete, !Header.keys.contains(key) {
                    header = try Header.scan(bytes)
                    reader.schemaVersion = header.version ?? Backup.schemaVersion
                }
                switch key {
                case "format":
                    let format = try reader.readString()
                    try Header.check(format: format)
                    header.format = format
                case "schemaVersion":
                    header.version = try Header.checkedVersion(try reader.readInt(), reader: reader)
                    reader.schemaVersion = header.version ?? Backup.schemaVersion
                default:
                    // A field a later version added is declared in `codec` with `since:`; an older document
                    // leaves it as its blank record has it.
                    try codec.readField(key, into: &backup, seen: &seen, reader: &reader)
                }
            }
            try reader.finish()
        } catch let error as BackupError {
            throw error
        } catch let error as JSONError {
            throw header.format != nil ? .invalid(error) : .notABackup(.unreadable(error))
        } catch {
            throw .notABackup(.unreadable(reader.error(.unexpectedText)))
        }
        guard header.format != nil else { throw .notABackup(.noFormat) }
        guard header.version != nil else { throw .invalid(reader.missingField("schemaVersion")) }
        do { try codec.requireAll(seen, reader) } catch { throw .invalid(error) }
        try backup.validateRecords()
        if checkingHistory { try backup.validateHistory() }
        return backup
    }

    /// Whether `prefix`, the start of a file, begins a backup document: a JSON object whose top-level
    /// `format` is `quests-backup`. Reads no further than that field, so the start of a big file is enough.
    public static func isBackup(prefix: [UInt8]) -> Bool {
        struct Found: Error {}
        var reader = JSONReader(prefix)
        var isBackup = false
        _ = try? reader.readObject { reader, key in
            guard key == "format" else { return try reader.skipValue() }
            isBackup = try reader.readString() == Self.format
            throw Found()
        }
        return isBackup
    }

    /// The fields that say what a document is; read first, before any record.
    private struct Header {
        static let keys: Set<String> = ["format", "schemaVersion", "appVersion", "exportedAt"]
        var format: String?
        var version: Int?
        var isComplete: Bool { format != nil && version != nil }

        /// Finds `format` and `schemaVersion` in a document that lists records before them.
        static func scan(_ bytes: [UInt8]) throws -> Header {
            var reader = JSONReader(bytes)
            var header = Header()
            try reader.readObject { reader, key in
                switch key {
                case "format": header.format = try reader.readString()
                case "schemaVersion": header.version = try checkedVersion(try reader.readInt(), reader: reader)
                default: try reader.skipValue()
                }
            }
            guard let format = header.format else { throw BackupError.notABackup(.noFormatField) }
            try check(format: format)
            guard header.version != nil else { throw JSONError(path: "schemaVersion", problem: .missing) }
            return header
        }

        /// `Backup.header`'s check of the format, refusing another as not a backup.
        static func check(format: String) throws {
            do { try Backup.header.check(format: format) } catch { throw BackupError.notABackup(.format(format)) }
        }

        /// `Backup.header`'s check of the version, refusing a newer one by name.
        static func checkedVersion(_ version: Int, reader: JSONReader) throws -> Int {
            do {
                return try Backup.header.checked(version: version)
            } catch DocumentHeader.Problem.newerVersion {
                throw BackupError.newerVersion(version, supported: Backup.header.newestVersion)
            } catch {
                throw reader.error(.versionBelowOne)
            }
        }
    }
}

extension Backup {
    /// The largest quest or reward number a backup may carry: far more than a lifetime of quests, far
    /// enough from the store's integer limit that the next number is always there.
    public static let maximumNumber = 1_000_000_000
    /// The largest amount, plus or minus, of one ledger entry.
    public static let maximumAmount = 1_000_000_000

    // MARK: - The fields, declared once

    /// The document's fields after its header (`format` and `schemaVersion`), and through them every
    /// record's: `encoded()` writes and `decode` reads exactly these. They come in the order of the version
    /// that added them, each version's kinds (`RecordKind.all`, in its order) before its flags. A new field
    /// of a record is one line in its record's declaration; a new kind is its entry in the registry.
    static let codec: JSONRecord<Backup> = {
        let head: [JSONRecord<Backup>.Field] = [
            .init("appVersion", \.appVersion, .userText(.title)), .init("exportedAt", \.exportedAt, .timestamp),
        ]
        // Since version 4: the store had synced, so a debt is allowed (`allowsDebt`).
        let flags: [JSONRecord<Backup>.Field] = [.init("synced", \.synced, .bool, since: 4)]
        let body = (RecordKind.all.map { $0.backupField() } + flags).enumerated()
            .sorted { ($0.element.since, $0.offset) < ($1.element.since, $1.offset) }.map(\.element)
        return JSONRecord(blank: Backup(appVersion: "", exportedAt: blankMoment), head + body)
    }()

    // MARK: - Values

    /// The changed settings, by key, one per line in key order.
    static let settingsCodec = JSONCodec<[Settings.Key: String]>(
        read: { reader in
            var settings: [Settings.Key: String] = [:]
            try reader.readObject { reader, name in
                guard let key = Settings.Key(rawValue: name) else { throw reader.unknownField() }
                settings[key] = try reader.readUserText(as: .title)
            }
            return settings
        },
        write: { settings, writer in
            writer.beginObject(.lines)
            for (key, value) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                writer.key(key.rawValue)
                writer.string(value)
            }
            writer.endObject()
        })

    /// What the document holds before its fields are read (every field is then required).
    private static let blankMoment = Date(timeIntervalSince1970: 0)
}
