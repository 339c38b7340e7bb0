import FoundationEssentials
import QuestsCore

/// The board of one day as a command shows it.
public struct BoardSnapshot: Sendable {
    public let board: Board
    public let balance: Int
    /// The current streak as of today, in days; 0 when the board was read without counting it.
    public let streak: Int
    /// Today's position (the board may show another day).
    public let now: DayPosition
    public let settings: Settings
    /// The vacation holding the board's day, if any (the board says you are, or were, on vacation).
    public let vacation: Vacation?
    /// The day's focus: its main quest and tasks, shown at the board's top.
    public let focus: FocusDay
}

/// How much of the day's focus a board reads.
public enum FocusReading: Sendable {
    /// Nothing: the focus is left empty.
    case none
    /// The main quest and the tasks, without looking for what an earlier day offers.
    case list
    /// Everything, with the offer to carry over.
    case withOffer
}

/// A quest after `edit` or `archive`, and the day the change applies from.
public struct QuestUpdate: Sendable {
    public let quest: Quest
    public let from: LocalDay
}

/// The quests as `quests list` shows them.
public struct QuestList: Sendable {
    /// Every quest, archived ones included, by number.
    public let quests: [Quest]
    public let today: LocalDay
}

/// Everything `quests show` tells about one quest, read in one snapshot. New figures join as new fields.
public struct QuestDetails: Sendable {
    public let quest: Quest
    /// Today's position.
    public let now: DayPosition
    /// The quest on today's board; nil when it is not scheduled today.
    public let today: Board.Entry?
    /// Where the quest stands today; nil when it is not scheduled today.
    public var state: QuestState? { today?.state }
    /// How many days it was completed for.
    public let completions: Int
    /// The most recent day it was completed for.
    public let lastCompleted: LocalDay?
    /// The notes given with its completions, newest first.
    public let notes: [(day: LocalDay, note: String)]
    /// Its own streak: due days done in a row, or quota periods met in a row (`QuestStreak`).
    public let streak: QuestStreak
    /// Its completion rate over the last 30 days, the last 90 days and all time, each ending today.
    public let rates: (last30: CompletionRate, last90: CompletionRate, allTime: CompletionRate)
    /// Its own tally of every day of the last 90, ending today, for its heatmap.
    public let recent: [DayTally]
    public let weekStart: Weekday
    /// A counted or limit quest's amounts over the last `QuestDetails.amountDays` days, ending today; nil
    /// for a quest that never measured amounts.
    public let amounts: AmountHistory?
    /// How many days `amounts` spans.
    public static let amountDays = 30
}

/// What adding a pack did: the quests it created and the ones already on the board.
public struct PackOutcome: Sendable {
    public let pack: QuestPack
    public let added: [Quest]
    /// Pack quests skipped because an active quest has their title, with that quest.
    public let present: [Quest]
}

/// The quests and the board: reading a day's board, adding, editing, archiving and deleting quests, adding packs.
public struct QuestBoard {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The board for the day `dayReference` names, the balance and the streak, read in one
    /// snapshot. Without `countingStreak`, the streak is left at 0: on a long unbroken history it costs more
    /// than the rest of the board, and a status line seldom shows it. Without `readingPaid`, a completed
    /// quest's reward reads 0: what its completion was paid is not looked up in the ledger, for a view that
    /// shows only open quests' rewards.
    ///
    /// `focus` says how much of the day's focus to read: all of it with what an earlier day offers (the
    /// board), only its main quest and tasks (a status line that shows them), or nothing (a status line
    /// that does not: the snapshot's focus is then empty).
    ///
    /// With `group`, the board holds only the quests of that group (`Quest.isIn(group:)`); the streak stays
    /// the whole day's.
    public func board(
        on dayReference: DayReference = .today, now: Now, countingStreak: Bool = true, readingPaid: Bool = true,
        focus reading: FocusReading = .withOffer, group: String? = nil
    ) throws -> BoardSnapshot {
        func snapshot(_ db: Database) throws -> BoardSnapshot {
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            let quests = try db.quests()
            // Without the streak, only the days the board looks at (and today, for the vacation it names).
            let neutral = try db.neutralDays(
                from: countingStreak
                    ? nil
                    : min(position.day, Board.firstNeutralDay(of: day, quests: quests, weekStart: settings.weekStart)))
            let board = try db.board(
                of: day, quests: group.map { name in quests.filter { $0.isIn(group: name) } } ?? quests,
                at: position, settings: settings, zone: now.zone, readingPaid: readingPaid, neutral: neutral)
            return BoardSnapshot(
                board: board, balance: try db.balance(),
                streak: countingStreak
                    ? try db.currentStreak(
                        today: position.day, quests: quests, zone: now.zone, settings: settings,
                        neutral: neutral, todayCleared: day == position.day && group == nil ? board.isCleared : nil
                    ).days : 0,
                now: position, settings: settings,
                vacation: neutral.isVacation(day) ? try db.vacations().first { $0.days.contains(day) } : nil,
                focus: try db.focusDay(day, today: position.day, settings: settings, zone: now.zone, reading: reading))
        }
        return try store.read(snapshot)
    }

