import Foundation
import QuestsCore

/// Everything `quests show` tells about one quest, read in one snapshot. New figures (the quest's own
/// streak, its rates, its heatmap) join as new fields.
public struct QuestDetails: Sendable {
    public let quest: Quest
    /// Today's position.
    public let now: DayPosition
    /// Where the quest stands today; nil when it is not scheduled today.
    public let state: QuestState?
    /// How many days it was completed for.
    public let completions: Int
    /// The most recent day it was completed for.
    public let lastCompleted: LocalDay?
}

extension QuestStore {
    /// The details of the quest `reference` names, as of `now`.
    public func questDetails(_ reference: String, now: Now) throws -> QuestDetails {
        try read {
            let settings = try settings()
            let position = now.position(dayStart: settings.dayStart)
            let quest = try Quest.resolve(reference, among: try quests(), on: position.day)
            let board = try board(of: position.day, quests: [quest], at: position, settings: settings, zone: now.zone)
            let (count, last) = try connection.prepare("SELECT count(*), max(day) FROM completion WHERE quest = ?")
                .firstRow([.integer(Int64(quest.number))]) { row in (row.int(0), row.day(1)) } ?? (0, nil)
            return QuestDetails(quest: quest, now: position, state: board.entries.first?.state, completions: count, lastCompleted: last)
        }
    }
}
