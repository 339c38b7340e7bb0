import Foundation

/// Why the balance changed.
public enum LedgerKind: String, CaseIterable, Sendable, Codable {
    case questReward = "quest-reward"
    case redemption
    case undo
    case bonus
    case adjustment
    /// Gives a purchase's price back (`quests shop undo`); refers to the purchase.
    case refund
    /// Buys a streak freeze (`quests freeze buy`): the entry is the purchase itself, and carries its day.
    case freeze
    /// Pays a focus task done (`quests focus done`); refers to the task.
    case focusTask = "focus-task"
    /// Pays the bonus of a day's main quest achieved; refers to the main quest (`NameUUID.focusGoal`).
    case focusGoal = "focus-goal"

    /// Whether entries of this kind pay a day's focus: each replica pays those itself, as quest rewards.
    public var paysFocus: Bool { self == .focusTask || self == .focusGoal }
}

/// One append-only change of the Daily Dollars balance.
public struct LedgerEntry: Hashable, Sendable, Identifiable {
    public internal(set) var id: UUID
    /// The instant it was recorded.
    public internal(set) var at: Date
    /// Daily Dollars added (positive) or taken (negative).
    public internal(set) var amount: Int
    public internal(set) var kind: LedgerKind
    /// The record it refers to (the completion for rewards and undos, the purchase for debits and refunds).
    public internal(set) var reference: UUID?
    /// A short description for people: `Morning run · 2026-11-21`.
    public internal(set) var memo: String
    /// For a freeze, the local day it was bought on (`FreezePurchase.day`); nil for every other kind.
    public internal(set) var day: LocalDay?

    public init(id: UUID, at: Date, amount: Int, kind: LedgerKind, reference: UUID?, memo: String, day: LocalDay? = nil)
    {
        self.id = id
        self.at = at
        self.amount = amount
        self.kind = kind
        self.reference = reference
        self.memo = memo
        self.day = day
    }
}
