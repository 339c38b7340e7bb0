import FoundationEssentials
import QuestsCore

extension Database {
    /// Every quest, archived ones included, with its schedule history (`Quest.declaration`, `Quest.schedule`).
    func quests() throws -> [Quest] {
        try records(Quest.declaration, holding: Quest.schedule, numberedBy: \.number, orderBy: "number")
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