    /// Every quest, archived ones included, with its schedule history, read in one snapshot.
    public func allQuests() throws -> [Quest] {
        try store.read { db in try db.quests() }
    }

    /// Every quest and today's day, as of `now`, in one snapshot.
    public func questList(now: Now) throws -> QuestList {
        try store.read { db in QuestList(quests: try db.quests(), today: try db.position(at: now).day) }
    }

    /// Adds a quest created today, in `group`. Titles must be unique among active quests. A `journal` quest
    /// becomes the one the day's first journal entry completes (`config journal-quest`).
    public func add(
        title: String, notes: String, schedule: Schedule, group: String = "", journal: Bool = false, now: Now
    ) throws -> Quest {
        try store.write { db in
            let today = try db.position(at: now).day
            let title = try Quest.validatedTitle(title, among: try db.quests(), on: today)
            try UserText.check(notes, as: .notes)
            let group = try Quest.validatedGroup(group)
            let quest = try db.addQuest(
                id: db.ids.next(), title: title, notes: notes, createdDay: today, schedule: schedule, group: group)
            if journal {
                var settings = try db.settings()
                settings.journalQuest = quest.id
                try db.save(.journalQuest, of: settings)
            }
            return quest
        }
    }

    /// Applies `changes` to the quest `reference` names; schedule changes apply from today on.
    public func edit(_ reference: ItemReference, changes: QuestChanges, now: Now) throws -> QuestUpdate {
        guard !changes.isEmpty else { throw QuestsError.nothingToChange }
        return try store.write { db in
            let today = try db.position(at: now).day
            let quests = try db.quests()
            var quest = try Quest.resolve(reference, among: quests, on: today)
            if let title = changes.title {
                quest.title = try Quest.validatedTitle(title, among: quests.filter { $0.id != quest.id }, on: today)
            }
            if let notes = changes.notes {
                try UserText.check(notes, as: .notes)
                quest.notes = notes
            }
            if let group = changes.group { quest.group = try Quest.validatedGroup(group) }
            try db.updateDetails(of: quest)
            if changes.changesSchedule {
                let current = quest.schedule(asOf: today)
                let (updated, version) = quest.applying(try changes.applied(to: current), from: today)
                try db.save(version, forQuest: quest.number)
                quest = updated
            }
            return QuestUpdate(quest: quest, from: today)
        }
    }

    /// The quest `reference` names, when `delete(id:now:)` may delete it: it has no history (no completion,
    /// skip or ledger entry, an undone completion's included). Refuses one with history.
    public func questToDelete(_ reference: ItemReference, now: Now) throws -> Quest {
        try store.read { db in
            let quest = try Quest.resolve(reference, among: try db.quests(), on: try db.position(at: now).day)
            try db.checkNoHistory(quest, now: now)
            return quest
        }
    }

