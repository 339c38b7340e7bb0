import FoundationEssentials

/// A day's focus as people see it: its main quest, its tasks on the list (dropped ones left out) in list
/// order, each with its position and standing, the limit, and what an earlier day offers to carry over.
public struct FocusDay: Sendable {
    /// Where a task stands on the list.
    public enum Standing: String, Sendable {
        /// The first unfinished task.
        case inFocus = "in-focus"
        /// The other unfinished tasks.
        case nextUp = "next-up"
        case completed
    }

    /// One task on the list.
    public struct Entry: Sendable, Nameable {
        /// Its place on the list, from 1: what `quests focus done 2` names.
        public let position: Int
        public let task: FocusTask
        public let standing: Standing

        public var number: Int { position }
        public var title: String { task.title }
        public var id: UUID { task.id }
    }

    public let day: LocalDay
    /// `config focus-limit`: how many tasks a day may hold.
    public let limit: Int
    public let goal: FocusGoal?
    public let entries: [Entry]
    /// What the most recent earlier day with a focus left unfinished and not carried yet; nil when nothing.
    public let offer: FocusOffer?

    /// A day's focus from its main quest and its tasks (in any order, dropped ones included).
    public init(day: LocalDay, limit: Int, goal: FocusGoal?, tasks: [FocusTask], offer: FocusOffer? = nil) {
        self.day = day
        self.limit = limit
        self.goal = goal
        self.offer = offer
        var seenOpen = false
        entries = tasks.filter(\.isLive).sorted(by: FocusTask.listOrder).enumerated().map { index, task in
            let standing: Standing
            if task.state == .done {
                standing = .completed
            } else {
                standing = seenOpen ? .nextUp : .inFocus
                seenOpen = true
            }
            return Entry(position: index + 1, task: task, standing: standing)
        }
    }

    /// The live tasks, in list order.
    public var tasks: [FocusTask] { entries.map(\.task) }
    /// How many tasks are done.
    public var doneCount: Int { entries.count { $0.task.state == .done } }
    /// The task In Focus, if any is unfinished.
    public var inFocus: FocusTask? { entries.first { $0.standing == .inFocus }?.task }
    /// Whether the day holds more tasks than the limit (two machines each added one, or the limit was
    /// lowered): nothing is dropped, but nothing more may enter until it is back under.
    public var isOverLimit: Bool { entries.count > limit }
    /// Whether there is anything to show: a main quest or a task.
    public var isEmpty: Bool { goal == nil && entries.isEmpty }
}

/// What an earlier day left unfinished, offered to carry over (`quests focus carry`).
public struct FocusOffer: Sendable, Equatable {
    /// The earlier day.
    public let from: LocalDay
    /// Its unachieved main quest, when the day shown has none of its own to keep.
    public let goal: FocusGoal?
    /// Its unfinished tasks not dropped and not carried yet, in list order.
    public let tasks: [FocusTask]

    public init(from: LocalDay, goal: FocusGoal?, tasks: [FocusTask]) {
        self.from = from
        self.goal = goal
        self.tasks = tasks
    }
}
