/// How many quests were scheduled and completed on one day.
public struct DayTally: Hashable, Sendable {
    public let day: LocalDay
    /// Quests scheduled that day (with the schedule in force that day).
    public let scheduled: Int
    /// Of those, how many were completed for that day.
    public let completed: Int

    public init(day: LocalDay, scheduled: Int, completed: Int) {
        self.day = day
        self.scheduled = scheduled
        self.completed = completed
    }

    /// Every scheduled quest was completed (false on a day with nothing scheduled).
    public var isCleared: Bool { scheduled > 0 && completed == scheduled }
}

/// Quests and their completions: answers, for any day, what was scheduled and what was done.
public struct QuestHistory: Sendable {
    public let quests: [Quest]
    private let completedByDay: [Int: Set<Int>]

    /// - Parameter completions: `(quest number, day)` pairs, in any order.
    public init(quests: [Quest], completions: [(questNumber: Int, day: LocalDay)]) {
        self.quests = quests
        var byDay: [Int: Set<Int>] = [:]
        for completion in completions {
            byDay[completion.day.dayNumber, default: []].insert(completion.questNumber)
        }
        completedByDay = byDay
    }

    /// The first day any quest existed, or nil with no quests.
    public var firstDay: LocalDay? { quests.map(\.createdDay).min() }

    /// Scheduled and completed counts for `day`. Completions of quests not scheduled that day don't count.
    public func tally(on day: LocalDay) -> DayTally {
        let done = completedByDay[day.dayNumber] ?? []
        var scheduled = 0
        var completed = 0
        for quest in quests where quest.isScheduled(on: day) {
            scheduled += 1
            if done.contains(quest.number) { completed += 1 }
        }
        return DayTally(day: day, scheduled: scheduled, completed: completed)
    }

    /// Tallies for every day from `start` through `end`.
    public func tallies(from start: LocalDay, through end: LocalDay) -> [DayTally] {
        guard start <= end else { return [] }
        return (start.dayNumber...end.dayNumber).map { tally(on: LocalDay(dayNumber: $0)) }
    }

    /// Tallies for every day from the first day of the history through `today`.
    public func tallies(through today: LocalDay) -> [DayTally] {
        tallies(from: firstDay ?? today, through: today)
    }
}
