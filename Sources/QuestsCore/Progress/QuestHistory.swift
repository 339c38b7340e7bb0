/// How many quests were due and completed on one day.
public struct DayTally: Hashable, Sendable {
    public let day: LocalDay
    /// Quests due that day (see `DayRule`): those scheduled with the schedule in force that day, and any
    /// other quest completed for it.
    public let scheduled: Int
    /// Of those, how many were completed for that day.
    public let completed: Int
    /// Quests scheduled that day that were skipped (not counted in `scheduled`).
    public let skipped: Int
    /// Whether the day is in a vacation.
    public let isVacation: Bool
    /// Whether a streak freeze covered the day (`FreezeCoverage.marking`): missed, neutral for the streak.
    public let isFrozen: Bool

    public init(
        day: LocalDay, scheduled: Int, completed: Int, skipped: Int = 0, isVacation: Bool = false,
        isFrozen: Bool = false
    ) {
        self.day = day
        self.scheduled = scheduled
        self.completed = completed
        self.skipped = skipped
        self.isVacation = isVacation
        self.isFrozen = isFrozen
    }

    /// Every due quest was completed (false on a day with nothing due).
    public var isCleared: Bool { scheduled > 0 && completed == scheduled }

    /// Neutral by the user's own choice: a vacation day not cleared, or a day whose due quests were all
    /// skipped (none done).
    public var isExcused: Bool { !isCleared && (isVacation || (scheduled == 0 && skipped > 0)) }

    /// The quests held against the day: what was due, except on a vacation day not cleared, where only what
    /// was done counts (what was left undone is not due). Completion rates count these.
    public var held: Int { isExcused ? completed : scheduled }
}

/// Quests and what their completions counted each day: answers, for any day, what was due and what was
/// done, following `DayRule`.
public struct QuestHistory: Sendable {
    public let quests: [Quest]
    /// Which days exist, and what is due on them.
    public let rule: DayRule
    /// What the completions counted, one entry per day from `firstCountedDay` on.
    private let counts: [DayCount?]
    private let firstCountedDay: Int
    /// The days (as day numbers, in order) each flexible quest was completed, by quest number.
    private let quotaDays: [Int: [Int]]
    /// Skips and vacations: vacation days are marked on their tallies, and a quota period holding either
    /// cannot end short. (Skips of scheduled quests come in through `dayCounts`.)
    public let neutral: NeutralDays

    /// - Parameters:
    ///   - dayCounts: what the completions of each day with any counted (at most one per day).
    ///   - quotaCompletions: the completions of flexible quests (`Quest.quotaRuns`), at least those from
    ///     the start of the period holding the first day asked about; others are ignored.
    ///   - neutral: the skips and vacations; the skips must also be in `dayCounts` (`DayRule.count`).
    public init(
        quests: [Quest], dayCounts: [DayCount], rule: DayRule,
        quotaCompletions: [(questNumber: Int, day: LocalDay)] = [],
        neutral: NeutralDays = .none
    ) {
        self.quests = quests
        self.rule = rule
        self.neutral = neutral
        let flexible = quests.filter { !$0.quotaRuns.isEmpty }.map(\.number)
        var quotaDays: [Int: [Int]] = [:]
        // Grouped a run of one quest's completions at a time (the store gives each quest's together, in
        // order): years of completions are not hashed one by one.
        var index = quotaCompletions.startIndex
        while index < quotaCompletions.endIndex {
            let number = quotaCompletions[index].questNumber
            var end = index + 1
            while end < quotaCompletions.endIndex, quotaCompletions[end].questNumber == number { end += 1 }
            if flexible.contains(number) {
                quotaDays[number, default: []] += quotaCompletions[index..<end].map(\.day.dayNumber)
            }
            index = end
        }
        self.quotaDays = quotaDays.mapValues { days in
            zip(days, days.dropFirst()).contains { $0 > $1 } ? days.sorted() : days
        }
        var (first, last) = (Int.max, Int.min)  // in one pass over years of days
        for count in dayCounts {
            first = min(first, count.day.dayNumber)
            last = max(last, count.day.dayNumber)
        }
        if dayCounts.isEmpty { (first, last) = (0, -1) }
        var counts = [DayCount?](repeating: nil, count: last - first + 1)
        for count in dayCounts { counts[count.day.dayNumber - first] = count }
        self.counts = counts
        firstCountedDay = first
    }

