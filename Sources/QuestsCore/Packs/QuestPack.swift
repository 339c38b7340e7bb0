import FoundationEssentials

/// A ready-made set of quests to start from, such as "Morning Routine": bundled, or a user's own JSON file.
public struct QuestPack: Hashable, Sendable {
    /// A stable identifier: lowercase letters, digits and dashes (`morning-routine`).
    public let id: String
    public let name: String
    public let description: String
    /// Bumped by the pack's author when its quests change.
    public let version: Int
    public let quests: [PackQuest]

    public init(id: String, name: String, description: String, version: Int, quests: [PackQuest]) {
        self.id = id
        self.name = name
        self.description = description
        self.version = version
        self.quests = quests
    }

    /// The packs built into quests, in name order.
    public static let bundled: [QuestPack] =
        bundledFiles
        .compactMap { try? parse(Array($0.json.utf8)) }
        .sorted { $0.name < $1.name }

    /// Finds a bundled pack by id or name ignoring case, or by a unique start of either or of one of their
    /// words (`routine` for Morning Routine); a start shared by two packs is ambiguous.
    public static func bundled(named reference: String) throws(QuestsError) -> QuestPack {
        let wanted = reference.trimmingWhitespace().lowercased()
        if let pack = bundled.first(where: { $0.id == wanted || $0.name.lowercased() == wanted }) { return pack }
        let matches =
            wanted.isEmpty
            ? []
            : bundled.filter {
                Reference.startsTitleOrWord(wanted, of: $0.id)
                    || Reference.startsTitleOrWord(wanted, of: $0.name.lowercased())
            }
        guard matches.count <= 1 else { throw .ambiguousPack(reference, candidates: matches.map(\.id)) }
        guard let pack = matches.first else { throw .noPack(reference, available: bundled.map(\.id)) }
        return pack
    }

    /// Reads and validates a pack document completely; the error names the field path and the problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> QuestPack {
        var reader = JSONReader(bytes)
        do {
            let pack = try read(&reader)
            try reader.finish()
            return pack
        } catch let error as JSONError {
            throw error
        } catch {
            throw reader.error(.unexpectedText)
        }
    }

    private static func read(_ reader: inout JSONReader) throws -> QuestPack {
        var id: String?
        var name: String?
        var description: String?
        var version: Int?
        var quests: [PackQuest]?
        try reader.readObject { reader, key in
            switch key {
            case "id":
                let text = try reader.readString()
                guard (1...40).contains(text.count),
                    text.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
                else { throw reader.error(.invalidPackID) }
                id = text
            case "name": name = try readTitle(&reader)
            case "description":
                description = try reader.checked(try reader.readString().trimmingWhitespace(), as: .notes)
            case "version":
                let number = try reader.readInt()
                guard number >= 1 else { throw reader.error(.versionBelowOne) }
                version = number
            case "quests": quests = try readQuests(&reader)
            default: throw reader.unknownField()
            }
        }
        guard let id else { throw reader.missingField("id") }
        guard let name else { throw reader.missingField("name") }
        guard let version else { throw reader.missingField("version") }
        guard let quests else { throw reader.missingField("quests") }
        return QuestPack(id: id, name: name, description: description ?? "", version: version, quests: quests)
    }

    private static func readQuests(_ reader: inout JSONReader) throws -> [PackQuest] {
        var quests: [PackQuest] = []
        try reader.readArray { reader, _ in
            let quest = try PackQuest.read(&reader)
            if let clash = quests.first(where: { $0.title.lowercased() == quest.title.lowercased() }) {
                throw reader.error(.repeatedPackQuest(quest.title, as: clash.title))
            }
            quests.append(quest)
        }
        guard !quests.isEmpty else { throw reader.error(.emptyPack) }
        return quests
    }

    static func readTitle(_ reader: inout JSONReader) throws -> String {
        let title = try reader.checked(try reader.readString().trimmingWhitespace(), as: .title)
        guard !title.isEmpty else { throw reader.error(.empty) }
        return title
    }
}

/// One quest of a pack: what `quests add` would take.
public struct PackQuest: Hashable, Sendable {
    public let title: String
    public let schedule: Schedule
    public let notes: String
    /// What names it in its pack whatever language its title is shown in: the title it was written with.
    /// Its quest's identity (`NameUUID.packQuest`) comes from it, so a pack added in German on one machine
    /// and in Japanese on another is one set of quests.
    public let key: String

