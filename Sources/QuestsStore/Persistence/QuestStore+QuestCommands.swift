import Foundation
import QuestsCore

/// The board of one day as a command shows it.
public struct BoardSnapshot: Sendable {
    public let board: Board
    public let balance: Int
    /// Today's position (the board may show another day).
    public let now: DayPosition
    public let settings: Settings
}

extension QuestStore {
    /// The board for `dayText` (a day reference; nil means today) and the balance, read in one snapshot.
    public func board(on dayText: String? = nil, now: Now) throws -> BoardSnapshot {
        try read {
            let settings = try settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = try dayText.map { try DayReference.parse($0, today: position.day) } ?? position.day
            let board = Board(day: day, quests: try quests(), completedQuestNumbers: try completedQuestNumbers(on: day),
                              now: position, dayStart: settings.dayStart)
            return BoardSnapshot(board: board, balance: try balance(), now: position, settings: settings)
        }
    }

    /// Adds a quest created today. Titles must be unique among active quests.
    public func addQuest(title: String, notes: String, schedule: Schedule, now: Now, id: UUID = UUID()) throws -> Quest {
        try write {
            let today = now.position(dayStart: try settings().dayStart).day
            let title = try Quest.validatedTitle(title, among: try quests(), on: today)
            return try addQuest(id: id, title: title, notes: notes, createdDay: today, schedule: schedule)
        }
    }

    /// Applies `changes` to the quest `reference` names; schedule changes apply from today on.
    public func editQuest(_ reference: String, changes: QuestChanges, now: Now) throws -> Quest {
        guard !changes.isEmpty else { throw QuestsError.nothingToChange }
        return try write {
            let today = now.position(dayStart: try settings().dayStart).day
            let quests = try quests()
            var quest = try QuestReference.resolve(reference, among: quests, on: today)
            if let title = changes.title {
                quest.title = try Quest.validatedTitle(title, among: quests.filter { $0.id != quest.id }, on: today)
            }
            if let notes = changes.notes { quest.notes = notes }
            try updateDetails(of: quest)
            if changes.changesSchedule, let current = quest.schedule(on: today) ?? quest.versions.last?.schedule {
                let (updated, version) = quest.applying(changes.applied(to: current), from: today)
                try save(version, forQuest: quest.number)
                quest = updated
            }
            return quest
        }
    }

    /// Archives the quest `reference` names from today on; its history stays.
    public func archiveQuest(_ reference: String, now: Now) throws -> Quest {
        try write {
            let today = now.position(dayStart: try settings().dayStart).day
            let quest = try QuestReference.resolve(reference, among: try quests(), on: today)
            guard var schedule = quest.schedule(on: today) ?? quest.versions.last?.schedule, !schedule.archived else {
                throw QuestsError.alreadyArchived(quest.title)
            }
            schedule.archived = true
            let (updated, version) = quest.applying(schedule, from: today)
            try save(version, forQuest: quest.number)
            return updated
        }
    }

    /// Changes one setting.
    public func setSetting(_ key: Settings.Key, to value: String) throws -> Settings {
        try write {
            var settings = try settings()
            try settings.set(key, to: value)
            try save(key, of: settings)
            return settings
        }
    }
}
