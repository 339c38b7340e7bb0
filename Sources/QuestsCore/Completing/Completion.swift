import FoundationEssentials

/// The immutable record that a quest was completed for a day. `QuestID` is how it names its quest: by UUID
/// in backups and sync (`Completion<UUID>`, the declared record), by the store's number in the store's own
/// reads and writes (`Completion<Int>`). One made since 0.4 takes its UUID from quest and day
/// (`NameUUID.completion`).
public struct Completion<QuestID: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    public internal(set) var id: UUID
    public internal(set) var quest: QuestID
    /// The local day it counts for.
    public internal(set) var day: LocalDay
    /// The UTC instant it was recorded.
    public internal(set) var completedAt: Date
    /// What the user noted with it (`--note`), empty when nothing; a `UserText` of the notes kind (since
    /// backup version 2; empty in a version-1 document).
    public internal(set) var note: String

    public init(id: UUID, quest: QuestID, day: LocalDay, completedAt: Date, note: String = "") {
        self.id = id
        self.quest = quest
        self.day = day
        self.completedAt = completedAt
        self.note = note
    }
}

extension Completion {
    /// The same completion naming its quest by `quest` (its number in the store for its UUID, or back).
    public func naming<Other>(_ quest: Other) -> Completion<Other> {
        Completion<Other>(id: id, quest: quest, day: day, completedAt: completedAt, note: note)
    }
}

extension Completion<UUID> {
    /// Its table, backup fields and sync registers (the key is its quest and day; it points at its quest by
    /// UUID, which the store keeps as the quest's number). Whether it is done and what it was paid are the
    /// sync kind's own registers.
    public static var declaration: RecordDeclaration<Completion<UUID>> { completionDeclaration }
}

/// `Completion<UUID>.declaration` (a generic type holds no stored static property).
private let completionDeclaration = RecordDeclaration<Completion<UUID>>(
    table: "completion",
    blank: Completion(id: .blank, quest: .blank, day: LocalDay(dayNumber: 0), completedAt: .distantPast),
    [
        .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
        .init("quest", { $0.quest }, { $0.quest = $1 }, .uuid, key: "quest", register: nil, parent: "quest"),
        .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: nil),
        // A register without it is read as completed when it is applied.
        .init(
            "completed_at", { $0.completedAt }, { $0.completedAt = $1 }, .timestamp, key: "completedAt",
            register: "at", registerMayLack: true),
        .init(
            "note", { $0.note }, { $0.note = $1 }, .text(.notes), key: "note", since: 2, register: "note",
            registerMayLack: true),
    ])

extension RecordKind {
    public static let completions = RecordKind(
        "completions", \.completions, Completion<UUID>.declaration, key: "completions",
        synced: [Synced(name: "completion", strategy: .writtenOnce)], movesLedger: true, summary: .always)
}
