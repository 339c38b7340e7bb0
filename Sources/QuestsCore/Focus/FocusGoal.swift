import FoundationEssentials

/// Where a day's main quest stands.
public enum FocusGoalState: String, CaseIterable, Sendable {
    case open
    /// Said achieved (`quests focus achieved`).
    case achieved
    /// Achieved by itself, when the last task of its day was completed; `not-yet` takes it back.
    case achievedByItself = "achieved-by-itself"
    /// Taken back with `not-yet`: open, and not achieved by itself again until `achieved` is said.
    case notYet = "not-yet"

    /// Whether it counts as achieved (and is paid its bonus).
    public var isAchieved: Bool { self == .achieved || self == .achievedByItself }
}

/// A day's main quest: its identity is its day, so the same day's goal set on two machines is one record.
/// Setting it again replaces its wording: only the latest is kept.
public struct FocusGoal: Hashable, Sendable, Identifiable {
    /// Derived from its day (`NameUUID.focusGoal`): what its ledger entries refer to.
    public var id: UUID
    public var day: LocalDay
    public var title: String
    public var state: FocusGoalState
    /// The bonus achieving it pays.
    public var reward: Int
    /// The earlier day it was carried over from; nil when set here.
    public var carriedFrom: LocalDay?
    /// The UTC instant it was last set.
    public var setAt: Date

    public init(
        day: LocalDay, title: String, state: FocusGoalState = .open, reward: Int, carriedFrom: LocalDay? = nil,
        setAt: Date
    ) {
        self.id = NameUUID.focusGoal(day: day)
        self.day = day
        self.title = title
        self.state = state
        self.reward = reward
        self.carriedFrom = carriedFrom
        self.setAt = setAt
    }
}

extension FocusGoal {
    /// Its table, backup fields and sync registers (the key is its day; its UUID derives from it).
    public static let declaration = RecordDeclaration<FocusGoal>(
        table: "focus_goal", blank: FocusGoal(day: LocalDay(dayNumber: 0), title: "", reward: 0, setAt: .distantPast),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: nil),
            .init("title", { $0.title }, { $0.title = $1 }, .title, key: "title", register: "title"),
            .init(
                "state", { $0.state }, { $0.state = $1 },
                .named(FocusGoalState.allCases, \.rawValue) { .unknownFocusState($0) }, key: "state",
                register: "state"),
            .init(
                "reward", { $0.reward }, { $0.reward = $1 }, .int(in: 0...Schedule.maximumReward), key: "reward",
                register: "reward"),
            .init(
                "carried_from", { $0.carriedFrom }, { $0.carriedFrom = $1 }, .optional(.day), key: "carriedFrom",
                register: "carried"),
            // A register without it (none is written so) is read as set when it is applied.
            .init(
                "set_at", { $0.setAt }, { $0.setAt = $1 }, .timestamp, key: "setAt", register: "at",
                registerMayLack: true),
        ])
}

extension RecordKind {
    /// The days' main quests (docs/focus.md).
    public static let goals = RecordKind(
        "goals", \.focusGoals, FocusGoal.declaration, key: "focusGoals", since: 5,
        synced: [Synced(name: "focus-goal", strategy: .lastWriterPerField)], movesLedger: true,
        // Its UUID is its day's.
        checks: .keys(.day) { goal, path in
            goal.id == NameUUID.focusGoal(day: goal.day)
                ? nil : JSONError(path: path + ".uuid", problem: .notFocusGoalUUID(day: goal.day))
        }, storedInOrderOf: "day")
}