    /// Deletes the quest `id` names, with its schedule versions, when it still has no history (a quest added
    /// by mistake); a sync then deletes it everywhere it has none (docs/sync.md).
    public func delete(id: UUID, now: Now) throws -> Quest {
        try store.write { db in
            guard let quest = try db.quests().first(where: { $0.id == id }) else {
                throw QuestsError.noMatch(.quest, id.uuidString, suggestions: [])
            }
            try db.checkNoHistory(quest, now: now)
            try db.cached("DELETE FROM quest WHERE number = ?").run([.integer(Int64(quest.number))])
            return quest
        }
    }

    /// Archives the quest `reference` names from today on; its history stays.
    public func archive(_ reference: ItemReference, now: Now) throws -> QuestUpdate {
        try store.write { db in
            let today = try db.position(at: now).day
            let quest = try Quest.resolve(reference, among: try db.quests(), on: today)
            var schedule = quest.schedule(asOf: today)
            guard !schedule.archived else { throw QuestsError.alreadyArchived(quest.title) }
            schedule.archived = true
            let (updated, version) = quest.applying(schedule, from: today)
            try db.save(version, forQuest: quest.number)
            return QuestUpdate(quest: updated, from: today)
        }
    }

    /// Brings the archived quest `reference` names back from today on, with the schedule it had; archived
    /// quests win over active ones when a title matches both. Refuses a quest that is not archived.
    public func unarchive(_ reference: ItemReference, now: Now) throws -> QuestUpdate {
        try store.write { db in
            let today = try db.position(at: now).day
            let quests = try db.quests()
            let quest = try Reference.resolve(reference, among: quests, kind: .quest) { $0.isArchived(on: today) }
            var schedule = quest.schedule(asOf: today)
            guard schedule.archived else { throw QuestsError.notArchived(quest.title) }
            _ = try Quest.validatedTitle(quest.title, among: quests.filter { $0.id != quest.id }, on: today)
            schedule.archived = false
            let (updated, version) = quest.applying(schedule, from: today)
            try db.save(version, forQuest: quest.number)
            return QuestUpdate(quest: updated, from: today)
        }
    }

    /// The details of the quest `reference` names, as of `now`.
    public func details(_ reference: ItemReference, now: Now) throws -> QuestDetails {
        try store.read { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let quest = try Quest.resolve(reference, among: try db.quests(), on: position.day)
            let rule = DayRule(zone: now.zone, settings: settings)
            let board = try db.board(
                of: position.day, quests: [quest], at: position, settings: settings, zone: now.zone, readingPaid: false)
            let number: [SQLValue] = [.integer(Int64(quest.number))]
            // The days from the (quest, day) key alone; the notes, which few completions have, through their index.
            let days = try db.prepare("SELECT day FROM completion WHERE quest = ? ORDER BY day").rows(number) {
                row -> LocalDay in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord(.record(.completions, .quest(quest.number), field: "day"))
                }
                return day
            }
            let notes = try db.prepare(
                "SELECT day, note FROM completion WHERE quest = ? AND note <> '' ORDER BY day DESC"
            )
            .rows(number) { row -> (day: LocalDay, note: String) in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord(.record(.completions, .quest(quest.number), field: "day"))
                }
                return (day, row.text(1))
            }
            let today = position.day
            // One quest: each completion, and each skip not replaced by one (`NeutralDays`), is its day's whole count.
            let neutral = try db.neutralDays().only(quest.number)
            let history = QuestHistory(
                quests: [quest], dayCounts: DayRule.counts(of: quest, completedOn: days, neutral: neutral),
                rule: rule, quotaCompletions: days.map { (quest.number, $0) }, neutral: neutral)
            let tallies = history.tallies(through: today)
            let rate = { (days: Int) in CompletionRate(tallies.suffix(days), today: today) }
            func amounts() throws -> AmountHistory? {
                guard quest.everMeasuresAmounts else { return nil }
                let from = today.adding(days: 1 - QuestDetails.amountDays)
                return AmountHistory(
                    of: quest, totals: try db.amountTotals(ofQuest: quest.number, from: from, through: today),
                    from: from, through: today, today: today, neutral: neutral)
            }
            return QuestDetails(
                quest: quest, now: position, today: board.entries.first, completions: days.count,
                lastCompleted: days.last, notes: notes,
                streak: QuestStreak(
                    of: quest, tallies: tallies, completedDays: days,
                    weekStart: settings.weekStart, today: today, neutral: neutral),
                rates: (rate(30), rate(90), CompletionRate(tallies, today: today)),
                recent: Array(tallies.suffix(90)), weekStart: settings.weekStart, amounts: try amounts())
        }
    }

    /// Adds the pack's quests that are not already active, all created today, in one transaction.
    public func addPack(_ pack: QuestPack, now: Now) throws -> PackOutcome {
        try store.write { db in
            let today = try db.position(at: now).day
            let quests = try db.quests()
            var (new, present) = pack.split(against: quests, on: today)
            // A pack quest's identity comes from the pack and its key (the title it was written with, in
            // whatever language it is added), so a pack added on two machines is one set of quests once they
            // sync; one already here (even archived) is not added again.
            let byID = Dictionary(quests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            present += new.compactMap { quest in
                byID[NameUUID.packQuest(pack: pack.id, title: quest.key)].map { (quest, $0) }
            }
            new.removeAll { byID[NameUUID.packQuest(pack: pack.id, title: $0.key)] != nil }
            let added = try new.map { quest in
                try db.addQuest(
                    id: NameUUID.packQuest(pack: pack.id, title: quest.key), title: quest.title, notes: quest.notes,
                    createdDay: today, schedule: quest.schedule)
            }
            return PackOutcome(pack: pack, added: added, present: present.map(\.1))
        }
    }
}

