/// One thing that happened on a day, as `quests log` lists it.
public struct Happening: Hashable, Sendable {
    /// What happened, in the order a day lists them (a refund with the purchases, after its own).
    public enum Kind: String, Comparable, Sendable {
        /// `skip`: a quest skipped that day (its reason as the note). `ledger`: a ledger entry that no
        /// completion, purchase or refund stands for (a freeze bought, an undo and the reward it took back, a
        /// bonus): its kind is `ledgerKind`, its memo the title.
        /// `mainQuest`: the day's main quest (first, standing out), achieved or not (`isAchieved`), with
        /// what it was paid net. `focusTask`: a focus task done, with what it was paid net. `vacation`: a
        /// vacation, on its first day (or the first day listed), through `lastDay`, its reason as the note.
        /// `frozen`: a missed day a streak freeze covered; `amount`: an amount recorded for a counted or limit
        /// quest (`recorded`), undone or not.
        case vacation, frozen, completion, skip, purchase, refund, ledger, achievement, celebration, amount
        case mainQuest = "main-quest"
        case focusTask = "focus-task"

        private var order: Int {
            switch self {
            case .vacation, .frozen: -1
            case .mainQuest: 0
            case .focusTask: 1
            case .amount, .completion, .skip: 2
            case .purchase, .refund, .ledger: 3
            case .achievement: 4
            case .celebration: 5
            }
        }
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.order < rhs.order }
    }

    public let day: LocalDay
    public let kind: Kind
    /// The quest, reward or achievement; empty for a celebration.
    public let title: String
    /// The Daily Dollars it moved: what a completion earned (less any reversal), minus a purchase's price,
    /// a refund's price back; 0 for the rest.
    public let amount: Int
    /// A completion's note, or a skip's reason.
    public let note: String
    /// For a `ledger` happening, the entry's kind.
    public let ledgerKind: LedgerKind?
    /// For a `mainQuest` happening, whether it was achieved.
    public let isAchieved: Bool
    /// For an `achievement` happening, the achievement's id (`Achievement.id`; `title` is its English name, for data).
    public let achievementID: String?
    /// For a `vacation` happening, the vacation's last day.
    public let lastDay: LocalDay?
    /// For an `amount` happening, what was recorded.
    public let recorded: RecordedAmount?

    /// An amount recorded for a counted or limit quest's day.
    public struct RecordedAmount: Hashable, Sendable {
        public let amount: Amount
        /// The day's total once it was recorded; an undone one left it as it was.
        public let total: Amount
        /// What the day measured against.
        public let measure: QuestMeasure
        /// Whether `quests undo` took it back.
        public let undone: Bool

        public init(amount: Amount, total: Amount, measure: QuestMeasure, undone: Bool) {
            self.amount = amount
            self.total = total
            self.measure = measure
            self.undone = undone
        }
    }

    public init(
        day: LocalDay, kind: Kind, title: String, amount: Int = 0, note: String = "", ledgerKind: LedgerKind? = nil,
        isAchieved: Bool = false, achievementID: String? = nil, lastDay: LocalDay? = nil,
        recorded: RecordedAmount? = nil
    ) {
        self.day = day
        self.kind = kind
        self.title = title
        self.amount = amount
        self.note = note
        self.ledgerKind = ledgerKind
        self.isAchieved = isAchieved
        self.achievementID = achievementID
        self.lastDay = lastDay
        self.recorded = recorded
    }

    /// `achievement` earned on `day`.
    public static func earned(_ achievement: Achievement, on day: LocalDay) -> Happening {
        Happening(day: day, kind: .achievement, title: achievement.title, achievementID: achievement.id)
    }

    /// The ledger kind its Daily Dollars moved as (`log --csv`, `log --json`): a ledger entry's own, the
    /// focus kinds for the focus, else its kind's name.
    public var kindName: String {
        switch kind {
        case .mainQuest: LedgerKind.focusGoal.rawValue
        case .focusTask: LedgerKind.focusTask.rawValue
        default: ledgerKind?.rawValue ?? kind.rawValue
        }
    }

    /// Whether the Daily Dollars it moved count as spent (purchases, refunds, freezes) rather than earned
    /// (completions, undos, bonuses, adjustments): the two add up to the ledger's change.
    public var isSpending: Bool {
        switch kind {
        case .purchase, .refund: true
        case .ledger: ledgerKind == .freeze || ledgerKind == .redemption || ledgerKind == .refund
        case .vacation, .frozen, .completion, .skip, .achievement, .celebration, .mainQuest, .focusTask, .amount: false
        }
    }
}

/// What a span of days came to: how many scheduled days were cleared, the completion rate (done of due),
/// completions, Daily Dollars earned and spent, purchases. Due days come from the day rule through the tallies.
public struct PeriodSummary: Hashable, Sendable {
    public let from: LocalDay
    public let through: LocalDay
    /// Days with at least one quest due, up to today (neither a vacation day not cleared nor a day whose
    /// quests were all skipped: `DayTally.isExcused`).
    public let scheduledDays: Int
    public let clearedDays: Int
    public let rate: CompletionRate
    public let completions: Int
    /// DD the span's completions earned, with the span's undos, bonuses and adjustments.
    public let earned: Int
    /// DD its purchases and freezes cost, less refunds.
    public let spent: Int
    public let purchases: Int
    /// Days with a main quest, and of those the days it was achieved.
    public let mainQuests: Int
    public let mainQuestsAchieved: Int
    /// Focus tasks done.
    public let focusTasksDone: Int

    /// - Parameters: tallies and happenings of any days; those from `from` through `through` count.
    public init(from: LocalDay, through: LocalDay, tallies: [DayTally], happenings: [Happening], today: LocalDay) {
        self.from = from
        self.through = through
        let days = tallies.filter { from <= $0.day && $0.day <= through && $0.day <= today }
        scheduledDays = days.filter { $0.scheduled > 0 && !$0.isExcused && ($0.day < today || $0.isCleared) }.count
        clearedDays = days.filter(\.isCleared).count
        rate = CompletionRate(days, today: today)
        // One pass over the span's happenings, none copied.
        var (completions, earned, spent, purchases) = (0, 0, 0, 0)
        var (mainQuests, achieved, tasks) = (0, 0, 0)
        for event in happenings where from <= event.day && event.day <= through {
            switch event.kind {
            case .completion: completions += 1
            case .purchase: purchases += 1
            case .mainQuest:
                mainQuests += 1
                if event.isAchieved { achieved += 1 }
            case .focusTask: tasks += 1
            case .vacation, .frozen, .skip, .refund, .ledger, .achievement, .celebration, .amount: break
            }
            if event.isSpending {
                spent -= event.amount
            } else {
                earned += event.amount
            }
        }
        (self.completions, self.earned, self.spent, self.purchases) = (completions, earned, spent, purchases)
        (mainQuestsAchieved, focusTasksDone) = (achieved, tasks)
        self.mainQuests = mainQuests
    }
}
