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

/// Quests and how many of them were completed each day: answers, for any day, what was scheduled and
/// what was done.
public struct QuestHistory: Sendable {
    public let quests: [Quest]
    /// Completions of quests scheduled on their day, by day number.
    private let completedByDay: [Int: Int]

    /// - Parameter completedCounts: for each day with any, how many quests scheduled that day were completed.
    public init(quests: [Quest], completedCounts: [(day: LocalDay, completed: Int)]) {
        self.quests = quests
        completedByDay = Dictionary(completedCounts.map { ($0.day.dayNumber, $0.completed) }, uniquingKeysWith: +)
    }

    /// - Parameter completions: `(quest number, day)` pairs, in any order. Completions of quests not
    ///   scheduled on their day don't count.
    public init(quests: [Quest], completions: [(questNumber: Int, day: LocalDay)]) {
        self.init(quests: quests, completedCounts: Self.completedCounts(of: completions, quests: quests))
    }

    /// For each day with any, how many of `completions` are of quests scheduled on their day: the
    /// definition the store's per-day counts follow.
    public static func completedCounts(of completions: [(questNumber: Int, day: LocalDay)], quests: [Quest]) -> [(day: LocalDay, completed: Int)] {
        let byNumber = Dictionary(quests.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        var counts: [Int: Int] = [:]
        for completion in completions where byNumber[completion.questNumber]?.isScheduled(on: completion.day) == true {
            counts[completion.day.dayNumber, default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { (LocalDay(dayNumber: $0.key), $0.value) }
    }

    /// The first day any quest existed, or nil with no quests.
    public var firstDay: LocalDay? { quests.map(\.createdDay).min() }

    /// Scheduled and completed counts for `day`.
    public func tally(on day: LocalDay) -> DayTally {
        let scheduled = quests.reduce(0) { $0 + ($1.isScheduled(on: day) ? 1 : 0) }
        return DayTally(day: day, scheduled: scheduled, completed: completedByDay[day.dayNumber] ?? 0)
    }

    /// Tallies for every day from `start` through `end`.
    public func tallies(from start: LocalDay, through end: LocalDay) -> [DayTally] {
        guard start <= end else { return [] }
        let scheduled = scheduledCounts(from: start, through: end)
        return scheduled.indices.map { offset in
            let day = start.adding(days: offset)
            return DayTally(day: day, scheduled: scheduled[offset], completed: completedByDay[day.dayNumber] ?? 0)
        }
    }

    /// Tallies for every day from the first day of the history through `today`.
    public func tallies(through today: LocalDay) -> [DayTally] {
        tallies(from: firstDay ?? today, through: today)
    }

    /// How many quests are scheduled on each day from `start` through `end`, walking each quest's
    /// schedule versions once instead of looking up the version in force day by day.
    private func scheduledCounts(from start: LocalDay, through end: LocalDay) -> [Int] {
        var counts = [Int](repeating: 0, count: start.days(to: end) + 1)
        for quest in quests {
            for (index, version) in quest.versions.enumerated() where !version.schedule.archived {
                let from = max(version.effectiveFrom, quest.createdDay, start)
                let until = index + 1 < quest.versions.count ? min(quest.versions[index + 1].effectiveFrom.adding(days: -1), end) : end
                guard from <= until else { continue }
                let weekdays = version.schedule.weekdays.rawValue
                var weekdayBit = from.weekday.rawValue - 1  // WeekdaySet's bit for the day: 0 is Monday
                for offset in (from.dayNumber - start.dayNumber)...(until.dayNumber - start.dayNumber) {
                    counts[offset] += weekdays >> weekdayBit & 1
                    weekdayBit = weekdayBit == 6 ? 0 : weekdayBit + 1
                }
            }
        }
        return counts
    }
}
