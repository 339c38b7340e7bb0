import Foundation
import QuestsCore

extension Database {
    /// Every quest, archived ones included, with its schedule history.
    func quests() throws -> [Quest] {
        // Every column, in the order the steps made them: a store that a migration's fill reads before the
        // step that adds `kind` has six, and its schedules all run on weekdays. In key order (no sort), so
        // that each quest's versions follow one another, oldest first, as the quests do below.
        let versions = try prepare("SELECT * FROM quest_version ORDER BY quest, effective_from").rows {
            row in
            let kind = row.columnCount > 6 ? ScheduleKind.parse(row.text(6)) : .weekdays
            guard let day = row.day(1), let kind else {
                throw StoreError.damagedRecord("schedule of quest #\(row.int(0))")
            }
            let time = row.optionalInt(2).flatMap { TimeOfDay(minutes: $0) }
            let schedule = Schedule(
                time: time, weekdays: WeekdaySet(rawValue: row.int(3)), reward: row.int(4), archived: row.int(5) != 0,
                kind: kind)
            return (quest: row.int(0), version: ScheduleVersion(effectiveFrom: day, schedule: schedule))
        }
        var next = versions.startIndex
        return try prepare("SELECT number, uuid, title, notes, created_day FROM quest ORDER BY number").rows { row in
            let number = row.int(0)
            guard let id = row.uuid(1), let created = row.day(4) else {
                throw StoreError.damagedRecord("quest #\(number)")
            }
            while next < versions.endIndex, versions[next].quest < number { next += 1 }
            let first = next
            while next < versions.endIndex, versions[next].quest == number { next += 1 }
            return Quest(
                id: id, number: number, title: row.text(2), notes: row.text(3), createdDay: created,
                versions: versions[first..<next].map(\.version))
        }
    }

    /// Adds a new quest whose first schedule starts on `createdDay`; returns it with its number.
    func addQuest(id: UUID, title: String, notes: String, createdDay: LocalDay, schedule: Schedule) throws -> Quest {
        try prepare("INSERT INTO quest (uuid, title, notes, created_day) VALUES (?, ?, ?, ?)")
            .run([.uuid(id), .text(title), .text(notes), .day(createdDay)])
        let number = Int(lastInsertRowID)
        let version = ScheduleVersion(effectiveFrom: createdDay, schedule: schedule.anchored(at: createdDay))
        try save(version, forQuest: number)
        return Quest(id: id, number: number, title: title, notes: notes, createdDay: createdDay, versions: [version])
    }

    /// Saves a quest's title and notes.
    func updateDetails(of quest: Quest) throws {
        try prepare("UPDATE quest SET title = ?, notes = ? WHERE number = ?")
            .run([.text(quest.title), .text(quest.notes), .integer(Int64(quest.number))])
    }

    /// Saves a schedule version, replacing one that starts the same day, and counts again the days it
    /// reaches on which the quest was completed.
    func save(_ version: ScheduleVersion, forQuest number: Int) throws {
        let schedule = version.schedule
        try cached(
            """
            INSERT OR REPLACE INTO quest_version (quest, effective_from, time_minutes, weekdays, reward, archived, kind)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .integer(Int64(number)), .day(version.effectiveFrom),
            schedule.time.map { .integer(Int64($0.minutes)) } ?? .null,
            .integer(Int64(schedule.weekdays.rawValue)), .integer(Int64(schedule.reward)),
            .integer(schedule.archived ? 1 : 0), .text(schedule.kind.description),
        ])
        try recount(daysOfQuest: number, from: version.effectiveFrom)
    }
}
