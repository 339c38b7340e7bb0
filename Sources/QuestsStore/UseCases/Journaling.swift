import FoundationEssentials
import QuestsCore

/// A day's journal as `quests journal` lists it: its entries, numbered from 1 in their order.
public struct JournalDay: Sendable {
    public let day: LocalDay
    public let entries: [JournalEntry]
}

/// What a journal write did, and what it asks of the journal quest (`quests add --journal`): a command
/// completes it (`complete`) or undoes it (`undo`) for the entry's day right after, through `Completing`.
public struct JournalOutcome: Sendable {
    public let entry: JournalEntry
    /// Its number in its day's journal (for a deleted entry, the number it had).
    public let number: Int
    /// Today, to word the day.
    public let today: LocalDay
    /// The journal quest to complete for the day: it is due, the day has entries, and it is not done.
    public let complete: Quest?
    /// The journal quest to undo for the day: the last entry went, and it was done.
    public let undo: Quest?
    /// Milestones the entry earned (entries written, days journaled).
    public var newAchievements: [EarnedAchievement] = []
}

/// The journal: writing, editing and deleting entries, listing a day or a week, searching and exporting,
/// and its insights.
public struct Journaling {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The journal of the day `dayReference` names (any day up to today).
    public func day(_ dayReference: DayReference = .today, now: Now) throws -> JournalDay {
        try store.read { db in
            let day = try Self.readableDay(dayReference, db: db, now: now)
            return JournalDay(day: day, entries: try db.journalEntries(on: day))
        }
    }

    /// The journals of the week (the `week-start` setting) holding the day `dayReference` names, by day.
    public func week(of dayReference: DayReference = .today, now: Now) throws -> [JournalDay] {
        try store.read { db in
            let settings = try db.settings()
            let day = dayReference.day(today: now.position(dayStart: settings.dayStart).day)
            let first = day.firstDayOfWeek(startingOn: settings.weekStart)
            let entries = try db.journalEntries(from: first, through: first.adding(days: 6))
            return (0..<7).map { offset in
                let day = first.adding(days: offset)
                return JournalDay(day: day, entries: entries.filter { $0.day == day })
            }
        }
    }

    /// Adds an entry to the day `dayReference` names: today, or a past day in the back-fill window.
    public func write(_ text: String, on dayReference: DayReference = .today, now: Now) throws -> JournalOutcome {
        try JournalEntry.check(text)
        return try store.write { db in
            let (day, today) = try Self.writableDay(dayReference, db: db, now: now)
            let entries = try db.journalEntries(on: day)
            // Later than every entry of the day, so the new one is listed last on every machine.
            let latest = entries.map(\.createdAt).max()
            let moment = latest.map { $0 >= now.instant ? $0.addingTimeInterval(1) : now.instant } ?? now.instant
            let entry = JournalEntry(id: db.ids.next(), day: day, text: text, createdAt: moment, updatedAt: now.instant)
            try db.save(entry)
            return JournalOutcome(
                entry: entry, number: entries.count + 1, today: today,
                complete: try db.journalQuestToComplete(on: day), undo: nil,
                newAchievements: try db.recordAchievements(now: now))
        }
    }

    /// Replaces the text of entry `number` of the day `dayReference` names.
    public func edit(_ number: Int, to text: String, on dayReference: DayReference = .today, now: Now) throws
        -> JournalOutcome
    {
        try JournalEntry.check(text)
        return try store.write { db in
            let (day, today) = try Self.writableDay(dayReference, db: db, now: now)
            var entry = try JournalEntry.numbered(number, in: try db.journalEntries(on: day), day: day)
            entry.text = text
            entry.updatedAt = now.instant
            try db.save(entry)
            return JournalOutcome(
                entry: entry, number: number, today: today, complete: try db.journalQuestToComplete(on: day),
                undo: nil)
        }
    }

