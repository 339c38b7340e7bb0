/// The quests due on one day (see `DayRule`), each in its state, as the quest board shows them.
public struct Board: Sendable {
    /// One quest on the board.
    public struct Entry: Sendable, Hashable {
        public let quest: Quest
        /// The schedule in force that day (its time and reward are the ones that count).
        public let schedule: Schedule
        public let state: QuestState
        /// Whether the quest was completed that day; a flexible quest whose quota other days met is Completed
        /// without it.
        public let completedThatDay: Bool
        /// Daily Dollars: for a completed quest the amount its completion was paid (net of any reversal),
        /// otherwise what its schedule that day pays (0 for a flexible quest whose quota is met by other days).
        public let reward: Int
        /// For a flexible quest: its quota period that day and how many times it was done in it so far.
        public let quota: QuotaProgress?
        /// Whether the quest is due that day (`DayRule`): a flexible quest is on the board every day of its
        /// period, but due only on the days it is done and on the last day of a period that ends short.
        public let isDue: Bool
        /// For a counted or limit quest (`schedule.measure`), the day's total; nil for a yes/no quest.
        public let amount: Amount?

        /// Whether it is done by doing something: every quest but a limit quest, which is kept by doing no more
        /// (never the one to do next, never reminded of).
        public var asksToBeDone: Bool { schedule.measure?.kind != .atMost }

        /// Whether it counts as done on the board: completed, or a limit quest still within its limit.
        public var isKept: Bool {
            state == .completed || (schedule.measure?.kind == .atMost && state != .over && state != .skipped)
        }
    }

    /// How far a flexible quest is through its quota, as the board shows it ("2/3 this week").
    public struct QuotaProgress: Sendable, Hashable {
        public let done: Int
        public let period: QuotaPeriodInfo
        public var isMet: Bool { done >= period.times }
    }

    public let day: LocalDay
    /// Whether `day` is in a vacation.
    public let isVacation: Bool
    /// Available first, then Missed, Upcoming, Completed and Skipped; each in order of opening time, quests without a
    /// time last, then by title.
    public let entries: [Entry]

    /// The board of `day`, seen at `now`.
    ///
    /// - Parameters:
    ///   - quests: every quest (those not due on `day`, nor flexible that day, are left out).
    ///   - paid: the quests completed for `day`, by number, each with the Daily Dollars it was paid.
    ///   - periodDone: for each quest flexible on `day`, by number, how many times it was completed in its
    ///     quota period up to and including `day`.
    ///   - now: the current position; on a past day a quest not completed is missed, on a future day
    ///     every quest is upcoming. A flexible quest is Available (or Upcoming) on every day of its period
    ///     from today on until its quota is met, then Completed; on a past day it shows only when it was
    ///     done, met, or missed (its period ended short that day).
    ///   - rule: what is due on `day`; its day start orders times and tells whether one has arrived.
    ///   - neutral: skips and vacations: a quest skipped that day and not completed is Skipped and not due;
    ///     on a past vacation day a quest not completed is Skipped rather than Missed.
    ///   - amounts: the day's totals of counted and limit quests, by number (none: zero); a limit quest whose
    ///     total is above its limit is Over.
    public init(
        day: LocalDay, quests: [Quest], paid: [Int: Int], periodDone: [Int: Int] = [:], now: DayPosition, rule: DayRule,
        neutral: NeutralDays = .none, amounts: [Int: Amount] = [:]
    ) {
        self.day = day
        isVacation = neutral.isVacation(day)
        // Each entry with its sort key, worked out once (not in every comparison).
        var entries: [(entry: Entry, rank: Int, offset: Int, title: String)] = []
        let dayExists = rule.exists(day)
        for quest in quests {
            let completed = paid[quest.number] != nil
            let quota =
                dayExists
                ? quest.quotaPeriod(containing: day, weekStart: rule.weekStart)
                    .map { QuotaProgress(done: periodDone[quest.number] ?? 0, period: $0) } : nil
            let skipped = !completed && neutral.isSkipped(quest.number, on: day)
            let isDue = rule.isDue(
                quest, on: day, completed: completed, doneInPeriod: quota?.done ?? 0, exists: dayExists,
                neutral: neutral)
            guard isDue || skipped || (quota != nil && (quota?.isMet == true || day >= now.day)) else { continue }
            let schedule = quest.schedule(asOf: day)
            let offset = schedule.time.map { DayPosition.offset(of: $0, dayStart: rule.dayStart) } ?? 1440
            let amount = schedule.measure.map { _ in amounts[quest.number] ?? .zero }
            let state: QuestState
            if let measure = schedule.measure, let amount, measure.isOver(amount) {
                state = .over
            } else if completed || quota?.isMet == true {
                state = .completed
            } else if skipped || (day < now.day && isVacation) {
                state = .skipped
            } else if day < now.day {
                state = .missed
            } else if day == now.day && (schedule.time == nil || offset <= now.minutesIntoDay) {
                state = .available
            } else {
                state = .upcoming
            }
            let reward = paid[quest.number] ?? (state == .completed ? 0 : schedule.reward)
            entries.append(
                (
                    Entry(
                        quest: quest, schedule: schedule, state: state, completedThatDay: completed, reward: reward,
                        quota: quota, isDue: isDue, amount: amount),
                    Self.rank(of: state), offset, quest.title.lowercased()
                ))
        }
        entries.sort { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
            return lhs.title != rhs.title ? lhs.title < rhs.title : lhs.entry.quest.number < rhs.entry.quest.number
        }
        self.entries = entries.map(\.entry)
    }

