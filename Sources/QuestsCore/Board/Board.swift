/// The quests scheduled on one day, each in its state, as the quest board shows them.
public struct Board: Sendable {
    /// One quest on the board.
    public struct Entry: Sendable, Hashable {
        public let quest: Quest
        /// The schedule in force that day (its time and reward are the ones that count).
        public let schedule: Schedule
        public let state: QuestState
    }

    public let day: LocalDay
    /// Available first, then Upcoming, then Completed; each in order of opening time, quests without a time
    /// last, then by title.
    public let entries: [Entry]

    /// The board of `day`, seen at `now`.
    ///
    /// - Parameters:
    ///   - quests: every quest (those not scheduled on `day` are left out).
    ///   - completedQuestNumbers: the numbers of quests completed for `day`.
    ///   - now: the current position; a past day has every quest open, a future day none.
    ///   - dayStart: when quest days begin, to order times and to tell whether one has arrived.
    public init(day: LocalDay, quests: [Quest], completedQuestNumbers: Set<Int>, now: DayPosition, dayStart: TimeOfDay) {
        self.day = day
        var entries: [(entry: Entry, offset: Int)] = []
        for quest in quests where quest.isScheduled(on: day) {
            guard let schedule = quest.schedule(on: day) else { continue }
            let offset = schedule.time.map { DayPosition.offset(of: $0, dayStart: dayStart) } ?? 1440
            let state: QuestState
            if completedQuestNumbers.contains(quest.number) {
                state = .completed
            } else if day < now.day || (day == now.day && (schedule.time == nil || offset <= now.minutesIntoDay)) {
                state = .available
            } else {
                state = .upcoming
            }
            entries.append((Entry(quest: quest, schedule: schedule, state: state), offset))
        }
        let stateOrder: [QuestState: Int] = [.available: 0, .upcoming: 1, .completed: 2]
        entries.sort { lhs, rhs in
            let (a, b) = (lhs.entry, rhs.entry)
            if a.state != b.state { return stateOrder[a.state, default: 0] < stateOrder[b.state, default: 0] }
            if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
            let (titleA, titleB) = (a.quest.title.lowercased(), b.quest.title.lowercased())
            return titleA != titleB ? titleA < titleB : a.quest.number < b.quest.number
        }
        self.entries = entries.map(\.entry)
    }

    /// The entries in `state`, in board order.
    public func entries(in state: QuestState) -> [Entry] {
        entries.filter { $0.state == state }
    }

    /// How many scheduled quests are completed.
    public var completedCount: Int { entries.count { $0.state == .completed } }

    /// Whether every scheduled quest is completed (false on a day with nothing scheduled).
    public var isCleared: Bool { !entries.isEmpty && completedCount == entries.count }

    /// The single quest to do now: the first available one, else the next to open; nil when all are done.
    public var next: Entry? {
        entries.first { $0.state == .available } ?? entries.first { $0.state == .upcoming }
    }
}
