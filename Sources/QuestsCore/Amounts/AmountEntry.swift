import FoundationEssentials

/// One amount recorded for a counted or limit quest's day (`done water 3`): its own record, so that
/// amounts recorded on several machines for the same day add up after a sync. Entries only add up; an undo
/// marks the day's latest entry undone, and an undone entry stays undone (SPEC 18).
public struct AmountEntry: Hashable, Sendable, Identifiable {
    public internal(set) var id: UUID
    /// The quest it counts for, by UUID.
    public internal(set) var quest: UUID
    public internal(set) var day: LocalDay
    public internal(set) var amount: Amount
    /// The UTC instant it was recorded.
    public internal(set) var recordedAt: Date
    /// Whether `quests undo` took it back.
    public internal(set) var undone: Bool

    public init(id: UUID, quest: UUID, day: LocalDay, amount: Amount, recordedAt: Date, undone: Bool = false) {
        self.id = id
        self.quest = quest
        self.day = day
        self.amount = amount
        self.recordedAt = recordedAt
        self.undone = undone
    }

    /// The day's total of `entries`: the sum of those not undone; nil when it is above `Amount.maximum`
    /// (which only entries of a damaged document or of many machines together could reach).
    public static func total(of entries: [AmountEntry]) -> Amount? {
        entries.reduce(Amount.zero as Amount?) { sum, entry in
            guard let sum else { return nil }
            return entry.undone ? sum : Amount.adding(sum, entry.amount)
        }
    }

    /// Its table, backup fields and sync registers (the key is its UUID; it points at its quest by UUID,
    /// which the store keeps as the quest's number). Since backup version 6.
    public static let declaration = RecordDeclaration<AmountEntry>(
        table: "amount_entry",
        blank: AmountEntry(
            id: .blank, quest: .blank, day: LocalDay(dayNumber: 0), amount: .zero, recordedAt: .distantPast),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("quest", { $0.quest }, { $0.quest = $1 }, .uuid, key: "quest", register: "quest", parent: "quest"),
            .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: "day"),
            .init("amount", { $0.amount }, { $0.amount = $1 }, .amount, key: "thousandths", register: "amount"),
            .init(
                "recorded_at", { $0.recordedAt }, { $0.recordedAt = $1 }, .timestamp, key: "recordedAt",
                register: "at"),
            .init("undone", { $0.undone }, { $0.undone = $1 }, .bool, key: "undone", register: "undone"),
        ])
}

extension RecordKind {
    /// The amounts of counted and limit quests (SPEC 18), undone ones included.
    public static let amounts = RecordKind(
        "amounts", \.amounts, AmountEntry.declaration, key: "amounts", since: 6,
        synced: [Synced(name: "amount", strategy: .growOnly)], movesLedger: true, checks: .keys(.uuid),
        storedInOrderOf: "id")
}
