import Foundation

extension Backup {
    /// The document as UTF-8 JSON: the header first, then one record per line.
    public func encoded() -> [UInt8] {
        let records = quests.count + rewards.count + completions.count + ledger.count + redemptions.count
        var writer = JSONWriter(capacity: 4096 + records * 200)
        writer.beginObject(.lines)
        writer.key("format")
        writer.string(Self.format)
        writer.key("schemaVersion")
        writer.int(Self.schemaVersion)
        writer.key("appVersion")
        writer.string(appVersion)
        writer.key("exportedAt")
        writer.timestamp(exportedAt)

        writer.key("settings")
        writer.beginObject(.lines)
        for (key, value) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            writer.key(key.rawValue)
            writer.string(value)
        }
        writer.endObject()

        writer.key("quests")
        writer.beginArray(.lines)
        for quest in quests { Self.write(quest, to: &writer) }
        writer.endArray()

        writer.key("rewards")
        writer.beginArray(.lines)
        for reward in rewards {
            writer.beginObject()
            writer.key("uuid"); writer.uuid(reward.id)
            writer.key("number"); writer.int(reward.number)
            writer.key("title"); writer.string(reward.title)
            writer.key("notes"); writer.string(reward.notes)
            writer.key("price"); writer.int(reward.price)
            writer.key("removed"); writer.bool(reward.removed)
            writer.endObject()
        }
        writer.endArray()

        writer.key("completions")
        writer.beginArray(.lines)
        for completion in completions {
            writer.beginObject()
            writer.key("uuid"); writer.uuid(completion.id)
            writer.key("quest"); writer.uuid(completion.quest)
            writer.key("day"); writer.day(completion.day)
            writer.key("completedAt"); writer.timestamp(completion.completedAt)
            writer.endObject()
        }
        writer.endArray()

        writer.key("ledger")
        writer.beginArray(.lines)
        for entry in ledger {
            writer.beginObject()
            writer.key("uuid"); writer.uuid(entry.id)
            writer.key("at"); writer.timestamp(entry.at)
            writer.key("amount"); writer.int(entry.amount)
            writer.key("kind"); writer.string(entry.kind.rawValue)
            writer.key("reference")
            if let reference = entry.reference { writer.uuid(reference) } else { writer.null() }
            writer.key("memo"); writer.string(entry.memo)
            writer.endObject()
        }
        writer.endArray()

        writer.key("redemptions")
        writer.beginArray(.lines)
        for redemption in redemptions {
            writer.beginObject()
            writer.key("uuid"); writer.uuid(redemption.id)
            writer.key("reward"); writer.uuid(redemption.reward)
            writer.key("title"); writer.string(redemption.title)
            writer.key("price"); writer.int(redemption.price)
            writer.key("redeemedAt"); writer.timestamp(redemption.at)
            writer.key("day"); writer.day(redemption.day)
            writer.endObject()
        }
        writer.endArray()

        writer.key("achievements")
        writer.beginArray(.lines)
        for record in achievements {
            writer.beginObject()
            writer.key("uuid"); writer.uuid(record.achievement.uuid)
            writer.key("id"); writer.string(record.achievement.id)
            writer.key("earnedDay"); writer.day(record.earnedDay)
            writer.key("recordedAt"); writer.timestamp(record.recordedAt)
            writer.endObject()
        }
        writer.endArray()

        writer.key("celebrations")
        writer.beginArray()
        for day in celebrations { writer.day(day) }
        writer.endArray()

