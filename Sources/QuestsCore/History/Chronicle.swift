/// One thing that happened on a day, as `quests log` lists it.
public struct Happening: Hashable, Sendable {
    /// What happened, in the order a day lists them (a refund with the purchases, after its own).
    public enum Kind: String, Comparable, Sendable {
        /// `skip`: a quest skipped that day (its reason as the note).
        case completion, skip, purchase, refund, achievement, celebration

        private var order: Int {
            switch self {
            case .completion, .skip: 0
            case .purchase, .refund: 1
            case .achievement: 2
            case .celebration: 3
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

    public init(day: LocalDay, kind: Kind, title: String, amount: Int = 0, note: String = "") {
        self.day = day
        self.kind = kind
        self.title = title
        self.amount = amount
        self.note = note
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
    /// DD the span's completions earned.
    public let earned: Int
    /// DD its purchases cost, less refunds.
    public let spent: Int
    public let purchases: Int

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
        for event in happenings where from <= event.day && event.day <= through {
            if event.kind == .completion {
                completions += 1
                earned += event.amount
            } else if event.kind == .purchase || event.kind == .refund {
                spent -= event.amount
                if event.kind == .purchase { purchases += 1 }
            }
        }
        (self.completions, self.earned, self.spent, self.purchases) = (completions, earned, spent, purchases)
    }
}
