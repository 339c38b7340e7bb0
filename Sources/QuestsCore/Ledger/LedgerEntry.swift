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
}

/// One append-only change of the Daily Dollars balance.
public struct LedgerEntry: Hashable, Sendable, Identifiable {
    public let id: UUID
    /// The instant it was recorded.
    public let at: Date
    /// Daily Dollars added (positive) or taken (negative).
    public let amount: Int
    public let kind: LedgerKind
    /// The record it refers to (the completion for rewards and undos, the purchase for debits and refunds).
    public let reference: UUID?
    /// A short description for people: `Morning run · 2026-11-21`.
    public let memo: String

    public init(id: UUID, at: Date, amount: Int, kind: LedgerKind, reference: UUID?, memo: String) {
        self.id = id
        self.at = at
        self.amount = amount
        self.kind = kind
        self.reference = reference
        self.memo = memo
    }
}