extension Database {
    /// The board of `day` seen at `position`, with the skips and vacations `neutral` (read when nil);
    /// without `readingPaid`, completed quests' rewards read 0 (for callers that look at states only).
    func board(
        of day: LocalDay, quests: [Quest], at position: DayPosition, settings: Settings, zone: Zone,
        readingPaid: Bool = true,
        neutral: NeutralDays? = nil
    ) throws -> Board {
        let rule = DayRule(zone: zone, settings: settings)
        var periodDone: [Int: Int] = [:]
        for quest in quests {
            guard let period = quest.quotaPeriod(containing: day, weekStart: rule.weekStart) else { continue }
            periodDone[quest.number] = try completionCount(ofQuest: quest.number, in: period.days.lowerBound...day)
        }
        let paid = readingPaid ? try paidCompletions(on: day) : try completedQuests(on: day)
        return Board(
            day: day, quests: quests, paid: paid, periodDone: periodDone, now: position, rule: rule,
            neutral: try neutral ?? neutralDays(), amounts: try amountTotals(on: day))
    }

    /// Refuses a quest with history (`hasHistory`).
    fileprivate func checkNoHistory(_ quest: Quest, now: Now) throws {
        if try hasHistory(quest, now: now) {
            throw QuestsError.questHasHistory(quest: quest.title, number: quest.number)
        }
    }

    /// Whether `quest` has completions, skips, or ledger entries for a completion since undone (found by
    /// the completions' name-based UUIDs, one for each day it could have been done for).
    func hasHistory(_ quest: Quest, now: Now) throws -> Bool {
        let number: [SQLValue] = [.integer(Int64(quest.number))]
        let rows =
            try prepare(
                "SELECT (SELECT count(*) FROM completion WHERE quest = ?1) + (SELECT count(*) FROM skip WHERE quest = ?1)"
            )
            .firstRow(number) { $0.int(0) } ?? 0
        guard rows == 0 else { return true }
        let settings = try settings()
        let last = now.position(dayStart: settings.dayStart).day
        let find = try cached("SELECT 1 FROM ledger_entry WHERE reference = ? LIMIT 1")
        var day = quest.createdDay.adding(days: -settings.backfillDays)
        while day <= last {
            if try find.firstRow([.uuid(NameUUID.completion(quest: quest.id, day: day))], { _ in true }) == true {
                return true
            }
            day = day.adding(days: 1)
        }
        return false
    }
}
