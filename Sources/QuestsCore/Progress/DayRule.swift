import FoundationEssentials

/// The one rule for what a day asks of the user: which quests are due on it, and what the day came to.
///
/// A quest is due on a day when it is scheduled on it (`Quest.isScheduled(on:)`: it existed, was not
/// archived, and the day is one of its weekdays, or one of its every-N days, under the version in force)
/// or was completed for it: what already happened stays part of its day, even when the quest is archived
/// or its weekdays change that same day. A flexible quest (N times a week or month) is never scheduled:
/// it is due on the days it was completed, and on the last day of a judged period that ends short of its
/// quota (`QuotaRun`), where it counts as one missed unless it was completed that day; weeks start on
/// `weekStart`. A day that has no instant in the user's time zone (Pacific/Apia skipped 2011-12-30) is
/// not a day: nothing is due on it and nothing can be completed for it. The board, the per-day counts
/// the store keeps, streaks, the heatmap, achievements and doctor all follow this rule.
public struct DayRule: Sendable {
    /// The time zone that says which days exist.
    public let zone: Zone
    /// When quest days begin.
    public let dayStart: TimeOfDay
    /// The first day of a week, for flexible quests' weekly quotas.
    public let weekStart: Weekday

    public init(zone: Zone, dayStart: TimeOfDay, weekStart: Weekday = .monday) {
        self.zone = zone
        self.dayStart = dayStart
        self.weekStart = weekStart
    }

    /// Days in `zone` as `settings` divide them (day start, week start).
    public init(zone: Zone, settings: Settings) {
        self.init(zone: zone, dayStart: settings.dayStart, weekStart: settings.weekStart)
    }

    /// Days in `calendar`'s time zone.
    public init(calendar: Calendar, dayStart: TimeOfDay, weekStart: Weekday = .monday) {
        self.init(zone: Zone(calendar.timeZone), dayStart: dayStart, weekStart: weekStart)
    }

    /// Quest days starting at midnight UTC, where every day exists.
    public static let utc = DayRule(zone: .utc, dayStart: .midnight)

