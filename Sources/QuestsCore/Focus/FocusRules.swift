import FoundationEssentials

/// The rules of the day's focus, pure: which days may be planned or completed, the limit, the time window,
/// which task a reference names, what an earlier day offers, what a carry brings, and when the main quest
/// is achieved by itself. The store applies the answers, and pays through the ledger.
public enum FocusRules {
    /// The most tasks a day may be set to hold (`config focus-limit`, 1 to this).
    public static let maximumLimit = 10

    /// Checks that a day's focus may be planned or changed: today, a day ahead within the planning horizon
    /// (plan tomorrow tonight), or a past day within the back-fill window; and the day exists in `zone`.
    public static func checkPlanning(_ day: LocalDay, now: DayPosition, zone: Zone, settings: Settings)
        throws(QuestsError)
    {
        if day > now.day {
            if now.day.days(to: day) > CompletionRules.planningHorizonDays { throw .beyondPlanningHorizon(day) }
        } else if day.days(to: now.day) > settings.backfillDays {
            throw .outsideBackfillWindow(day, windowDays: settings.backfillDays)
        }
        try checkExists(day, zone: zone, settings: settings)
    }

    /// Checks that a task or main quest of `day` may be completed (or undone): today or a past day within
    /// the back-fill window, never ahead, and the day exists in `zone`.
    public static func checkCompleting(_ day: LocalDay, now: DayPosition, zone: Zone, settings: Settings)
        throws(QuestsError)
    {
        if day > now.day { throw .futureDay(day) }
        if day.days(to: now.day) > settings.backfillDays {
            throw .outsideBackfillWindow(day, windowDays: settings.backfillDays)
        }
        try checkExists(day, zone: zone, settings: settings)
    }

    /// A day without an instant in the time zone is never a focus day.
    public static func checkExists(_ day: LocalDay, zone: Zone, settings: Settings) throws(QuestsError) {
        guard DayRule(zone: zone, dayStart: settings.dayStart).exists(day) else {
            throw .nonexistentDay(day, timeZone: zone.name)
        }
    }

    /// Parses `--at`: `HH:MM`, or `HH:MM-HH:MM` whose end comes after its start.
    public static func parseWindow(_ text: String) throws(QuestsError) -> (at: TimeOfDay, until: TimeOfDay?) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let start = try TimeOfDay.parse(parts[0])
        guard parts.count == 2 else { return (start, nil) }
        let end = try TimeOfDay.parse(parts[1])
        guard end > start else { throw .windowEndsBeforeStart(start: start, end: end) }
        return (start, end)
    }

    /// Parses the limit a day may hold: 1 to `maximumLimit`.
    public static func parseLimit(_ text: String) -> Int? {
        guard let value = Int(text.trimmingWhitespace()), (1...maximumLimit).contains(value) else { return nil }
        return value
    }

    /// The most check-in times a day may have (`config focus-checkins`).
    public static let maximumCheckins = 24

    /// Parses `config focus-checkins`: times `HH:MM` separated by commas (in any order, each once), or
    /// `none` (or nothing) for no check-ins; nil for anything else.
    public static func parseCheckins(_ text: String) -> [TimeOfDay]? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return [] }
        var times: [TimeOfDay] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard let time = try? TimeOfDay.parse(String(part).trimmingWhitespace()) else { return nil }
            times.append(time)
        }
        guard times.count <= maximumCheckins, Set(times).count == times.count else { return nil }
        return times.sorted()
    }

    /// The check-in `quests remind` sends at `now`: the latest of `times` that has come today (times count
    /// from the day start, as quests open), unless one as late or later was sent already (`sent`) — a run
    /// after a sleep sends one check-in, not one per time missed — and only on a day with a focus. Nil
    /// when none is due.
    public static func dueCheckin(
        _ times: [TimeOfDay], now: DayPosition, dayStart: TimeOfDay, sent: Set<TimeOfDay>, focus: FocusDay
    ) -> TimeOfDay? {
        guard !focus.isEmpty else { return nil }
        let offset = { (time: TimeOfDay) in DayPosition.offset(of: time, dayStart: dayStart) }
        let come = times.filter { offset($0) <= now.minutesIntoDay }
        guard let latest = come.max(by: { offset($0) < offset($1) }) else { return nil }
        guard !sent.contains(where: { offset($0) >= offset(latest) }) else { return nil }
        return latest
    }

    /// Refuses `adding` more tasks to a day holding `holds` (live ones) past `limit`.
    public static func checkRoom(on day: LocalDay, holds: Int, adding: Int = 1, limit: Int) throws(QuestsError) {
        if holds + adding > limit { throw .focusFull(day: day, holds: holds, limit: limit) }
    }

    /// The task `reference` names on `focus`'s list: its position, or its title as quests are named.
    public static func resolve(_ reference: ItemReference, in focus: FocusDay) throws(QuestsError) -> FocusTask {
        try Reference.resolve(reference, among: focus.entries, kind: .task).task
    }

    /// Whether completing a task leaves the main quest achieved by itself: the day has an open main quest
    /// (not one taken back with `not-yet`) and every task on its list is done.
    public static func achievesByItself(goal: FocusGoal?, tasks: [FocusTask]) -> Bool {
        guard goal?.state == .open else { return false }
        let live = tasks.filter(\.isLive)
        return !live.isEmpty && live.allSatisfy { $0.state == .done }
    }

    /// What `earlier` (the most recent day before the one shown that has a focus) offers to carry over:
    /// its main quest when not achieved and not carried yet, unless the day shown has its own
    /// (`targetHasGoal`); its tasks still open and not carried yet (`carried`: the UUIDs of tasks already
    /// carried somewhere). Nil when nothing is left. `goalCarried` (whether the main quest was carried
    /// already) is asked only when the main quest could be offered otherwise.
    public static func offer(
        from earlier: LocalDay, goal: FocusGoal?, tasks: [FocusTask], carried: Set<UUID>,
        goalCarried: @autoclosure () throws -> Bool, targetHasGoal: Bool
    ) rethrows -> FocusOffer? {
        let offeredGoal = try goal.flatMap { try !$0.state.isAchieved && !targetHasGoal && !goalCarried() ? $0 : nil }
        let offeredTasks = tasks.filter { $0.state == .open && !carried.contains($0.id) }.sorted(
            by: FocusTask.listOrder)
        guard offeredGoal != nil || !offeredTasks.isEmpty else { return nil }
        return FocusOffer(from: earlier, goal: offeredGoal, tasks: offeredTasks)
    }

    /// What a carry brings: the chosen tasks (`chosen`, else all offered), in list order, as many as
    /// `room` leaves, and the ones that do not fit, which stay behind.
    public static func carryPlan(_ offer: FocusOffer, chosen: [FocusTask]? = nil, room: Int) -> (
        brought: [FocusTask], left: [FocusTask]
    ) {
        let wanted = (chosen ?? offer.tasks).sorted(by: FocusTask.listOrder)
        let fitting = max(0, room)
        return (Array(wanted.prefix(fitting)), Array(wanted.dropFirst(fitting)))
    }
}
