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
    /// Completions of quests scheduled on their day, one entry per day from `firstCountedDay` on.
    private let completed: [Int]
    private let firstCountedDay: Int

    /// - Parameter completedCounts: for each day with any, how many quests scheduled that day were completed.
    public init(quests: [Quest], completedCounts: [(day: LocalDay, completed: Int)]) {
        self.quests = quests
        let first = completedCounts.map(\.day.dayNumber).min() ?? 0
        let last = completedCounts.map(\.day.dayNumber).max() ?? -1
        var completed = [Int](repeating: 0, count: last - first + 1)
        for count in completedCounts { completed[count.day.dayNumber - first] += count.completed }
        self.completed = completed
        firstCountedDay = first
    }

    /// Completed scheduled quests on the day with `dayNumber`.
    private func completedCount(on dayNumber: Int) -> Int {
        let index = dayNumber - firstCountedDay
        return completed.indices.contains(index) ? completed[index] : 0
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
        return DayTally(day: day, scheduled: scheduled, completed: completedCount(on: day.dayNumber))
    }

    /// Tallies for every day from `start` through `end`.
    public func tallies(from start: LocalDay, through end: LocalDay) -> [DayTally] {
        guard start <= end else { return [] }
        let scheduled = scheduledCounts(from: start, through: end)
        return scheduled.indices.map { offset in
            let day = start.adding(days: offset)
            return DayTally(day: day, scheduled: scheduled[offset], completed: completedCount(on: day.dayNumber))
        }
    }

    /// Tallies for every day from the first day of the history through `today`.
    public func tallies(through today: LocalDay) -> [DayTally] {
        tallies(from: firstDay ?? today, through: today)
    }

    /// How many quests are scheduled on each day from `start` through `end`. Each schedule version adds
    /// one to a run of same-weekday days, recorded as a start and an end per weekday (a difference
    /// array), so the cost grows with the versions and the days, not their product.
    private func scheduledCounts(from start: LocalDay, through end: LocalDay) -> [Int] {
        let dayCount = start.days(to: end) + 1
        let firstSlot = start.weekday.rawValue - 1  // slot of day offset 0; slot 0 is Monday, WeekdaySet's bit 0
        let weeks = (firstSlot + dayCount) / 7 + 2
        var changes = [[Int]](repeating: [Int](repeating: 0, count: weeks), count: 7)
        for quest in quests {
            for (index, version) in quest.versions.enumerated() where !version.schedule.archived {
                let from = max(version.effectiveFrom, quest.createdDay, start)
                let until = index + 1 < quest.versions.count ? min(quest.versions[index + 1].effectiveFrom.adding(days: -1), end) : end
                guard from <= until else { continue }
                let first = firstSlot + start.days(to: from)  // positions counted from the Monday before `start`
                let last = firstSlot + start.days(to: until)
                for slot in 0..<7 where version.schedule.weekdays.rawValue >> slot & 1 == 1 {
                    let firstOfSlot = first + (slot - first % 7 + 7) % 7
                    let lastOfSlot = last - (last % 7 - slot + 7) % 7
                    guard firstOfSlot <= lastOfSlot else { continue }
                    changes[slot][firstOfSlot / 7] += 1
                    changes[slot][lastOfSlot / 7 + 1] -= 1
                }
            }
        }
        var running = [Int](repeating: 0, count: 7)
        return (firstSlot..<(firstSlot + dayCount)).map { position in
            running[position % 7] += changes[position % 7][position / 7]
            return running[position % 7]
        }
    }
}