    /// Deletes entry `number` of the day `dayReference` names: it stays a tombstone, without its text. When it
    /// was the day's last, the journal quest done that day is to be undone; refused when that quest's Daily
    /// Dollars were spent, as its undo would be.
    public func delete(_ number: Int, on dayReference: DayReference = .today, now: Now) throws -> JournalOutcome {
        try store.write { db in
            let (day, today) = try Self.writableDay(dayReference, db: db, now: now)
            let entries = try db.journalEntries(on: day)
            var entry = try JournalEntry.numbered(number, in: entries, day: day)
            var undo: Quest?
            if entries.count == 1, let (quest, completion) = try db.journalQuestDone(on: day) {
                _ = try CompletionRules.undoDebit(
                    of: quest, credited: try db.netAmount(referringTo: completion.id), balance: try db.balance())
                undo = quest
            }
            entry.text = ""
            entry.deleted = true
            entry.updatedAt = now.instant
            try db.save(entry)
            return JournalOutcome(entry: entry, number: number, today: today, complete: nil, undo: undo)
        }
    }

    /// The entries holding every word of `query` (ignoring case and accents), newest first.
    public func search(_ query: String) throws -> [JournalEntry] {
        let words = JournalSearch.words(query)
        return try store.read { db in
            try db.liveJournalEntries().filter { JournalSearch.matches($0.text, words: words) }
                .sorted { $0.day != $1.day ? $0.day > $1.day : JournalEntry.dayOrder($1, $0) }
        }
    }

    /// Every day's journal, oldest first (`journal export`).
    public func everyDay() throws -> [JournalDay] {
        try store.read { db in
            let entries = try db.liveJournalEntries()
            var days: [JournalDay] = []
            var start = entries.startIndex
            while start < entries.endIndex {
                let day = entries[start].day
                let end = entries[start...].firstIndex { $0.day != day } ?? entries.endIndex
                days.append(JournalDay(day: day, entries: Array(entries[start..<end])))
                start = end
            }
            return days
        }
    }

    /// The practice as of today (`journal --insights`).
    public func insights(now: Now) throws -> (insights: JournalInsights, today: LocalDay, weekStart: Weekday) {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            return (JournalInsights(counts: try db.journalDayCounts(), today: today), today, settings.weekStart)
        }
    }

    /// The day `reference` names for reading: any day through today that exists.
    private static func readableDay(_ reference: DayReference, db: Database, now: Now) throws -> LocalDay {
        let settings = try db.settings()
        let today = now.position(dayStart: settings.dayStart).day
        let day = reference.day(today: today)
        if day > today { throw QuestsError.futureDay(day) }
        return day
    }

    /// The day `reference` names for writing: today or a past day in the back-fill window, with today.
    private static func writableDay(_ reference: DayReference, db: Database, now: Now) throws -> (LocalDay, LocalDay) {
        let settings = try db.settings()
        let position = now.position(dayStart: settings.dayStart)
        let day = reference.day(today: position.day)
        try FocusRules.checkCompleting(day, now: position, zone: now.zone, settings: settings)
        return (day, position.day)
    }
}

extension Database {
    /// The journal quest (`config journal-quest`), when this store has it and it is not archived on `day`.
    fileprivate func journalQuest(on day: LocalDay) throws -> Quest? {
        guard let id = try settings().journalQuest else { return nil }
        return try quests().first { $0.id == id && !$0.isArchived(on: day) }
    }

    /// The journal quest when `day`'s journal has entries and the quest, scheduled that day, is not done.
    fileprivate func journalQuestToComplete(on day: LocalDay) throws -> Quest? {
        guard let quest = try journalQuest(on: day), quest.isScheduled(on: day),
            try !completedQuestNumbers(on: day).contains(quest.number)
        else { return nil }
        return quest
    }

    /// The journal quest and its completion, when it was done on `day`.
    fileprivate func journalQuestDone(on day: LocalDay) throws -> (Quest, Completion<Int>)? {
        guard let quest = try journalQuest(on: day), let completion = try completion(ofQuest: quest.number, on: day)
        else { return nil }
        return (quest, completion)
    }
}