    /// What the completions of the day with `dayNumber` counted.
    private func count(on dayNumber: Int) -> DayCount? {
        let index = dayNumber - firstCountedDay
        return counts.indices.contains(index) ? counts[index] : nil
    }

    /// - Parameter completions: `(quest number, day)` pairs, in any order, at most one per quest and day.
    /// - Parameter neutral: skips and vacations.
    public init(
        quests: [Quest], completions: [(questNumber: Int, day: LocalDay)], rule: DayRule = .utc,
        neutral: NeutralDays = .none
    ) {
        self.init(
            quests: quests, dayCounts: Self.dayCounts(of: completions, skips: neutral.skips, quests: quests),
            rule: rule,
            quotaCompletions: completions, neutral: neutral)
    }

    /// What `completions` and `skips` count on each day with any (`DayRule.count`): what the store keeps per day.
    public static func dayCounts(
        of completions: [(questNumber: Int, day: LocalDay)],
        skips: some Collection<NeutralDays.QuestDay> = [NeutralDays.QuestDay](),
        quests: [Quest]
    ) -> [DayCount] {
        let byNumber = Dictionary(quests.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let byDay = Dictionary(grouping: completions, by: \.day.dayNumber)
        let skipsByDay = Dictionary(grouping: skips, by: \.day.dayNumber)
        return Set(byDay.keys).union(skipsByDay.keys).sorted().compactMap { dayNumber in
            DayRule.count(
                on: LocalDay(dayNumber: dayNumber), questNumbers: byDay[dayNumber, default: []].map(\.questNumber),
                skippedNumbers: skipsByDay[dayNumber, default: []].map(\.questNumber), quests: byNumber)
        }
    }

    /// The first day any quest existed, or nil with no quests.
    public var firstDay: LocalDay? { quests.map(\.createdDay).min() }

    /// Due and completed counts for `day`.
    public func tally(on day: LocalDay) -> DayTally {
        let scheduled = quests.reduce(0) { $0 + ($1.isScheduled(on: day) ? 1 : 0) }
        return rule.tally(
            on: day, scheduled: scheduled + shortPeriods(from: day, through: day)[0], count: count(on: day.dayNumber),
            isVacation: neutral.isVacation(day))
    }

    /// Tallies for every day from `start` through `end`.
    public func tallies(from start: LocalDay, through end: LocalDay) -> [DayTally] {
        guard start <= end else { return [] }
        let short = shortPeriods(from: start, through: end)
        let scheduled = zip(scheduledCounts(from: start, through: end), short).map(+)
        let skipped = rule.skippedDays(from: start, through: end)
        var vacation = [Bool](repeating: false, count: scheduled.count)
        for range in neutral.vacations where range.overlaps(start...end) {
            for day in max(range.lowerBound, start).dayNumber...min(range.upperBound, end).dayNumber {
                vacation[day - start.dayNumber] = true
            }
        }
        return scheduled.indices.map { offset in
            let day = start.adding(days: offset)
            return rule.tally(
                on: day, scheduled: scheduled[offset], count: count(on: day.dayNumber), exists: !skipped.contains(day),
                isVacation: vacation[offset])
        }
    }

    /// Tallies for every day from the first day of the history through `today`.
    public func tallies(through today: LocalDay) -> [DayTally] {
        tallies(from: firstDay ?? today, through: today)
    }

    /// How many flexible quests' judged periods end short of their quota on each day from `start` through
    /// `end` (`DayRule.endsShort`): each a missed quest that day, unless it was completed that day (then it
    /// is already due, and done, through its completion). A period holding a vacation day or a skip of the
    /// quest cannot end short (`NeutralDays.excuses`).
    private func shortPeriods(from start: LocalDay, through end: LocalDay) -> [Int] {
        var short = [Int](repeating: 0, count: start.days(to: end) + 1)
        for quest in quests {
            for run in quest.quotaRuns {
                let days = quotaDays[quest.number] ?? []
                // The periods come in order, one after another: the days in each are found by walking on
                // from the last one's (years of periods), after one search for the first.
                var next: Int?
                for period in run.judgedPeriods(endingFrom: start, through: end, weekStart: rule.weekStart) {
                    var first = next ?? Self.firstIndex(in: days, notBelow: period.lowerBound.dayNumber)
                    while first < days.count, days[first] < period.lowerBound.dayNumber { first += 1 }
                    var after = first
                    while after < days.count, days[after] <= period.upperBound.dayNumber { after += 1 }
                    next = after
                    let doneOnLastDay = after > first && days[after - 1] == period.upperBound.dayNumber
                    if after - first < run.times, !doneOnLastDay, !neutral.excuses(quest.number, period: period) {
                        short[start.days(to: period.upperBound)] += 1
                    }
                }
            }
        }
        return short
    }

    /// The index of the first of `days` (day numbers, in order) not below `value`.
    static func firstIndex(in days: [Int], notBelow value: Int) -> Int {
        var (low, high) = (0, days.count)
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many of `days` (day numbers, in order) fall in `period`.
    static func count(of days: [Int], in period: ClosedRange<LocalDay>) -> Int {
        firstIndex(in: days, notBelow: period.upperBound.dayNumber + 1)
            - firstIndex(in: days, notBelow: period.lowerBound.dayNumber)
    }

    /// How many quests are scheduled on each day from `start` through `end`: `Quest.isScheduled(on:)`
    /// summed over the quests, fast. Each of their `scheduledRuns` adds one to a run of same-weekday days,
    /// recorded as a start and an end per weekday (a difference array), so the cost grows with the
    /// versions and the days, not their product.
    private func scheduledCounts(from start: LocalDay, through end: LocalDay) -> [Int] {
        let dayCount = start.days(to: end) + 1
        let firstSlot = start.weekday.rawValue - 1  // slot of day offset 0; slot 0 is Monday, WeekdaySet's bit 0
        let weeks = (firstSlot + dayCount) / 7 + 2
        var changes = [Int](repeating: 0, count: 7 * weeks)  // slot by slot: `slot * weeks + week`
        var everyN = [Int](repeating: 0, count: dayCount)
        for run in quests.flatMap(\.scheduledRuns) {
            let from = max(run.from, start)
            let until = min(run.through ?? end, end)
            guard from <= until else { continue }
            if run.every > 1 {
                let phase = (run.every - run.anchor.days(to: from) % run.every) % run.every
                for offset in stride(from: start.days(to: from) + phase, through: start.days(to: until), by: run.every)
                {
                    everyN[offset] += 1
                }
                continue
            }
            let first = firstSlot + start.days(to: from)  // positions counted from the Monday before `start`
            let last = firstSlot + start.days(to: until)
            for slot in 0..<7 where run.weekdays.rawValue >> slot & 1 == 1 {
                let firstOfSlot = first + (slot - first % 7 + 7) % 7
                let lastOfSlot = last - (last % 7 - slot + 7) % 7
                guard firstOfSlot <= lastOfSlot else { continue }
                changes[slot * weeks + firstOfSlot / 7] += 1
                changes[slot * weeks + lastOfSlot / 7 + 1] -= 1
            }
        }
        var running = [Int](repeating: 0, count: 7)
        return (firstSlot..<(firstSlot + dayCount)).map { position in
            running[position % 7] += changes[position % 7 * weeks + position / 7]
            return running[position % 7] + everyN[position - firstSlot]
        }
    }
}
