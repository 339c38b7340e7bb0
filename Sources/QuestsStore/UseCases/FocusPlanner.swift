import FoundationEssentials
import QuestsCore

/// A day's focus as `quests focus` shows it, with today (to word the day) and the balance.
public struct FocusView: Sendable {
    public let focus: FocusDay
    public let today: LocalDay
    public let balance: Int
}

/// What a `quests focus` command did.
public enum FocusAction: Sendable {
    /// The main quest was set; `replaced` its earlier wording.
    case goalSet(FocusGoal, replaced: Bool)
    case added(FocusTask)
    /// A task completed (or found done already); `goalAchieved` when that achieved the main quest by itself.
    case done(FocusTask, already: Bool, goalAchieved: Bool)
    /// A task un-completed; `goalReopened` when the main quest, achieved by itself, opened again.
    case undone(FocusTask, goalReopened: Bool)
    case dropped(FocusTask)
    case edited(FocusTask)
    /// The main quest achieved, with the tasks it completed (`already`: it was achieved before).
    case achieved(FocusGoal, completed: [FocusTask], already: Bool)
    /// The main quest, achieved by itself, taken back.
    case notYet(FocusGoal)
    /// Carried over from `from`: the tasks brought, whether the main quest came too, and what did not fit.
    case carried(from: LocalDay, tasks: [FocusTask], goal: Bool, left: [FocusTask])
}

/// What a `quests focus` command did, and the day's focus after it.
public struct FocusOutcome: Sendable {
    public let action: FocusAction
    public let focus: FocusDay
    public let today: LocalDay
    /// The change of the balance (focus payments made, less those taken back).
    public let credited: Int
    public let balance: Int
}

