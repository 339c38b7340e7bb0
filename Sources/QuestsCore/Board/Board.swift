/// The quests due on one day (see `DayRule`), each in its state, as the quest board shows them.
public struct Board: Sendable {
    /// One quest on the board.
    public struct Entry: Sendable, Hashable {
        public let quest: Quest
        /// The schedule in force that day (its time and reward are the ones that count).
        public let schedule: Schedule
        public let state: QuestState
        /// Daily Dollars: for a completed quest the amount its completion was paid (net of any reversal),
        /// otherwise what its schedule that day pays.
        public let reward: Int
    }

    public let day: LocalDay
    /// Available first, then Missed, Upcoming and Completed; each in order of opening time, quests without a
    /// time last, then by title.
    public let entries: [Entry]

    /// The board of `day`, seen at `now`.
    ///
    /// - Parameters:
    ///   - quests: every quest (those not due on `day` are left out).
    ///   - paid: the quests completed for `day`, by number, each with the Daily Dollars it was paid.
    ///   - now: the current position; on a past day a quest not completed is missed, on a future day
    ///     every quest is upcoming.
    ///   - rule: what is due on `day`; its day start orders times and tells whether one has arrived.
    public init(day: LocalDay, quests: [Quest], paid: [Int: Int], now: DayPosition, rule: DayRule) {
        self.day = day
        // Each entry with its sort key, worked out once (not in every comparison).
        var entries: [(entry: Entry, rank: Int, offset: Int, title: String)] = []
        for quest in quests where rule.isDue(quest, on: day, completed: paid[quest.number] != nil) {
            let schedule = quest.schedule(asOf: day)
            let offset = schedule.time.map { DayPosition.offset(of: $0, dayStart: rule.dayStart) } ?? 1440
            let state: QuestState
            if paid[quest.number] != nil {
                state = .completed
            } else if day < now.day {
                state = .missed
            } else if day == now.day && (schedule.time == nil || offset <= now.minutesIntoDay) {
                state = .available
            } else {
                state = .upcoming
            }
            entries.append((Entry(quest: quest, schedule: schedule, state: state, reward: paid[quest.number] ?? schedule.reward),
                            Self.rank(of: state), offset, quest.title.lowercased()))
        }
        entries.sort { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
            return lhs.title != rhs.title ? lhs.title < rhs.title : lhs.entry.quest.number < rhs.entry.quest.number
        }
        self.entries = entries.map(\.entry)
    }

    /// Where the entries in `state` come: Available, Missed, Upcoming, Completed.
    private static func rank(of state: QuestState) -> Int {
        switch state {
        case .available: return 0
        case .missed: return 1
        case .upcoming: return 2
        case .completed: return 3
        }
    }

    /// The entries in `state`, in board order.
    public func entries(in state: QuestState) -> [Entry] {
        entries.filter { $0.state == state }
    }

    /// How many due quests are completed.
    public var completedCount: Int { entries.count { $0.state == .completed } }

    /// Whether every due quest is completed (false on a day with nothing due).
    public var isCleared: Bool { !entries.isEmpty && completedCount == entries.count }

    /// The single quest to do now: the first available one, else the next to open; nil when all are done.
    public var next: Entry? {
        entries.first { $0.state == .available } ?? entries.first { $0.state == .upcoming }
    }
}
