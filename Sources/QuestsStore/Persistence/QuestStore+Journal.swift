import FoundationEssentials
import QuestsCore

extension Database {
    /// The entries of `day`'s journal, deleted ones left out, in `JournalEntry.dayOrder`.
    func journalEntries(on day: LocalDay) throws -> [JournalEntry] {
        try records(
            JournalEntry.declaration, where: "day = ? AND deleted = 0", [.day(day)], orderBy: "created_at, uuid")
    }

    /// The entries from `from` through `through`, deleted ones left out, by day and in each day's order.
    func journalEntries(from: LocalDay, through: LocalDay) throws -> [JournalEntry] {
        try records(
            JournalEntry.declaration, where: "day BETWEEN ? AND ? AND deleted = 0", [.day(from), .day(through)],
            orderBy: "day, created_at, uuid")
    }

    /// Every entry, deleted ones left out, by day and in each day's order.
    func liveJournalEntries() throws -> [JournalEntry] {
        try records(JournalEntry.declaration, where: "deleted = 0", orderBy: "day, created_at, uuid")
    }

    /// The entry (or tombstone) with UUID `id`, if this store has it.
    func journalEntry(_ id: UUID) throws -> JournalEntry? {
        try records(JournalEntry.declaration, where: "uuid = ?", [.uuid(id)]).first
    }

    /// Writes `entry`, adding it or replacing the one with its UUID.
    func save(_ entry: JournalEntry) throws {
        try save(entry, as: JournalEntry.declaration, replacingOn: "uuid")
    }

    /// How many entries each day holds, deleted ones left out, by day.
    func journalDayCounts() throws -> [(day: LocalDay, entries: Int)] {
        var counts: [(day: LocalDay, entries: Int)] = []
        var reader = LocalDay.Reader()  // the days come in order
        try cached("SELECT day FROM journal_entry WHERE deleted = 0 ORDER BY day").forEachRow { row in
            guard let day = row.parseText(0, { reader.parse($0) }) else {
                throw StoreError.damagedRecord(.record(.journal, field: "day"))
            }
            if counts.last?.day == day {
                counts[counts.count - 1].entries += 1
            } else {
                counts.append((day, 1))
            }
        }
        return counts
    }
}