/// A day's focus (its main quest and tasks): planning, completing, carrying over, and the month of focus.
public struct FocusPlanner {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The focus of the day `dayReference` names (any day that exists), with what an earlier day offers.
    public func focus(on dayReference: DayReference = .today, now: Now) throws -> FocusView {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let day = dayReference.day(today: today)
            try FocusRules.checkExists(day, zone: now.zone, settings: settings)
            return FocusView(
                focus: try db.focusDay(day, today: today, settings: settings, zone: now.zone), today: today,
                balance: try db.balance()
            )
        }
    }

    /// Sets the main quest of the day `dayReference` names; setting it again replaces its wording.
    public func setGoal(_ title: String, on dayReference: DayReference = .today, now: Now) throws -> FocusOutcome {
        try Self.checkFocusTitle(title, goal: true)
        return try focusWrite(dayReference, now: now, completing: false) { db, day, settings, _ in
            if var goal = try db.focusGoal(on: day) {
                goal.title = title
                goal.setAt = now.instant
                try db.save(goal)
                return .goalSet(goal, replaced: true)
            }
            let goal = FocusGoal(day: day, title: title, reward: settings.focusGoalReward, setAt: now.instant)
            try db.save(goal)
            return .goalSet(goal, replaced: false)
        }
    }

    /// Adds a task to the day `dayReference` names, within its limit.
    public func addTask(
        _ title: String, priority: FocusPriority = .medium, at window: (at: TimeOfDay, until: TimeOfDay?)? = nil,
        reward: Int? = nil, on dayReference: DayReference = .today, now: Now
    ) throws -> FocusOutcome {
        try Self.checkFocusTitle(title, goal: false)
        return try focusWrite(dayReference, now: now, completing: false) { db, day, settings, focus in
            try FocusRules.checkRoom(on: day, holds: focus.entries.count, limit: settings.focusLimit)
            let task = FocusTask(
                id: db.ids.next(), day: day, title: title, priority: priority, at: window?.at, until: window?.until,
                reward: reward ?? settings.focusTaskReward, addedAt: try db.entryMoment(on: day, now: now))
            try db.save(task)
            return .added(task)
        }
    }

    /// Completes the task `reference` names and pays it; the last one of a day with an open main quest
    /// achieves it by itself (and pays its bonus). Completing it again pays nothing.
    public func completeTask(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws
        -> FocusOutcome
    {
        try focusWrite(dayReference, now: now, completing: true) { db, day, _, focus in
            var task = try FocusRules.resolve(reference, in: focus)
            guard task.state != .done else { return .done(task, already: true, goalAchieved: false) }
            task.state = .done
            try db.save(task)
            try db.settle(task, at: now.instant)
            var tasks = focus.tasks.filter { $0.id != task.id }
            tasks.append(task)
            guard var goal = focus.goal, FocusRules.achievesByItself(goal: goal, tasks: tasks) else {
                return .done(task, already: false, goalAchieved: false)
            }
            goal.state = .achievedByItself
            try db.save(goal)
            try db.settle(goal, at: now.instant)
            return .done(task, already: false, goalAchieved: true)
        }
    }

    /// Un-completes the task `reference` names and takes its payment back; a main quest achieved by itself
    /// opens again (its bonus taken back). Refused when those DD were already spent.
    public func undoTask(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws
        -> FocusOutcome
    {
        try focusWrite(dayReference, now: now, completing: true) { db, _, _, focus in
            var task = try FocusRules.resolve(reference, in: focus)
            guard task.state == .done else { throw QuestsError.taskNotDone(task.title) }
            var goal = focus.goal
            let reopens = goal?.state == .achievedByItself
            let takenBack =
                try db.netAmount(referringTo: task.id)
                + (reopens ? try db.netAmount(referringTo: goal?.id ?? task.id) : 0)
            try db.checkCanTakeBack(takenBack, title: task.title)
            task.state = .open
            try db.save(task)
            try db.settle(task, at: now.instant)
            if reopens, var reopened = goal {
                reopened.state = .open
                try db.save(reopened)
                try db.settle(reopened, at: now.instant)
                goal = reopened
            }
            return .undone(task, goalReopened: reopens)
        }
    }

    /// Takes the task `reference` names off its day's list: it stays in the history, unfinished, and its
    /// place is free. A task done is refused (undo it first).
    public func dropTask(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws
        -> FocusOutcome
    {
        try focusWrite(dayReference, now: now, completing: false) { db, _, _, focus in
            var task = try FocusRules.resolve(reference, in: focus)
            guard task.state == .open else { throw QuestsError.dropDoneTask(task.title) }
            task.state = .dropped
            try db.save(task)
            return .dropped(task)
        }
    }

    /// Changes the task `reference` names: its title, priority, time window (`clearingWindow` removes it),
    /// or its day (`moving`, within that day's limit; a task done stays on its day).
    public func editTask(
        _ reference: ItemReference, on dayReference: DayReference = .today, title: String? = nil,
        priority: FocusPriority? = nil, window: (at: TimeOfDay, until: TimeOfDay?)? = nil, clearingWindow: Bool = false,
        moving: DayReference? = nil, now: Now
    ) throws -> FocusOutcome {
        if let title { try Self.checkFocusTitle(title, goal: false) }
        guard title != nil || priority != nil || window != nil || clearingWindow || moving != nil else {
            throw QuestsError.nothingToChangeInTask
        }
        return try focusWrite(dayReference, now: now, completing: false) { db, _, settings, focus in
            var task = try FocusRules.resolve(reference, in: focus)
            if let title { task.title = title }
            if let priority { task.priority = priority }
            if clearingWindow { (task.at, task.until) = (nil, nil) }
            if let window { (task.at, task.until) = (window.at, window.until) }
            if let moving {
                let position = now.position(dayStart: settings.dayStart)
                let target = moving.day(today: position.day)
                if target != task.day {
                    guard task.state == .open else { throw QuestsError.moveDoneTask(task.title) }
                    try FocusRules.checkPlanning(target, now: position, zone: now.zone, settings: settings)
                    let holds = try db.focusTasks(on: target).count(where: \.isLive)
                    try FocusRules.checkRoom(on: target, holds: holds, limit: settings.focusLimit)
                    task.addedAt = try db.entryMoment(on: target, now: now)
                    task.day = target
                }
            }
            try db.save(task)
            return .edited(task)
        }
    }

    /// Achieves the main quest of the day: completes every unfinished task of it (each paid) and pays
    /// the bonus.
    public func achieveGoal(on dayReference: DayReference = .today, now: Now) throws -> FocusOutcome {
        try focusWrite(dayReference, now: now, completing: true) { db, day, _, focus in
            guard var goal = focus.goal else { throw QuestsError.noGoal(day) }
            var completed: [FocusTask] = []
            for var task in focus.tasks where task.state == .open {
                task.state = .done
                try db.save(task)
                try db.settle(task, at: now.instant)
                completed.append(task)
            }
            let already = goal.state.isAchieved
            goal.state = .achieved
            try db.save(goal)
            try db.settle(goal, at: now.instant)
            return .achieved(goal, completed: completed, already: already && completed.isEmpty)
        }
    }

    /// Takes back a main quest achieved by itself (its bonus returned): it stays open until `achieved` is said.
    public func notYet(on dayReference: DayReference = .today, now: Now) throws -> FocusOutcome {
        try focusWrite(dayReference, now: now, completing: true) { db, day, _, focus in
            guard var goal = focus.goal else { throw QuestsError.noGoal(day) }
            guard goal.state == .achievedByItself else {
                throw QuestsError.goalNotAchievedByItself(title: goal.title, state: goal.state)
            }
            try db.checkCanTakeBack(try db.netAmount(referringTo: goal.id), title: goal.title)
            goal.state = .notYet
            try db.save(goal)
            try db.settle(goal, at: now.instant)
            return .notYet(goal)
        }
    }

    /// Brings what the most recent earlier day with a focus left unfinished to the day `dayReference`
    /// names, marked carried over: the tasks `references` name among those offered (all when none, and the
    /// main quest with them), as many as the day's limit leaves room for. The earlier day keeps its history.
    public func carry(_ references: [ItemReference] = [], to dayReference: DayReference = .today, now: Now) throws
        -> FocusOutcome
    {
        try focusWrite(dayReference, now: now, completing: false) { db, day, settings, focus in
            guard let offer = focus.offer else { throw QuestsError.nothingToCarry(day) }
            let offered = FocusDay(day: offer.from, limit: .max, goal: nil, tasks: offer.tasks)
            var chosen: [FocusTask]?
            if !references.isEmpty {
                var picked: [FocusTask] = []
                for reference in references {
                    let task = try FocusRules.resolve(reference, in: offered)
                    if !picked.contains(task) { picked.append(task) }
                }
                chosen = picked
            }
            let bringsGoal = references.isEmpty && offer.goal != nil
            let room = settings.focusLimit - focus.entries.count
            let plan = FocusRules.carryPlan(offer, chosen: chosen, room: room)
            if plan.brought.isEmpty, !bringsGoal {
                throw QuestsError.focusFull(day: day, holds: focus.entries.count, limit: settings.focusLimit)
            }
            var brought: [FocusTask] = []
            for original in plan.brought {
                // It keeps its place in the order added: carried tasks lead their priority.
                let task = FocusTask(
                    id: db.ids.next(), day: day, title: original.title, priority: original.priority, at: original.at,
                    until: original.until, reward: original.reward, carriedFrom: original.id, addedAt: original.addedAt)
                try db.save(task)
                brought.append(task)
            }
            if bringsGoal, let earlier = offer.goal {
                try db.save(
                    FocusGoal(
                        day: day, title: earlier.title, reward: settings.focusGoalReward, carriedFrom: offer.from,
                        setAt: now.instant))
            }
            return .carried(from: offer.from, tasks: brought, goal: bringsGoal, left: plan.left)
        }
    }

    /// The month `month` names (nil: this month) as `quests month` draws it: its focus tasks and main
    /// quests, and which of its days cleared their quests, as of `now`.
    public func month(_ month: Month? = nil, now: Now) throws -> FocusMonth {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let month = month ?? Month(containing: today)
            // Days after today are not judged: nothing of theirs is cleared yet.
            let through = min(month.last, today)
            let tallies =
                through < month.first
                ? []
                : try db.history(since: month.first, through: through, zone: now.zone, settings: settings).tallies(
                    from: month.first, through: through)
            return FocusMonth(
                month: month, weekStart: settings.weekStart, today: today,
                goals: try db.focusGoals(from: month.first, through: month.last),
                tasks: try db.focusTasks(from: month.first, through: month.last), tallies: tallies)
        }
    }

    /// Runs `body` in one write transaction over the focus of the day `dayReference` names, checked for
    /// planning (`completing` false: today, ahead, or back-filled) or for completing (never ahead).
    private func focusWrite(
        _ dayReference: DayReference, now: Now, completing: Bool,
        _ body: (Database, LocalDay, Settings, FocusDay) throws -> FocusAction
    ) throws -> FocusOutcome {
        try store.write { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            if completing {
                try FocusRules.checkCompleting(day, now: position, zone: now.zone, settings: settings)
            } else {
                try FocusRules.checkPlanning(day, now: position, zone: now.zone, settings: settings)
            }
            let judged = try db.isJudged(today: position.day, zone: now.zone)
            let before = try db.balance()
            let action = try body(
                db, day, settings, try db.focusDay(day, today: position.day, settings: settings, zone: now.zone))
            let balance = try db.balance()
            // The focus is no fact achievements or streaks are judged on; its payments are DD earned, made
            // today. The store stays judged unless a credit may reach an achievement not recorded yet, which
            // the next judging command records.
            if judged {
                _ = try db.stillJudged(
                    after: .ledgerOnly(day: position.day, credited: balance > before), now: now, settings: settings,
                    quests: nil)
            }
            return FocusOutcome(
                action: action, focus: try db.focusDay(day, today: position.day, settings: settings, zone: now.zone),
                today: position.day,
                credited: balance - before, balance: balance)
        }
    }

    private static func checkFocusTitle(_ title: String, goal: Bool) throws {
        guard !title.trimmingSpacesAndNewlines().isEmpty else {
            throw QuestsError.emptyFocusTitle(goal: goal)
        }
        try UserText.check(title, as: .title)
    }
}

extension Database {
    /// The focus of `day` for the board, `next` and `status`, read inside the caller's transaction, on
    /// `today`. A store from before the focus (read-only, not migrated) has none.
    func focusDay(
        _ day: LocalDay, today: LocalDay, settings: Settings, zone: Zone, reading: FocusReading = .withOffer
    ) throws -> FocusDay {
        guard reading != .none else { return FocusDay(day: day, limit: settings.focusLimit, goal: nil, tasks: []) }
        let goal = try focusGoal(on: day)
        return FocusDay(
            day: day, limit: settings.focusLimit, goal: goal, tasks: try focusTasks(on: day),
            offer: reading == .withOffer
                ? try focusOffer(for: day, today: today, hasGoal: goal != nil, settings: settings, zone: zone) : nil)
    }

    /// What the most recent earlier day with a focus (one that exists in `zone`) left unfinished and not
    /// carried yet, once that day is over (before `today`): a day still going has nothing left unfinished.
    private func focusOffer(
        for day: LocalDay, today: LocalDay, hasGoal: Bool, settings: Settings, zone: Zone
    ) throws -> FocusOffer? {
        var before = day
        let rule = DayRule(zone: zone, dayStart: settings.dayStart)
        while let earlier = try latestFocusDay(before: before) {
            guard earlier < today else { return nil }
            guard rule.exists(earlier) else {
                before = earlier
                continue
            }
            let tasks = try focusTasks(on: earlier)
            var carried: Set<UUID> = []
            for task in tasks where task.state == .open {
                if try isCarried(task.id) { carried.insert(task.id) }
            }
            return try FocusRules.offer(
                from: earlier, goal: focusGoal(on: earlier), tasks: tasks, carried: carried,
                goalCarried: isGoalCarried(from: earlier), targetHasGoal: hasGoal)
        }
        return nil
    }

    // MARK: - Helpers

    /// The moment a new task enters `day`: now, or a second after the day's latest task when that is later,
    /// so that the order added is kept even for tasks added within one second.
    fileprivate func entryMoment(on day: LocalDay, now: Now) throws -> Date {
        let latest = try focusTasks(on: day).map(\.addedAt).max()
        guard let latest, latest >= now.instant else { return now.instant }
        return latest.addingTimeInterval(1)
    }

    /// Refuses taking back `amount` DD when the balance is smaller (they were spent).
    fileprivate func checkCanTakeBack(_ amount: Int, title: String) throws {
        let balance = try balance()
        if amount > 0, balance < amount {
            throw QuestsError.undoWouldOverdraw(quest: title, credited: amount, balance: balance)
        }
    }

    fileprivate func settle(_ task: FocusTask, at moment: Date) throws {
        try settleFocus(
            task.id, kind: .focusTask, to: Self.due(task), memo: LedgerMemo.about(task.title, on: task.day), at: moment)
    }

    fileprivate func settle(_ goal: FocusGoal, at moment: Date) throws {
        try settleFocus(
            goal.id, kind: .focusGoal, to: Self.due(goal), memo: LedgerMemo.about(goal.title, on: goal.day), at: moment)
    }

}
