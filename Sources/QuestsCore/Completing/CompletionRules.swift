import FoundationEssentials

/// Decides whether a quest may be completed or un-completed for a day. Pure: the store applies the answer.
public enum CompletionRules {
    /// The schedule (and so the reward) that a completion of `quest` for `day` counts under.
    ///
    /// Refuses a future day, a day outside the back-fill window, a day that did not exist in `zone`'s
    /// time zone, a day the quest is not scheduled on, a flexible quest whose quota for the period holding
    /// `day` is already met, and (for today, unless `early`) a quest whose time has not arrived.
    ///
    /// - Parameter doneInPeriod: for a flexible quest, how many times it was completed in the whole quota
    ///   period holding `day`.
    public static func scheduleForCompleting(
        _ quest: Quest, on day: LocalDay, now: DayPosition, zone: Zone, settings: Settings, early: Bool,
        doneInPeriod: Int = 0
    ) throws(QuestsError) -> Schedule {
        try checkWindow(day, now: now, settings: settings)
        guard DayRule(zone: zone, dayStart: settings.dayStart).exists(day) else {
            throw .nonexistentDay(day, timeZone: zone.name)
        }
        let period = quest.quotaPeriod(containing: day, weekStart: settings.weekStart)
        guard quest.isScheduled(on: day) || period != nil, let schedule = quest.schedule(on: day) else {
            throw .notScheduled(quest: quest.title, day: day)
        }
        if let period, doneInPeriod >= period.times {
            throw .quotaAlreadyMet(
                quest: quest.title, times: period.times, period: period.per.rawValue, day: period.days.lowerBound)
        }
        if day == now.day, !early, let time = schedule.time,
            DayPosition.offset(of: time, dayStart: settings.dayStart) > now.minutesIntoDay
        {
            throw .notYetOpen(quest: quest.title, opensAt: time)
        }
        return schedule
    }

    /// Checks that a completion for `day` may be removed: today or a past day inside the back-fill window.
    public static func checkUndo(on day: LocalDay, now: DayPosition, settings: Settings) throws(QuestsError) {
        if day > now.day { throw .futureUndo(day) }
        try checkWindow(day, now: now, settings: settings)
    }

    /// The amount an undo debits, refusing one that would take the balance below zero.
    public static func undoDebit(of quest: Quest, credited: Int, balance: Int) throws(QuestsError) -> Int {
        guard balance >= credited else {
            throw .undoWouldOverdraw(quest: quest.title, credited: credited, balance: balance)
        }
        return -credited
    }

    /// How far ahead days off may be planned (a skip, a vacation's last day): a year, leap day included.
    public static let planningHorizonDays = 366

    /// Checks that `quest` may be skipped for `day` (`quests skip`): the day is inside the back-fill window
    /// or ahead within the planning horizon, exists in `zone`, and the quest is scheduled on it or flexible in
    /// a period holding it; a quest-day already completed is refused (undo it first).
    public static func checkSkip(
        _ quest: Quest, on day: LocalDay, completed: Bool, now: DayPosition, zone: Zone,
        settings: Settings
    ) throws(QuestsError) {
        try checkPlanningWindow(day, now: now, settings: settings)
        guard DayRule(zone: zone, dayStart: settings.dayStart).exists(day) else {
            throw .nonexistentDay(day, timeZone: zone.name)
        }
        guard quest.isScheduled(on: day) || quest.quotaPeriod(containing: day, weekStart: settings.weekStart) != nil
        else {
            throw .notScheduled(quest: quest.title, day: day)
        }
        if completed { throw .skipCompleted(quest: quest.title, day: day) }
    }

    /// Checks that a skip for `day` may be lifted (`quests unskip`): inside the back-fill window or the
    /// planning horizon, as for making it.
    public static func checkUnskip(on day: LocalDay, now: DayPosition, settings: Settings) throws(QuestsError) {
        try checkPlanningWindow(day, now: now, settings: settings)
    }

    /// The days of a new vacation from `start` through `end` (`start` alone when nil): it may reach into the
    /// future up to the planning horizon, but may not start before the back-fill window, end before it
    /// starts, or overlap one of `existing` (remove that one first).
    public static func vacationDays(
        from start: LocalDay, through end: LocalDay?, existing: [ClosedRange<LocalDay>],
        now: DayPosition, settings: Settings
    ) throws(QuestsError) -> ClosedRange<LocalDay> {
        let end = end ?? start
        guard start <= end else { throw .vacationEndsBeforeStart(start: start, end: end) }
        if start.days(to: now.day) > settings.backfillDays {
            throw .outsideBackfillWindow(start, windowDays: settings.backfillDays)
        }
        if now.day.days(to: end) > planningHorizonDays { throw .beyondPlanningHorizon(end) }
        if let overlap = existing.first(where: { $0.overlaps(start...end) }) {
            throw .vacationOverlaps(existing: overlap)
        }
        return start...end
    }

    /// A day inside the back-fill window, or ahead of today within the planning horizon.
    private static func checkPlanningWindow(_ day: LocalDay, now: DayPosition, settings: Settings) throws(QuestsError) {
        if day > now.day {
            if now.day.days(to: day) > planningHorizonDays { throw .beyondPlanningHorizon(day) }
            return
        }
        try checkWindow(day, now: now, settings: settings)
    }

    private static func checkWindow(_ day: LocalDay, now: DayPosition, settings: Settings) throws(QuestsError) {
        if day > now.day { throw .futureDay(day) }
        if day.days(to: now.day) > settings.backfillDays {
            throw .outsideBackfillWindow(day, windowDays: settings.backfillDays)
        }
    }
}