        writer.endObject()
        writer.finish()
        return writer.bytes
    }

    private static func write(_ quest: Quest, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("uuid"); writer.uuid(quest.id)
        writer.key("number"); writer.int(quest.number)
        writer.key("title"); writer.string(quest.title)
        writer.key("notes"); writer.string(quest.notes)
        writer.key("createdDay"); writer.day(quest.createdDay)
        writer.key("schedule")
        writer.beginArray()
        for version in quest.versions {
            let schedule = version.schedule
            writer.beginObject()
            writer.key("from"); writer.day(version.effectiveFrom)
            writer.key("time")
            if let time = schedule.time { writer.string(time.description) } else { writer.null() }
            writer.key("weekdays")
            writer.beginArray()
            for day in schedule.weekdays.days { writer.string(day.shortName) }
            writer.endArray()
            writer.key("reward"); writer.int(schedule.reward)
            writer.key("archived"); writer.bool(schedule.archived)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension Backup {
    /// Reads a backup document of any released schema version, checks it completely (see `validate`),
    /// and returns it in the current model. Refuses a newer version, a truncated, malformed or
    /// inconsistent document, naming the field path and the problem.
    public static func decode(_ bytes: [UInt8]) throws(BackupError) -> Backup {
        var reader = JSONReader(bytes)
        var header = Header()
        var backup = Backup(appVersion: "", exportedAt: Date(timeIntervalSince1970: 0))
        var seen: Set<String> = []
        do {
            try reader.readObject { reader, key in
                if !header.isComplete, !Header.keys.contains(key) {
                    header = try Header.scan(bytes)
                }
                seen.insert(key)
                switch key {
                case "format":
                    let format = try reader.readString()
                    guard format == Self.format else { throw BackupError.notABackup("its format is \(UserText.quoted(format))") }
                    header.format = format
                case "schemaVersion":
                    header.version = try Header.checkedVersion(try reader.readInt(), reader: reader)
                case "appVersion": backup.appVersion = try reader.readUserText(as: .title)
                case "exportedAt": backup.exportedAt = try reader.readTimestamp()
                default:
                    // Every released version so far (1) has the same records; a later version adds its
                    // reader here and maps older documents into the current model.
                    try readVersion1Field(key, into: &backup, reader: &reader)
                }
            }
            try reader.finish()
        } catch let error as BackupError {
            throw error
        } catch let error as JSONError {
            throw header.format != nil ? .invalid(error) : .notABackup(error.description)
        } catch {
            throw .notABackup("\(error)")
        }
        guard header.format != nil else { throw .notABackup("it has no \"format\": \"\(Self.format)\" field") }
        for key in ["schemaVersion", "appVersion", "exportedAt"] + Self.recordKeys where !seen.contains(key) {
            throw .invalid(JSONError(path: key, message: "missing"))
        }
        try backup.validate()
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

    private static let recordKeys = ["settings", "quests", "rewards", "completions", "ledger", "redemptions", "achievements", "celebrations"]

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
            guard header.format == Backup.format else {
                throw BackupError.notABackup(header.format.map { "its format is \(UserText.quoted($0))" } ?? "it has no \"format\" field")
            }
            guard header.version != nil else { throw JSONError(path: "schemaVersion", message: "missing") }
            return header
        }

        static func checkedVersion(_ version: Int, reader: JSONReader) throws -> Int {
            if version > Backup.schemaVersion { throw BackupError.newerVersion(version, supported: Backup.schemaVersion) }
            guard version >= 1 else { throw reader.error("must be a whole number from 1") }
            return version
        }
    }

    private static func readVersion1Field(_ key: String, into backup: inout Backup, reader: inout JSONReader) throws {
        switch key {
        case "settings":
            try reader.readObject { reader, name in
                guard let key = Settings.Key(rawValue: name) else { throw reader.unknownField() }
                backup.settings[key] = try reader.readUserText(as: .title)
            }
        case "quests": try reader.readArray { reader, _ in backup.quests.append(try readQuest(&reader)) }
        case "rewards": try reader.readArray { reader, _ in backup.rewards.append(try readReward(&reader)) }
        case "completions": try reader.readArray { reader, _ in backup.completions.append(try readCompletion(&reader)) }
        case "ledger": try reader.readArray { reader, _ in backup.ledger.append(try readLedgerEntry(&reader)) }
        case "redemptions": try reader.readArray { reader, _ in backup.redemptions.append(try readRedemption(&reader)) }
        case "achievements": try reader.readArray { reader, _ in backup.achievements.append(try readAchievement(&reader)) }
        case "celebrations": try reader.readArray { reader, _ in backup.celebrations.append(try reader.readDay()) }
        default: throw reader.unknownField()
        }
    }

    /// Fails with `missing` when a required field was absent from the record just read.
    private static func required<T>(_ value: T?, _ key: String, _ reader: borrowing JSONReader) throws -> T {
        guard let value else { throw reader.missingField(key) }
        return value
    }

    private static func readQuest(_ reader: inout JSONReader) throws -> Quest {
        var id: UUID?, number: Int?, title: String?, notes: String?, created: LocalDay?, versions: [ScheduleVersion]?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": id = try reader.readUUID()
            case "number": number = try readNumber(&reader)
            case "title": title = try readTitle(&reader)
            case "notes": notes = try reader.readUserText(as: .notes)
            case "createdDay": created = try reader.readDay()
            case "schedule":
                var list: [ScheduleVersion] = []
                try reader.readArray { reader, _ in list.append(try readScheduleVersion(&reader)) }
                versions = list
            default: throw reader.unknownField()
            }
        }
        return Quest(id: try required(id, "uuid", reader), number: try required(number, "number", reader),
                     title: try required(title, "title", reader), notes: try required(notes, "notes", reader),
                     createdDay: try required(created, "createdDay", reader), versions: try required(versions, "schedule", reader))
    }

    private static func readScheduleVersion(_ reader: inout JSONReader) throws -> ScheduleVersion {
        var from: LocalDay?, time: TimeOfDay??, weekdays: WeekdaySet?, reward: Int?, archived: Bool?
        try reader.readObject { reader, key in
            switch key {
            case "from": from = try reader.readDay()
            case "time":
                time = .some(try reader.readOptional { reader in
                    let text = try reader.readString()
                    guard let time = try? TimeOfDay.parse(text) else { throw reader.error("expected a time HH:MM or null") }
                    return time
                })
            case "weekdays":
                var set = WeekdaySet()
                try reader.readArray { reader, _ in
                    let name = try reader.readString()
                    guard let day = Weekday.allCases.first(where: { $0.shortName == name }) else {
                        throw reader.error("unknown weekday \(UserText.quoted(name)): use mon, tue, wed, thu, fri, sat or sun")
                    }
                    set.insert(WeekdaySet(day))
                }
                guard !set.isEmpty else { throw reader.error("list at least one weekday") }
                weekdays = set
            case "reward":
                reward = try reader.readInt(in: 0...Schedule.maximumReward)
            case "archived": archived = try reader.readBool()
            default: throw reader.unknownField()
            }
        }
        let schedule = Schedule(time: try required(time, "time", reader), weekdays: try required(weekdays, "weekdays", reader),
                                reward: try required(reward, "reward", reader), archived: try required(archived, "archived", reader))
        return ScheduleVersion(effectiveFrom: try required(from, "from", reader), schedule: schedule)
    }

    private static func readReward(_ reader: inout JSONReader) throws -> Reward {
        var id: UUID?, number: Int?, title: String?, notes: String?, price: Int?, removed: Bool?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": id = try reader.readUUID()
            case "number": number = try readNumber(&reader)
            case "title": title = try readTitle(&reader)
            case "notes": notes = try reader.readUserText(as: .notes)
            case "price": price = try readPrice(&reader)
            case "removed": removed = try reader.readBool()
            default: throw reader.unknownField()
            }
        }
        return Reward(id: try required(id, "uuid", reader), number: try required(number, "number", reader),
                      title: try required(title, "title", reader), notes: try required(notes, "notes", reader),
                      price: try required(price, "price", reader), removed: try required(removed, "removed", reader))
    }

    private static func readCompletion(_ reader: inout JSONReader) throws -> CompletionRecord {
        var id: UUID?, quest: UUID?, day: LocalDay?, at: Date?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": id = try reader.readUUID()
            case "quest": quest = try reader.readUUID()
            case "day": day = try reader.readDay()
            case "completedAt": at = try reader.readTimestamp()
            default: throw reader.unknownField()
            }
        }
        return CompletionRecord(id: try required(id, "uuid", reader), quest: try required(quest, "quest", reader),
                                day: try required(day, "day", reader), completedAt: try required(at, "completedAt", reader))
    }

    private static func readLedgerEntry(_ reader: inout JSONReader) throws -> LedgerEntry {
        var id: UUID?, at: Date?, amount: Int?, kind: LedgerKind?, reference: UUID??, memo: String?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": id = try reader.readUUID()
            case "at": at = try reader.readTimestamp()
            case "amount":
                let value = try reader.readInt(in: -maximumAmount...maximumAmount)
                guard value != 0 else { throw reader.error("must be a non-zero whole number of Daily Dollars") }
                amount = value
            case "kind":
                let text = try reader.readString()
                guard let parsed = LedgerKind(rawValue: text) else {
                    throw reader.error("unknown kind \(UserText.quoted(text)): use " + LedgerKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                kind = parsed
            case "reference": reference = .some(try reader.readOptional { try $0.readUUID() })
            case "memo": memo = try reader.readUserText(as: .notes)
            default: throw reader.unknownField()
            }
        }
        return LedgerEntry(id: try required(id, "uuid", reader), at: try required(at, "at", reader),
                           amount: try required(amount, "amount", reader), kind: try required(kind, "kind", reader),
                           reference: try required(reference, "reference", reader), memo: try required(memo, "memo", reader))
    }

    private static func readRedemption(_ reader: inout JSONReader) throws -> RedemptionRecord {
        var id: UUID?, reward: UUID?, title: String?, price: Int?, at: Date?, day: LocalDay?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": id = try reader.readUUID()
            case "reward": reward = try reader.readUUID()
            case "title": title = try readTitle(&reader)
            case "price": price = try readPrice(&reader)
            case "redeemedAt": at = try reader.readTimestamp()
            case "day": day = try reader.readDay()
            default: throw reader.unknownField()
            }
        }
        return RedemptionRecord(id: try required(id, "uuid", reader), reward: try required(reward, "reward", reader),
                                title: try required(title, "title", reader), price: try required(price, "price", reader),
                                at: try required(at, "redeemedAt", reader), day: try required(day, "day", reader))
    }

    private static func readAchievement(_ reader: inout JSONReader) throws -> AchievementRecord {
        var uuid: UUID?, achievement: Achievement?, earned: LocalDay?, recorded: Date?
        try reader.readObject { reader, key in
            switch key {
            case "uuid": uuid = try reader.readUUID()
            case "id":
                let id = try reader.readString()
                guard let known = Achievement.all.first(where: { $0.id == id }) else { throw reader.error("unknown achievement \(UserText.quoted(id))") }
                achievement = known
            case "earnedDay": earned = try reader.readDay()
            case "recordedAt": recorded = try reader.readTimestamp()
            default: throw reader.unknownField()
            }
        }
        let known = try required(achievement, "id", reader)
        guard try required(uuid, "uuid", reader) == known.uuid else {
            throw JSONError(path: reader.currentPath + ".uuid", message: "is not the UUID of achievement \"\(known.id)\"")
        }
        return AchievementRecord(achievement: known, earnedDay: try required(earned, "earnedDay", reader),
                                 recordedAt: try required(recorded, "recordedAt", reader))
    }

    /// The largest quest or reward number a backup may carry: far more than a lifetime of quests, far
    /// enough from the store's integer limit that the next number is always there.
    public static let maximumNumber = 1_000_000_000
    /// The largest amount, plus or minus, of one ledger entry.
    public static let maximumAmount = 1_000_000_000

    private static func readNumber(_ reader: inout JSONReader) throws -> Int {
        try reader.readInt(in: 1...maximumNumber)
    }

    private static func readTitle(_ reader: inout JSONReader) throws -> String {
        let title = try reader.readUserText(as: .title)
        guard !title.isEmpty else { throw reader.error("must not be empty") }
        return title
    }

    private static func readPrice(_ reader: inout JSONReader) throws -> Int {
        try reader.readInt(in: 1...Reward.maximumPrice)
    }
}