    /// The first day whose skips and vacations the board of `day` looks at: `day` itself, or the start of
    /// the earliest quota period holding it (a skip or vacation anywhere in a period excuses it). Skips and
    /// vacations that end before it cannot change the board, so a reader may leave them out.
    public static func firstNeutralDay(of day: LocalDay, quests: [Quest], weekStart: Weekday) -> LocalDay {
        quests.reduce(day) { first, quest in
            quest.quotaPeriod(containing: day, weekStart: weekStart).map { min(first, $0.days.lowerBound) } ?? first
        }
    }

    /// Where the entries in `state` come: Available, Missed, Over, Upcoming, Completed, Skipped.
    private static func rank(of state: QuestState) -> Int {
        switch state {
        case .available: return 0
        case .missed: return 1
        case .over: return 2
        case .upcoming: return 3
        case .completed: return 4
        case .skipped: return 5
        }
    }

    /// The entries in `state`, in board order.
    public func entries(in state: QuestState) -> [Entry] {
        places(in: state).map { entries[$0] }
    }

    /// The places in `entries` of the entries in `state`, in board order.
    public func places(in state: QuestState) -> [Int] {
        entries.indices.filter { entries[$0].state == state }
    }

    /// How many quests were completed that day (a flexible quest whose quota other days met is not one),
    /// limit quests still within their limit included (`Entry.isKept`).
    public var completedCount: Int { entries.count { $0.completedThatDay || ($0.isKept && $0.state != .completed) } }

    /// How many quests the day asks for: those due (`DayRule`), those completed that day, and the flexible
    /// ones still open in their period, which may be done today; neither a skipped quest (nor one left undone
    /// on a past vacation day) nor a flexible quest whose quota other days met. The board's "N of M done" is
    /// `completedCount` of this, and stays M as the day's quests are done.
    public var countedCount: Int {
        entries.count { entry in
            entry.completedThatDay || (entry.isDue && entry.state != .skipped)
                || (entry.quota?.isMet == false && (entry.state == .available || entry.state == .upcoming))
        }
    }

    /// Whether every due quest is completed (false on a day with nothing due): the day rule's cleared day.
    public var isCleared: Bool {
        let due = entries.filter(\.isDue)
        return !due.isEmpty && due.allSatisfy(\.isKept)
    }

    /// The single quest to do now: the first available one, else the next to open; nil when all are done.
    public var next: Entry? {
        let toDo = entries.lazy.filter(\.asksToBeDone)
        return toDo.first { $0.state == .available } ?? toDo.first { $0.state == .upcoming }
    }
}
