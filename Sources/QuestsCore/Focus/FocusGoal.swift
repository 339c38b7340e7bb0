import Foundation

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