    public init(title: String, schedule: Schedule, notes: String = "", key: String? = nil) {
        self.title = title
        self.schedule = schedule
        self.notes = notes
        self.key = key ?? title
    }

    /// The key as a name part: `Drink a glass of water` → `drink-a-glass-of-water`.
    public var slug: String {
        var slug = ""
        for character in key.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }

    static func read(_ reader: inout JSONReader) throws -> PackQuest {
        var title: String?
        var time: TimeOfDay?
        var weekdays: WeekdaySet?
        var reward: Int?
        var notes = ""
        var days: ScheduleDays?  // "days": "3/week" or "mon,wed"; "every": 3
        try reader.readObject { reader, key in
            switch key {
            case "title": title = try QuestPack.readTitle(&reader)
            case "time":
                time = try reader.readOptional { reader in
                    let text = try reader.readString()
                    guard let time = try? TimeOfDay.parse(text) else {
                        throw reader.error(.invalidTime(text))
                    }
                    return time
                }
            case "weekdays": weekdays = try readWeekdays(&reader)
            case "days":
                let text = try reader.readString()
                do throws(QuestsError) { days = try ScheduleDays.parse(text) } catch {
                    throw reader.error(.invalidSchedule(error))
                }
            case "every":
                let text = String(try reader.readInt())
                do throws(QuestsError) {
                    days = ScheduleDays(kind: .every(days: try Schedule.parseInterval(text), from: nil))
                } catch {
                    throw reader.error(.invalidSchedule(error))
                }
            case "reward":
                let amount = try reader.readInt()
                guard (0...Schedule.maximumReward).contains(amount) else {
                    throw reader.error(.rewardOutOfRange)
                }
                reward = amount
            case "notes": notes = try reader.checked(try reader.readString().trimmingWhitespace(), as: .notes)
            default: throw reader.unknownField()
            }
        }
        guard let title else { throw reader.missingField("title") }
        if let days, weekdays == nil {
            return PackQuest(
                title: title,
                schedule: days.applied(to: Schedule(time: time, reward: reward ?? Schedule.defaultReward)), notes: notes
            )
        }
        guard let weekdays else { throw reader.missingField("weekdays") }
        guard days == nil else { throw reader.error(.scheduleGivenTwice) }
        let schedule = Schedule(time: time, weekdays: weekdays, reward: reward ?? Schedule.defaultReward)
        return PackQuest(title: title, schedule: schedule, notes: notes)
    }

    private static func readWeekdays(_ reader: inout JSONReader) throws -> WeekdaySet {
        var set = WeekdaySet()
        try reader.readArray { reader, _ in
            let name = try reader.readString()
            guard let day = Weekday(name: name) else {
                throw reader.error(.unknownWeekday(name))
            }
            guard !set.contains(day) else { throw reader.error(.repeatedWeekday(day)) }
            set.insert(WeekdaySet(day))
        }
        guard !set.isEmpty else { throw reader.error(.noWeekdays) }
        return set
    }
}

extension QuestPack {
    /// The pack in other words, such as a translation: `word(part)` gives the new text of each part
    /// (`name`, `description`, a quest's `slug`, its `slug-notes`) or nil to keep it. Every quest keeps its
    /// key, so its identity does not change with the words.
    public func worded(by word: (String) -> String?) -> QuestPack {
        QuestPack(
            id: id, name: word("name") ?? name, description: word("description") ?? description, version: version,
            quests: quests.map { quest in
                PackQuest(
                    title: word(quest.slug) ?? quest.title, schedule: quest.schedule,
                    notes: word(quest.slug + "-notes") ?? quest.notes, key: quest.key)
            })
    }

    /// Which of the pack's quests are new next to `quests` on `day`, and which are already there (an
    /// active quest has the same title), so that adding a pack twice never duplicates a quest.
    public func split(against quests: [Quest], on day: LocalDay) -> (new: [PackQuest], present: [(PackQuest, Quest)]) {
        var new: [PackQuest] = []
        var present: [(PackQuest, Quest)] = []
        for packQuest in self.quests {
            let names = [packQuest.title.lowercased(), packQuest.key.lowercased()]
            if let existing = quests.first(where: { !$0.isArchived(on: day) && names.contains($0.title.lowercased()) })
            {
                present.append((packQuest, existing))
            } else {
                new.append(packQuest)
            }
        }
        return (new, present)
    }
}
