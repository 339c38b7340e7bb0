import FoundationEssentials

/// A vacation: every day from `first` through `last` is neutral for every quest (see `NeutralDays`).
public struct Vacation: Hashable, Sendable {
    public internal(set) var id: UUID
    public internal(set) var first: LocalDay
    public internal(set) var last: LocalDay
    /// What the user gave as the reason, empty when nothing; a `UserText` of the notes kind.
    public internal(set) var reason: String
    public internal(set) var addedAt: Date

    public init(id: UUID, first: LocalDay, last: LocalDay, reason: String = "", addedAt: Date) {
        self.id = id
        self.first = first
        self.last = last
        self.reason = reason
        self.addedAt = addedAt
    }

    /// Its days (of a valid vacation: one that does not end before it starts).
    public var days: ClosedRange<LocalDay> { first...last }

    /// How many days it holds.
    public var dayCount: Int { first.days(to: last) + 1 }
}

extension Vacation {
    /// Its table, backup fields and sync registers (the key is its UUID).
    public static let declaration = RecordDeclaration<Vacation>(
        table: "vacation",
        blank: Vacation(id: .blank, first: LocalDay(dayNumber: 0), last: LocalDay(dayNumber: 0), addedAt: .distantPast),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init("first_day", { $0.first }, { $0.first = $1 }, .day, key: "first", register: "first"),
            .init("last_day", { $0.last }, { $0.last = $1 }, .day, key: "last", register: "last"),
            .init(
                "reason", { $0.reason }, { $0.reason = $1 }, .text(.notes), key: "reason", register: "reason",
                registerMayLack: true),
            // A register without it is read as added when it is applied.
            .init(
                "added_at", { $0.addedAt }, { $0.addedAt = $1 }, .timestamp, key: "addedAt", register: "at",
                registerMayLack: true),
        ])
}

extension RecordKind {
    /// Vacations: an import takes those the store lacks, finds one here of the same days present (keeping
    /// this store's reason), and refuses one of the same UUID on other days.
    public static let vacations = RecordKind(
        "vacations", \.vacations, Vacation.declaration, key: "vacations", since: 4,
        synced: [Synced(name: "vacation", strategy: .lastWriterPerField)],
        checks: .keys(.uuid) { vacation, path in
            vacation.last < vacation.first ? JSONError(path: path + ".last", problem: .endsBeforeStart) : nil
        }, storedInOrderOf: "first_day, last_day, uuid",
        imported: .byKey(
            "uuid", same: { $0.first == $1.first && $0.last == $1.last }, refusingOthers: true))
}
