import FoundationEssentials

/// A few lines written in a day's journal (`quests journal TEXT`): private, stored exactly as written. Its
/// identity is its own UUID, the same on every machine; a deleted entry stays as a tombstone (no text), so
/// that a delete stays deleted wherever the entry travels.
public struct JournalEntry: Hashable, Sendable, Identifiable {
    public var id: UUID
    /// The day whose journal holds it.
    public var day: LocalDay
    /// What was written; empty once deleted.
    public var text: String
    /// The UTC instant it was written: the order of a day's entries.
    public var createdAt: Date
    /// The UTC instant it was last written or edited.
    public var updatedAt: Date
    /// Deleted (`journal delete`): a tombstone, listed nowhere.
    public var deleted: Bool

    public init(id: UUID, day: LocalDay, text: String, createdAt: Date, updatedAt: Date, deleted: Bool = false) {
        self.id = id
        self.day = day
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deleted = deleted
    }

    /// The order of a day's journal: as written, then by UUID, so every machine numbers a day alike.
    public static func dayOrder(_ lhs: JournalEntry, _ rhs: JournalEntry) -> Bool {
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }

    /// Refuses text that cannot be an entry: nothing but spaces, a NUL, or more than `UserText.Field.journal`'s
    /// limit.
    public static func check(_ text: String) throws(QuestsError) {
        if text.allSatisfy(\.isWhitespace) { throw .emptyJournalEntry }
        try UserText.check(text, as: .journal)
    }

    /// The entry `number` (1-based, as listed) of a day's entries in `dayOrder`.
    public static func numbered(_ number: Int, in entries: [JournalEntry], day: LocalDay) throws(QuestsError)
        -> JournalEntry
    {
        guard number >= 1, number <= entries.count else {
            throw .noJournalEntry(number: number, day: day, count: entries.count)
        }
        return entries[number - 1]
    }
}

extension JournalEntry {
    /// Its table, backup fields and sync registers (the key is its UUID; every other field converges by
    /// last writer, `deleted` included, which nothing sets back).
    public static let declaration = RecordDeclaration<JournalEntry>(
        table: "journal_entry",
        blank: JournalEntry(
            id: .blank, day: LocalDay(dayNumber: 0), text: "", createdAt: .distantPast, updatedAt: .distantPast),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: "day"),
            .init("text", { $0.text }, { $0.text = $1 }, .text(.journal), key: "text", register: "text"),
            .init(
                "created_at", { $0.createdAt }, { $0.createdAt = $1 }, .timestamp, key: "createdAt",
                register: "created"),
            .init(
                "updated_at", { $0.updatedAt }, { $0.updatedAt = $1 }, .timestamp, key: "updatedAt",
                register: "updated"),
            .init("deleted", { $0.deleted }, { $0.deleted = $1 }, .bool, key: "deleted", register: "deleted"),
        ])
}

extension RecordKind {
    /// Journal entries, tombstones of deleted ones included (docs/journal.md). An entry already here keeps
    /// this store's text on import, unless the backup holds it deleted (a delete stays deleted).
    public static let journal = RecordKind(
        "journal", \.journal, JournalEntry.declaration, key: "journal", since: 7,
        synced: [Synced(name: "journal-entry", strategy: .tombstoned)],
        // A live entry holds words, a deleted one none.
        checks: .keys(.uuid) { entry, path in
            entry.deleted != entry.text.isEmpty || (!entry.deleted && entry.text.allSatisfy(\.isWhitespace))
                ? JSONError(path: path + ".text", problem: .empty) : nil
        }, storedInOrderOf: "id",
        imported: .byKey("uuid", replacingWhen: { here, backup in backup.deleted && !here.deleted }))
}
