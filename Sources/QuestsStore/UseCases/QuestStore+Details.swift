import Foundation
import QuestsCore

/// Everything `quests show` tells about one quest, read in one snapshot. New figures join as new fields.
public struct QuestDetails: Sendable {
    public let quest: Quest
    /// Today's position.
    public let now: DayPosition
    /// The quest on today's board; nil when it is not scheduled today.
    public let today: Board.Entry?
    /// Where the quest stands today; nil when it is not scheduled today.
    public var state: QuestState? { today?.state }
    /// How many days it was completed for.
    public let completions: Int
    /// The most recent day it was completed for.
    public let lastCompleted: LocalDay?
    /// The notes given with its completions, newest first.
    public let notes: [(day: LocalDay, note: String)]
    /// Its own streak: due days done in a row, or quota periods met in a row (`QuestStreak`).
    public let streak: QuestStreak
    /// Its completion rate over the last 30 days, the last 90 days and all time, each ending today.
    public let rates: (last30: CompletionRate, last90: CompletionRate, allTime: CompletionRate)
    /// Its own tally of every day of the last 90, ending today, for its heatmap.
    public let recent: [DayTally]
    public let weekStart: Weekday
}

extension QuestStore {
    /// The details of the quest `reference` names, as of `now`.
    public func questDetails(_ reference: ItemReference, now: Now) throws -> QuestDetails {
        try read { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let quest = try Quest.resolve(reference, among: try db.quests(), on: position.day)
            let rule = DayRule(zone: now.zone, settings: settings)
            let board = try db.board(
                of: position.day, quests: [quest], at: position, settings: settings, zone: now.zone, readingPaid: false)
            let number: [SQLValue] = [.integer(Int64(quest.number))]
            // The days from the (quest, day) key alone; the notes, which few completions have, through their index.
            let days = try db.prepare("SELECT day FROM completion WHERE quest = ? ORDER BY day").rows(number) {
                row -> LocalDay in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord("completion of quest #\(quest.number)")
                }
                return day
            }
            let notes = try db.prepare(
                "SELECT day, note FROM completion WHERE quest = ? AND note <> '' ORDER BY day DESC"
            )
            .rows(number) { row -> (day: LocalDay, note: String) in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord("completion of quest #\(quest.number)")
                }
                return (day, row.text(1))
            }
            let today = position.day
            // One quest: each completion, and each skip not replaced by one (`NeutralDays`), is its day's whole count.
            let neutral = try db.neutralDays().only(quest.number)
            let history = QuestHistory(
                quests: [quest], dayCounts: DayRule.counts(of: quest, completedOn: days, neutral: neutral),
                rule: rule, quotaCompletions: days.map { (quest.number, $0) }, neutral: neutral)
            let tallies = history.tallies(through: today)
            let rate = { (days: Int) in CompletionRate(tallies.suffix(days), today: today) }
            return QuestDetails(
                quest: quest, now: position, today: board.entries.first, completions: days.count,
                lastCompleted: days.last, notes: notes,
                streak: QuestStreak(
                    of: quest, tallies: tallies, completedDays: days,
                    weekStart: settings.weekStart, today: today, neutral: neutral),
                rates: (rate(30), rate(90), CompletionRate(tallies, today: today)),
                recent: Array(tallies.suffix(90)), weekStart: settings.weekStart)
        }
    }
}
