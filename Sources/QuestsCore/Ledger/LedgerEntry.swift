import FoundationEssentials

/// Why the balance changed.
public enum LedgerKind: String, CaseIterable, Sendable {
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

extension LedgerEntry {
    /// Its table, backup fields and sync registers (the key is its UUID). The store keeps each entry's running
    /// balance beside it, worked out as it is appended.
    public static let declaration = RecordDeclaration<LedgerEntry>(
        table: "ledger_entry",
        blank: LedgerEntry(
            id: .blank, at: .distantPast, amount: 0, kind: .bonus,
            reference: nil, memo: ""),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("at", { $0.at }, { $0.at = $1 }, .timestamp, key: "at", register: "at"),
            .init(
                "amount", { $0.amount }, { $0.amount = $1 },
                ValueForm.int(in: -Backup.maximumAmount...Backup.maximumAmount).refusing {
                    $0 == 0 ? .zeroAmount : nil
                },
                key: "amount", register: "amount"),
            .init(
                "kind", { $0.kind }, { $0.kind = $1 },
                .named(LedgerKind.allCases, \.rawValue) { .unknownLedgerKind($0) }, key: "kind", register: "kind"),
            .init(
                "reference", { $0.reference }, { $0.reference = $1 }, .optional(.uuid), key: "reference",
                register: "reference"),
            .init(
                "memo", { $0.memo }, { $0.memo = $1 }, .text(.notes), key: "memo", register: "memo",
                registerMayLack: true),
            .init("day", { $0.day }, { $0.day = $1 }, .optional(.day), key: "day", since: 3, register: "day"),
        ])
}

extension RecordKind {
    /// The ledger, in the order it was written; quest rewards, undos and focus payments travel with what
    /// they pay for.
    public static let ledger = RecordKind(
        "ledger", \.ledger, LedgerEntry.declaration, key: "ledger",
        synced: [Synced(name: "entry", strategy: .writtenOnce)], movesLedger: true, summary: .always)
}