    /// Whether the quest day `day` has at least one instant in the time zone.
    ///
    /// The day runs from its day start to the next day's, in local wall-clock time. It exists when some
    /// instant falls in it under the offset in force at that instant: its first or last second does under
    /// one of the offsets in force around it (one in almost every zone, two on a day the clocks change).
    public func exists(_ day: LocalDay) -> Bool {
        let start = day.dayNumber * 86_400 + dayStart.minutes * 60  // local seconds since 1970
        let ends = [start, start + 86_399]
        func falls(local: Int, offset: Int) -> Bool {
            let instant = Date(timeIntervalSince1970: TimeInterval(local - offset))
            return DayPosition(moment: instant, zone: zone, dayStart: dayStart).day == day
        }
        func offset(at seconds: Int) -> Int {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        // Almost always: the offset guessed from the day's start is the one in force at that instant.
        let guess = offset(at: start)
        if offset(at: start - guess) == guess { return true }
        let usual = offset(at: start - guess)
        if ends.contains(where: { falls(local: $0, offset: usual) }) { return true }
        // Offsets range from -12 to +14 hours: every instant that could fall in the day lies in this span.
        let offsets = Set(
            stride(from: start - 14 * 3600, through: start + 86_400 + 12 * 3600, by: 1800).map(offset(at:)))
        return offsets.contains { offset in ends.contains { falls(local: $0, offset: offset) } }
    }

    /// Whether `quest` is due on `day`, given whether it was completed for it and, for a flexible quest,
    /// how many times it was completed in the period holding `day` (counted through the period's end). A
    /// quest-day skipped and not completed is not due (`neutral`).
    /// - Parameter exists: whether the day exists, when the caller already knows.
    public func isDue(
        _ quest: Quest, on day: LocalDay, completed: Bool, doneInPeriod: Int = 0, exists: Bool? = nil,
        neutral: NeutralDays = .none
    ) -> Bool {
        guard exists ?? self.exists(day) else { return false }
        if completed { return true }
        if neutral.isSkipped(quest.number, on: day) { return false }
        return quest.isScheduled(on: day) || endsShort(quest, on: day, doneInPeriod: doneInPeriod, neutral: neutral)
    }

    /// Where `quest` stands on `day` seen on `today`, for a per-quest view (its own streak, its history):
    /// not due, done, due (today or later, not done yet) or missed (a past due day not done).
    /// - Parameter doneInPeriod: for a flexible quest, its completions in the period holding `day`.
    /// - Parameter neutral: skips and vacations: a skipped quest-day, or a vacation day, not done is not due.
    public func status(
        of quest: Quest, on day: LocalDay, completed: Bool, doneInPeriod: Int = 0, neutral: NeutralDays = .none,
        today: LocalDay
    ) -> QuestDayStatus {
        guard isDue(quest, on: day, completed: completed, doneInPeriod: doneInPeriod, neutral: neutral) else {
            return .notDue
        }
        if neutral.isVacation(day) && !completed { return .notDue }
        if completed { return .done }
        return day < today ? .missed : .due
    }

    /// Whether a judged quota period of `quest` ends on `day` short of its quota, given how many times it
    /// was completed in it; a period holding a vacation day or a skip of the quest cannot (`NeutralDays.excuses`).
    public func endsShort(_ quest: Quest, on day: LocalDay, doneInPeriod: Int, neutral: NeutralDays = .none) -> Bool {
        guard let period = quest.quotaPeriod(containing: day, weekStart: weekStart) else { return false }
        return period.isJudged && period.days.upperBound == day && doneInPeriod < period.times
            && !neutral.excuses(quest.number, period: period.days)
    }

    /// The days from `start` through `end` that do not exist (`exists`), found without asking about every
    /// day: only a change of clocks that moves them forward can skip a day, so only the days around each
    /// such change are examined.
    public func skippedDays(from start: LocalDay, through end: LocalDay) -> Set<LocalDay> {
        guard start <= end else { return [] }
        let span = (start.dayNumber - 2) * 86_400...(end.dayNumber + 3) * 86_400
        var skipped: Set<LocalDay> = []
        for change in zone.transitions(in: span) where zone.offset(at: change) > zone.offset(at: change - 1) {
            let local = LocalDay(dayNumber: (change + zone.offset(at: change - 1)).floorDiv(86_400))
            for day in (-2...2).map(local.adding(days:)) where start <= day && day <= end && !exists(day) {
                skipped.insert(day)
            }
        }
        return skipped
    }

    /// The tally of `day` from the number of quests scheduled on it and what its completions count.
    /// - Parameter exists: whether the day exists, when the caller already knows.
    /// - Parameter scheduled: the quests scheduled that day, with the flexible periods ending short on it.
    /// - Parameter isVacation: whether the day is in a vacation (`NeutralDays`).
    ///
    /// A skipped quest-day is not due: the day's skips (`DayCount.skipped`) come off what is scheduled.
    func tally(on day: LocalDay, scheduled: Int, count: DayCount?, exists: Bool? = nil, isVacation: Bool = false)
        -> DayTally
    {
        guard exists ?? self.exists(day) else { return DayTally(day: day, scheduled: 0, completed: 0) }
        let skipped = count?.skipped ?? 0
        return DayTally(
            day: day, scheduled: scheduled + (count?.unscheduled ?? 0) - skipped, completed: count?.completed ?? 0,
            skipped: skipped, isVacation: isVacation)
    }

    /// What the completions and skips of `day` count: every completion, how many of them are of quests not
    /// scheduled that day, and how many quests scheduled that day were skipped and not completed (a
    /// completion wins over a skip of the same quest-day). Independent of the time zone, so the store may
    /// keep it; nil when nothing counts.
    ///
    /// - Parameter questNumbers: the quests completed for `day`; numbers not in `quests` are ignored.
    @inlinable  // specialized where it is called, once per day of years of history
    public static func count(on day: LocalDay, questNumbers: some Sequence<Int>, quests: [Int: Quest]) -> DayCount? {
        count(on: day, completedQuests: questNumbers.lazy.compactMap { quests[$0] })
    }

    /// What the completions and the skips of `day` count (see above).
    /// - Parameter skippedNumbers: the quests skipped for `day`; a skip of a quest not scheduled that day
    ///   (a flexible quest) counts in its quota period instead (`NeutralDays.excuses`).
    public static func count(on day: LocalDay, questNumbers: [Int], skippedNumbers: [Int], quests: [Int: Quest])
        -> DayCount?
    {
        var skipped = 0
        for number in Set(skippedNumbers)
        where !questNumbers.contains(number) && quests[number]?.isScheduled(on: day) == true {
            skipped += 1
        }
        return count(on: day, completedQuests: questNumbers.lazy.compactMap { quests[$0] }, skipped: skipped)
    }

    /// What the completions of `quest` for `days` count, each day holding only that one (`count(on:completedQuests:)`
    /// of the quest alone, day after day): its scheduled runs are worked out once for all the days.
    public static func counts(of quest: Quest, completedOn days: [LocalDay]) -> [DayCount] {
        let runs = quest.scheduledRuns  // `Quest.isScheduled(on:)`, without rebuilding them for every day
        return days.map { day in
            DayCount(day: day, completed: 1, unscheduled: runs.contains { $0.contains(day) } ? 0 : 1)
        }
    }

    /// `counts(of:completedOn:)` and the days `quest` was skipped and not completed (`neutral`, which voids
    /// a skip of a day completed): each of those days holds only that quest.
    public static func counts(of quest: Quest, completedOn days: [LocalDay], neutral: NeutralDays) -> [DayCount] {
        let own = [quest.number: quest]
        return counts(of: quest, completedOn: days)
            + neutral.skips.filter { $0.questNumber == quest.number }
            .compactMap { count(on: $0.day, questNumbers: [], skippedNumbers: [quest.number], quests: own) }
    }

    /// What the completions of `day` of `completedQuests` (each completed for it once) count, with `skipped`
    /// quests scheduled that day skipped and not completed; nil for none.
    @inlinable
    public static func count(on day: LocalDay, completedQuests: some Sequence<Quest>, skipped: Int = 0) -> DayCount? {
        var completed = 0
        var unscheduled = 0
        for quest in completedQuests {
            completed += 1
            if !quest.isScheduled(on: day) { unscheduled += 1 }
        }
        return completed > 0 || skipped > 0
            ? DayCount(day: day, completed: completed, unscheduled: unscheduled, skipped: skipped) : nil
    }

    /// What the day of `tally` means for the streak, seen on `today`: cleared when every due quest was
    /// completed (a vacation day too), neutral when it is in a vacation, when its due quests were all
    /// skipped (`DayTally.isExcused`) or when `isNeutral` says so (a streak freeze), missed when a due quest
    /// was left undone on a past day.
    public static func status(of tally: DayTally, today: LocalDay, isNeutral: (LocalDay) -> Bool) -> StreakDayStatus {
        if tally.isCleared { return .cleared }
        if tally.isExcused || isNeutral(tally.day) { return .neutral }
        if tally.scheduled == 0 { return .unscheduled }
        return tally.day == today ? .inProgress : .missed
    }
}

/// Where one quest stands on one day, or one flexible quest in one period (`DayRule.status(of:on:...)`,
/// `QuotaPeriodInfo.status(done:today:)`).
public enum QuestDayStatus: String, Sendable {
    case notDue = "not-due"
    case due
    case done
    case missed
}

/// What the completions of one day count, as the store keeps it per day.
public struct DayCount: Hashable, Sendable {
    public let day: LocalDay
    /// Every completion for the day.
    public let completed: Int
    /// Of those, completions of quests not scheduled that day (archived, or their weekdays changed, after
    /// they were completed): due that day all the same.
    public let unscheduled: Int
    /// Quests scheduled that day that were skipped and not completed: not due that day.
    public let skipped: Int

    public init(day: LocalDay, completed: Int, unscheduled: Int, skipped: Int = 0) {
        self.day = day
        self.completed = completed
        self.unscheduled = unscheduled
        self.skipped = skipped
    }
}
