/// What one day means for the streak.
public enum StreakDayStatus: String, Sendable {
    /// Every due quest completed: extends the streak.
    case cleared
    /// A due quest left undone on a past day: resets the streak.
    case missed
    /// Nothing due (or a day the clocks skipped): neither breaks nor extends.
    case unscheduled
    /// Marked neutral (a skip, a vacation, a streak freeze): neither breaks nor extends.
    case neutral
    /// Today, not cleared yet: does not break the streak while the day is still going.
    case inProgress
}

/// The current and the longest streak of cleared scheduled days.
public struct StreakSummary: Hashable, Sendable {
    /// Consecutive cleared scheduled days up to today.
    public let current: Int
    /// The first day of the current streak, nil when it is 0.
    public let currentStart: LocalDay?
    /// The longest streak ever.
    public let longest: Int
    /// The first and last day of the longest streak.
    public let longestStart: LocalDay?
    public let longestEnd: LocalDay?
    /// Today's status.
    public let today: StreakDayStatus
    /// The days on which the longest streak so far grew to each length (index 0 = length 1), for
    /// milestone achievements; of a walk that continued another, only those after the longest it began with
    /// (index 0 = that length + 1).
    public let daysReachingLength: [LocalDay]

    /// Where the walk stood after its last day.
    public var standing: StreakStanding {
        StreakStanding(
            current: current, currentStart: currentStart, longest: longest, longestStart: longestStart,
            longestEnd: longestEnd)
    }
}

/// Where a walk over the days in order stands after some of them: the streak running at their end and the
/// longest among them, so that a later walk can go on from there (`Streaks.summary(continuing:)`).
public struct StreakStanding: Hashable, Sendable {
    /// Cleared days in a row at the end of the days walked, and the first of them (nil when 0).
    public let current: Int
    public let currentStart: LocalDay?
    /// The longest streak among the days walked (the first when several are as long), its first and last
    /// day (nil when 0).
    public let longest: Int
    public let longestStart: LocalDay?
    public let longestEnd: LocalDay?

    public init(current: Int, currentStart: LocalDay?, longest: Int, longestStart: LocalDay?, longestEnd: LocalDay?) {
        self.current = current
        self.currentStart = currentStart
        self.longest = longest
        self.longestStart = longestStart
        self.longestEnd = longestEnd
    }

    /// Before any day.
    public static let start = StreakStanding(
        current: 0, currentStart: nil, longest: 0, longestStart: nil, longestEnd: nil)
}

/// The streak engine: walks the history day by day, each day's status given by `DayRule`. Pure; neutral
/// days come in as a predicate so that skips, vacations and streak freezes plug in without changing it.
public enum Streaks {
    /// The streaks of `history` as of `today`.
    public static func summary(
        of history: QuestHistory, today: LocalDay, isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> StreakSummary {
        summary(of: history.tallies(through: today), today: today, isNeutral: isNeutral)
    }

    /// The streaks of consecutive `tallies` (from the first day of the history through `today`), or, with
    /// `before`, of the days before them (where the walk over those stood) and them (from the day after those
    /// through `today`).
    public static func summary(
        of tallies: [DayTally], today: LocalDay, isNeutral: (LocalDay) -> Bool = { _ in false },
        continuing before: StreakStanding = .start
    ) -> StreakSummary {
        var run = before.current
        var runStart = before.currentStart
        var longest = before.longest
        var longestStart = before.longestStart
        var longestEnd = before.longestEnd
        var reaching: [LocalDay] = []
        var todayStatus = StreakDayStatus.unscheduled
        for tally in tallies {
            let status = DayRule.status(of: tally, today: today, isNeutral: isNeutral)
            if tally.day == today { todayStatus = status }
            switch status {
            case .cleared:
                if run == 0 { runStart = tally.day }
                run += 1
                if run > longest {
                    longest = run
                    longestStart = runStart
                    longestEnd = tally.day
                    reaching.append(tally.day)
                }
            case .missed:
                run = 0
                runStart = nil
            case .unscheduled, .neutral, .inProgress:
                break
            }
        }
        return StreakSummary(
            current: run, currentStart: runStart, longest: longest, longestStart: longestStart,
            longestEnd: longestEnd, today: todayStatus, daysReachingLength: reaching)
    }

    /// The current streak found by walking back from `today` no further than `earliest`, so that a
    /// caller can load only recent history. `reachedEarliest` says the walk got there unbroken, in which
    /// case an older start may extend it: walk again from further back.
    public static func currentStreak(
        of history: QuestHistory, today: LocalDay, earliest: LocalDay,
        isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> (days: Int, start: LocalDay?, reachedEarliest: Bool) {
        currentStreak(of: history.tallies(from: earliest, through: today), today: today, isNeutral: isNeutral)
    }

    /// The current streak found by walking back from `today` over consecutive `tallies` (ending today);
    /// `reachedEarliest` says the walk got to the first of them unbroken.
    public static func currentStreak(
        of tallies: [DayTally], today: LocalDay,
        isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> (days: Int, start: LocalDay?, reachedEarliest: Bool) {
        var days = 0
        var start: LocalDay?
        for tally in tallies.reversed() {
            switch DayRule.status(of: tally, today: today, isNeutral: isNeutral) {
            case .cleared:
                days += 1
                start = tally.day
            case .missed:
                return (days, start, false)
            case .unscheduled, .neutral, .inProgress:
                break
            }
        }
        return (days, start, true)
    }

    /// The current streak found by walking back from `today` over consecutive `tallies` (ending today), when
    /// the streak that ended the day before the first of them is known: `before`, what `currentStreak` finds
    /// over the days before. A walk that gets to the first tally unbroken goes on into it.
    public static func currentStreak(
        of tallies: [DayTally], today: LocalDay, isNeutral: (LocalDay) -> Bool = { _ in false },
        continuing before: (days: Int, start: LocalDay?)
    ) -> (days: Int, start: LocalDay?) {
        let walk = currentStreak(of: tallies, today: today, isNeutral: isNeutral)
        guard walk.reachedEarliest else { return (walk.days, walk.start) }
        return (walk.days + before.days, before.start ?? walk.start)
    }

    /// The last days of perfect weeks: whole weeks (starting on `weekStart`, on or after the first day of
    /// the history) that are over by `today` (or end today) in which every scheduled day was cleared, with
    /// at least one cleared day.
    public static func perfectWeekEnds(
        of history: QuestHistory, today: LocalDay, weekStart: Weekday,
        isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> [LocalDay] {
        perfectWeekEnds(of: history.tallies(through: today), today: today, weekStart: weekStart, isNeutral: isNeutral)
    }

    /// Perfect weeks among consecutive `tallies` (from the first day of the history through `today`).
    public static func perfectWeekEnds(
        of tallies: [DayTally], today: LocalDay, weekStart: Weekday,
        isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> [LocalDay] {
        guard let first = tallies.first?.day else { return [] }
        // The first week that starts within the tallies.
        var index = (7 - first.weekday.daysSince(weekStart)) % 7
        var ends: [LocalDay] = []
        while index + 7 <= tallies.count {
            // The week's statuses one by one (a week of years of history: no array made for each).
            var cleared = false
            var broken = false
            for tally in tallies[index..<(index + 7)] {
                switch DayRule.status(of: tally, today: today, isNeutral: isNeutral) {
                case .cleared: cleared = true
                case .missed, .inProgress: broken = true
                case .unscheduled, .neutral: break
                }
            }
            if cleared, !broken { ends.append(tallies[index + 6].day) }
            index += 7
        }
        return ends
    }
}
