import FoundationEssentials

/// How much a focus task matters: the focus list runs high, medium, low.
public enum FocusPriority: String, CaseIterable, Sendable, Comparable {
    case high, medium, low

    /// Parses what a user typed (`high`, `medium`, `low`, or their first letter), in any case.
    public static func parse(_ text: String) throws(QuestsError) -> FocusPriority {
        let lowered = text.trimmingWhitespace().lowercased()
        if let priority = FocusPriority(rawValue: lowered) { return priority }
        switch lowered {
        case "h": return .high
        case "m", "med": return .medium
        case "l": return .low
        default: throw .invalidPriority(text)
        }
    }

    /// Its place on the list: high first.
    var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }

    public static func < (lhs: FocusPriority, rhs: FocusPriority) -> Bool { lhs.rank < rhs.rank }
}

/// Where a focus task stands on its day.
public enum FocusTaskState: String, CaseIterable, Sendable {
    /// Not done yet: In Focus or Next Up.
    case open
    case done
    /// Taken off the day's list; it stays in the history, unfinished, and frees its place.
    case dropped
}

/// A one-off task of a day's focus. Its identity is its own UUID, the same on every machine.
public struct FocusTask: Hashable, Sendable, Identifiable {
    public var id: UUID
    /// The day it belongs to.
    public var day: LocalDay
    public var title: String
    public var priority: FocusPriority
    /// When it is planned, optionally until when (`--at 09:00-10:30`).
    public var at: TimeOfDay?
    public var until: TimeOfDay?
    /// The Daily Dollars completing it pays.
    public var reward: Int
    public var state: FocusTaskState
    /// The task of an earlier day it was carried over from (`quests focus carry`); nil when added here.
    public var carriedFrom: UUID?
    /// The UTC instant it entered its day: the order within a priority.
    public var addedAt: Date

    public init(
        id: UUID, day: LocalDay, title: String, priority: FocusPriority = .medium, at: TimeOfDay? = nil,
        until: TimeOfDay? = nil,
        reward: Int, state: FocusTaskState = .open, carriedFrom: UUID? = nil, addedAt: Date
    ) {
        self.id = id
        self.day = day
        self.title = title
        self.priority = priority
        self.at = at
        self.until = until
        self.reward = reward
        self.state = state
        self.carriedFrom = carriedFrom
        self.addedAt = addedAt
    }

    /// Whether it is on its day's list (not dropped).
    public var isLive: Bool { state != .dropped }

    /// The order of a day's list: priority high to low, then the order added (stable), then the UUID, so
    /// every machine lists a day alike.
    public static func listOrder(_ lhs: FocusTask, _ rhs: FocusTask) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
        if lhs.addedAt != rhs.addedAt { return lhs.addedAt < rhs.addedAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }
}

extension FocusTask {
    /// Its table, backup fields and sync registers (the key is its UUID).
    public static let declaration = RecordDeclaration<FocusTask>(
        table: "focus_task",
        blank: FocusTask(
            id: .blank, day: LocalDay(dayNumber: 0), title: "",
            reward: 0, addedAt: .distantPast),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: "day"),
            .init("title", { $0.title }, { $0.title = $1 }, .title, key: "title", register: "title"),
            .init(
                "priority", { $0.priority }, { $0.priority = $1 },
                .named(FocusPriority.allCases, \.rawValue) { .unknownFocusPriority($0) },
                key: "priority", register: "priority"),
            .init("at_minutes", { $0.at }, { $0.at = $1 }, .optional(.timeOfDay), key: "at", register: "at"),
            .init(
                "until_minutes", { $0.until }, { $0.until = $1 }, .optional(.timeOfDay), key: "until", register: "until"
            ),
            .init(
                "reward", { $0.reward }, { $0.reward = $1 }, .int(in: 0...Schedule.maximumReward), key: "reward",
                register: "reward"),
            .init(
                "state", { $0.state }, { $0.state = $1 },
                .named(FocusTaskState.allCases, \.rawValue) { .unknownFocusState($0) }, key: "state",
                register: "state"),
            .init(
                "carried_from", { $0.carriedFrom }, { $0.carriedFrom = $1 }, .optional(.uuid), key: "carriedFrom",
                register: "carried"),
            .init("added_at", { $0.addedAt }, { $0.addedAt = $1 }, .timestamp, key: "addedAt", register: "added"),
        ])
}

extension RecordKind {
    /// Focus tasks, dropped ones included.
    public static let tasks = RecordKind(
        "tasks", \.focusTasks, FocusTask.declaration, key: "focusTasks", since: 5,
        synced: [Synced(name: "focus-task", strategy: .lastWriterPerField)], movesLedger: true,
        // Its window, when it has one, ends after it starts.
        checks: .keys(.uuid) { task, path in
            guard let until = task.until, task.at.map({ until <= $0 }) ?? true else { return nil }
            return JSONError(path: path + ".until", problem: .endsBeforeStart)
        }, storedInOrderOf: "id")
}
