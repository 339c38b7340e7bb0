import FoundationEssentials
import QuestsCore

extension Database {
    /// The columns `quests()` reads of a quest and of a schedule version: those `Quest.declaration` and
    /// `ScheduleVersion.declaration` list, in their order (a test checks that they are).
    static let questColumns = "uuid, number, title, notes, created_day, group_name"
    static let scheduleVersionColumns =
        "effective_from, time_minutes, weekdays, reward, archived, kind, target, at_most, unit"

    /// Every quest, archived ones included, with its schedule history (`Quest.declaration`, `Quest.schedule`).
    /// Mapped here from the declared columns rather than through the declarations: the board reads it on
    /// every command, and building the two declarations would cost it more than the read (half a million
    /// instructions).
    func quests() throws -> [Quest] {
        // In key order (no sort), so that each quest's versions follow one another, oldest first, as the
        // quests do below.
        let versions = try prepare(
            "SELECT quest, " + Self.scheduleVersionColumns + " FROM quest_version ORDER BY quest, effective_from"
        ).rows { row in
            guard let day = row.day(1), let kind = ScheduleKind.parse(row.text(6)) else {
                throw StoreError.damagedRecord(DamagedRecord(.scheduleVersion, .quest(row.int(0))))
            }
            let time = row.optionalInt(2).flatMap { TimeOfDay(minutes: $0) }
            let measure =
                row.optionalInt(7).flatMap(Amount.init).map { QuestMeasure(.target, $0, unit: row.text(9)) }
                ?? row.optionalInt(8).flatMap(Amount.init).map { QuestMeasure(.atMost, $0, unit: row.text(9)) }
            let schedule = Schedule(
                time: time, weekdays: WeekdaySet(rawValue: row.int(3)), reward: row.int(4), archived: row.int(5) != 0,
                kind: kind, measure: measure)
            return (quest: row.int(0), version: ScheduleVersion(effectiveFrom: day, schedule: schedule))
        }
        var next = versions.startIndex
        return try prepare("SELECT " + Self.questColumns + " FROM quest ORDER BY number").rows { row in
            let number = row.int(1)
            guard let id = row.uuid(0), let created = row.day(4) else {
                throw StoreError.damagedRecord(.record(.quests, .quest(number)))
            }
            while next < versions.endIndex, versions[next].quest < number { next += 1 }
            let first = next
            while next < versions.endIndex, versions[next].quest == number { next += 1 }
            return Quest(
                id: id, number: number, title: row.text(2), notes: row.text(3), createdDay: created,
                versions: versions[first..<next].map(\.version), group: row.text(5))
        }
    }

    /// Adds a new quest whose first schedule starts on `createdDay`; returns it with its number.
    func addQuest(
        id: UUID, title: String, notes: String, createdDay: LocalDay, schedule: Schedule, group: String = ""
    ) throws -> Quest {
        try insert(
            Quest(id: id, number: 0, title: title, notes: notes, createdDay: createdDay, versions: [], group: group),
            as: Quest.declaration, omitting: ["number"])
        let number = Int(lastInsertRowID)
        let version = ScheduleVersion(effectiveFrom: createdDay, schedule: schedule.anchored(at: createdDay))
        try save(version, forQuest: number)
        return Quest(
            id: id, number: number, title: title, notes: notes, createdDay: createdDay, versions: [version],
            group: group)
    }

    /// Saves a quest's title and notes.
    func updateDetails(of quest: Quest) throws {
        try update(quest, as: Quest.declaration, on: "number", omitting: ["uuid", "created_day"])
    }

    /// Saves a schedule version, replacing one that starts the same day, and counts again the days it
    /// reaches on which the quest was completed.
    func save(_ version: ScheduleVersion, forQuest number: Int) throws {
        try save(version, of: Quest.schedule, in: .integer(Int64(number)))
        try recount(daysOfQuest: number, from: version.effectiveFrom)
    }
}
