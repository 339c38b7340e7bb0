import FoundationEssentials

/// A skipped quest-day: not due, and paying nothing (see `NeutralDays`). `QuestID` is how it names its
/// quest: by UUID in backups and sync (`Skip<UUID>`, the declared record), by the store's number in the
/// store's own reads and writes (`Skip<Int>`). Its UUID derives from quest and day (`NameUUID.skip`).
public struct Skip<QuestID: Hashable & Sendable>: Hashable, Sendable {
    public internal(set) var id: UUID
    public internal(set) var quest: QuestID
    public internal(set) var day: LocalDay
    /// What the user gave as the reason, empty when nothing; a `UserText` of the notes kind.
    public internal(set) var reason: String
    public internal(set) var skippedAt: Date

    public init(id: UUID, quest: QuestID, day: LocalDay, reason: String = "", skippedAt: Date) {
        self.id = id
        self.quest = quest
        self.day = day
        self.reason = reason
        self.skippedAt = skippedAt
    }
}

extension Skip {
    /// The same skip naming its quest by `quest` (its number in the store for its UUID, or back).
    public func naming<Other>(_ quest: Other) -> Skip<Other> {
        Skip<Other>(id: id, quest: quest, day: day, reason: reason, skippedAt: skippedAt)
    }
}

extension Skip<UUID> {
    /// Its table, backup fields and sync registers (the key is its quest and day; it points at its quest by
    /// UUID, which the store keeps as the quest's number).
    public static var declaration: RecordDeclaration<Skip<UUID>> { skipDeclaration }
}

/// `Skip<UUID>.declaration` (a generic type holds no stored static property).
private let skipDeclaration = RecordDeclaration<Skip<UUID>>(
    table: "skip",
    blank: Skip(id: .blank, quest: .blank, day: LocalDay(dayNumber: 0), skippedAt: .distantPast),
    [
        .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
        .init("quest", { $0.quest }, { $0.quest = $1 }, .uuid, key: "quest", register: nil, parent: "quest"),
        .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: nil),
        .init(
            "reason", { $0.reason }, { $0.reason = $1 }, .text(.notes), key: "reason", register: "reason",
            registerMayLack: true),
        // A register without it is read as skipped when it is applied.
        .init(
            "skipped_at", { $0.skippedAt }, { $0.skippedAt = $1 }, .timestamp, key: "skippedAt", register: "at",
            registerMayLack: true),
    ])

extension RecordKind {
    public static let skips = RecordKind(
        "skips", \.skips, Skip<UUID>.declaration, key: "skips", since: 4,
        synced: [Synced(name: "skip", strategy: .lastWriterPerField)], checks: .keys(.uuid, .questDay))
}
