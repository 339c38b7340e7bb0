import FoundationEssentials
import QuestsCore

extension Database {
    /// Every skip, as `(quest number, day)`.
    func skips() throws -> [NeutralDays.QuestDay] {
        try cached("SELECT quest, day FROM skip").rows { row in
            guard let day = row.day(1) else {
                throw StoreError.damagedRecord(.record(.skips, .quest(row.int(0)), field: "day"))
            }
            return NeutralDays.QuestDay(questNumber: row.int(0), day: day)
        }
    }

    /// Every vacation, earliest first (the schema keeps each from ending before it starts).
    func vacations() throws -> [Vacation] {
        try records(Vacation.declaration, orderBy: RecordKind.vacations.stored?.order)
    }

    /// The skips and vacations, for the day rule, with the skipped quest-days that were completed too (a
    /// sync can bring both), which `NeutralDays` voids; with `first`, only the skips on or after it and the
    /// vacations that reach it (for a reader that looks at no earlier day, e.g. `Board.firstNeutralDay`:
    /// whether a skipped day was completed is a lookup for each skip).
    ///
    /// One statement reads both tables: every board, streak and history read asks for them, and preparing
    /// a statement costs more than running it on the few rows they hold.
    func neutralDays(from first: LocalDay? = nil) throws -> NeutralDays {
        var skips: [NeutralDays.QuestDay] = []
        var completed: Set<NeutralDays.QuestDay> = []
        var vacations: [ClosedRange<LocalDay>] = []
        // Without `first`, no condition at all: the whole read is the common one, and a condition costs its
        // compilation even when it holds for every row.
        try cached(
            """
            SELECT s.quest, s.day, EXISTS (SELECT 1 FROM completion c WHERE c.quest = s.quest AND c.day = s.day) FROM skip s\
            \(first == nil ? "" : " WHERE s.day >= ?1")
            UNION ALL SELECT NULL, first_day, last_day FROM vacation\(first == nil ? "" : " WHERE last_day >= ?1")
            """
        ).rows(first.map { [.day($0)] } ?? []) { row in
            guard let day = row.day(1) else {
                throw StoreError.damagedRecord(
                    row.optionalInt(0).map { DamagedRecord.record(.skips, .quest($0), field: "day") }
                        ?? .record(.vacations, field: "first_day"))
            }
            guard let number = row.optionalInt(0) else {
                guard let last = row.day(2), day <= last else {
                    throw StoreError.damagedRecord(.record(.vacations, .day(day), field: "last_day"))
                }
                vacations.append(day...last)
                return
            }
            let skip = NeutralDays.QuestDay(questNumber: number, day: day)
            skips.append(skip)
            if row.int(2) != 0 { completed.insert(skip) }
        }
        return NeutralDays(skips: skips, vacations: vacations, completed: completed)
    }

    /// The skip of quest `number` for `day`, if any; a damaged one is named by that quest and day.
    func skip(ofQuest number: Int, on day: LocalDay) throws -> Skip<Int>? {
        try record(Skip<UUID>.declaration, ofQuest: number, on: day)?.naming(number)
    }

    /// Records `skip` unless the quest-day is already skipped, and counts its day again (unless not
    /// `recounting`: a restore or an import counts every day once at the end); returns whether it was new.
    @discardableResult
    func insert(_ skip: Skip<UUID>, recounting: Bool = true) throws -> Bool {
        guard try insertIfAbsent(skip, as: Skip<UUID>.declaration) else { return false }
        if recounting { try recount(days: [skip.day]) }
        return true
    }

    /// Removes the skip of quest `number` for `day`, if any, and counts its day again (with `quests`, every
    /// quest, when the caller holds them).
    func deleteSkip(ofQuest number: Int, on day: LocalDay, quests: [Quest]? = nil) throws {
        try cached("DELETE FROM skip WHERE quest = ? AND day = ?").run([.integer(Int64(number)), .day(day)])
        if changes > 0 { try recount(days: [day], quests: quests) }
    }

    /// Records `vacation` unless one with its identity is there; returns whether it was new.
    @discardableResult
    func insert(_ vacation: Vacation) throws -> Bool {
        try insertIfAbsent(vacation, as: Vacation.declaration)
    }

    /// Removes the vacation `id`.
    func deleteVacation(_ id: UUID) throws {
        try cached("DELETE FROM vacation WHERE uuid = ?").run([.uuid(id)])
    }
}
