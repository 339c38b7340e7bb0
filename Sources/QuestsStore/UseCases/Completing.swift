import FoundationEssentials
import QuestsCore

/// What `complete` did.
public struct CompletionOutcome: Sendable {
    public let quest: Quest
    public let day: LocalDay
    /// Today, to word `day` relative to it.
    public let today: LocalDay
    /// Daily Dollars credited now (0 when it was already completed).
    public let credited: Int
    public let wasAlreadyCompleted: Bool
    /// Whether this completion finished every quest due that day.
    public let clearedDay: Bool
    /// How many quests are due that day.
    public let scheduledThatDay: Int
    /// Whether to celebrate: the day is cleared and was not celebrated before.
    public let celebrate: Bool
    /// Achievements this completion earned.
    public let newAchievements: [EarnedAchievement]
    public let balance: Int
    /// Whether the completion replaced a skip of the same quest-day.
    public var liftedSkip: Bool = false
}

/// What `undo` did.
public struct UndoOutcome: Sendable {
    public let quest: Quest
    public let day: LocalDay
    /// Daily Dollars taken back.
    public let debited: Int
    public let balance: Int
}

/// Completing quests and undoing completions, each paid or debited in the same transaction.
public struct Completing {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Completes the quest `reference` names for `dayReference` and credits its reward, in one
    /// transaction. Completing it again the same day credits nothing; with a `note` it is refused, as the
    /// note belongs to a completion it would not make.
    public func complete(
        _ reference: ItemReference, on dayReference: DayReference = .today, early: Bool = false, note: String = "",
        now: Now
    ) throws -> CompletionOutcome {
        try UserText.check(note, as: .notes)
        return try store.write { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            let quests = try db.quests()
            let quest = try Quest.resolve(reference, among: quests, on: position.day)
            let judged = try db.isJudged(today: position.day, zone: now.zone)
            // The day's completions, not the one quest-day's: the day's recount and board read them too, with
            // the one statement.
            if try db.completedQuestNumbers(on: day).contains(quest.number) {
                if !note.isEmpty { throw QuestsError.noteOnCompletedDay(quest: quest.title, day: day) }
                return CompletionOutcome(
                    quest: quest, day: day, today: position.day, credited: 0, wasAlreadyCompleted: true,
                    clearedDay: false, scheduledThatDay: 0, celebrate: false, newAchievements: [],
                    balance: try db.balance())
            }
            let period = quest.quotaPeriod(containing: day, weekStart: settings.weekStart)
            let schedule = try CompletionRules.scheduleForCompleting(
                quest, on: day, now: position, zone: now.zone,
                settings: settings, early: early,
                doneInPeriod: try period.map { try db.completionCount(ofQuest: quest.number, in: $0.days) } ?? 0)
            // Derived from quest and day: the same quest-day completed on two machines is one completion.
            let completion = Completion(
                id: NameUUID.completion(quest: quest.id, day: day), quest: quest.id, day: day,
                completedAt: now.instant, note: note)
            guard try db.insert(completion, quests: quests) else {
                return CompletionOutcome(
                    quest: quest, day: day, today: position.day, credited: 0, wasAlreadyCompleted: true,
                    clearedDay: false, scheduledThatDay: 0, celebrate: false, newAchievements: [],
                    balance: try db.balance())
            }
            // The completion replaces a skip of the same quest-day: what was done counts (docs/forgiveness.md).
            let liftedSkip = try db.skippedQuestNumbers(on: day).contains(quest.number)
            if liftedSkip { try db.deleteSkip(ofQuest: quest.number, on: day) }
            if schedule.reward > 0 {
                try db.append(
                    LedgerEntry(
                        id: db.ids.next(), at: now.instant, amount: schedule.reward, kind: .questReward,
                        reference: completion.id, memo: LedgerMemo.about(quest.title, on: day)))
            }
            let board = try db.board(
                of: day, quests: quests, at: position, settings: settings, zone: now.zone, readingPaid: false)
            let cleared = board.isCleared
            let celebrate = cleared ? try db.markCelebrated(day) : false
            return CompletionOutcome(
                quest: quest, day: day, today: position.day, credited: schedule.reward, wasAlreadyCompleted: false,
                clearedDay: cleared, scheduledThatDay: board.entries.count(where: \.isDue), celebrate: celebrate,
                newAchievements: try db.recordAchievements(
                    after: .completed(day: day, credited: schedule.reward > 0), judgedBefore: judged,
                    boardCleared: cleared, now: now, settings: settings, quests: quests),
                balance: try db.balance(), liftedSkip: liftedSkip)
        }
    }

    /// Removes the completion of the quest `reference` names for `dayReference` and debits what it
    /// credited, as a new ledger entry. Refused when that DD were already spent.
    public func undo(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws -> UndoOutcome
    {
        try store.write { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            let quests = try db.quests()
            let quest = try Quest.resolve(reference, among: quests, on: position.day)
            try CompletionRules.checkUndo(on: day, now: position, settings: settings)
            let judged = try db.isJudged(today: position.day, zone: now.zone)
            guard let completion = try db.completion(ofQuest: quest.number, on: day) else {
                throw QuestsError.notCompleted(quest: quest.title, day: day)
            }
            let debit = try CompletionRules.undoDebit(
                of: quest, credited: try db.netAmount(referringTo: completion.id), balance: try db.balance())
            try db.delete(completion, quests: quests)
            let memo = Self.undoMemo(quest: quest, completion: completion)
            if debit != 0 {
                try db.append(
                    LedgerEntry(
                        id: db.ids.next(), at: now.instant, amount: debit, kind: .undo, reference: completion.id,
                        memo: memo))
            } else {
                // Nothing to take back: no ledger entry holds the undo, so the log is told here.
                try db.cached("INSERT INTO unpaid_undo (at, memo) VALUES (?, ?)").run([
                    .timestamp(now.instant), .text(memo),
                ])
            }
            // A quest deleted on another machine, kept here for this completion alone, goes with it: then every
            // day it was due on changes, and the store is left unjudged.
            let swept = try db.sweepDeletedQuests()
            // An undo records no achievement; the store stays judged when it cannot have changed any.
            if judged, !swept {
                _ = try db.stillJudged(after: .undone(day: day), now: now, settings: settings, quests: quests)
            }
            return UndoOutcome(quest: quest, day: day, debited: -debit, balance: try db.balance())
        }
    }

    /// The memo of an undo's ledger entry: what was undone, with the start of its note, which the ledger
    /// keeps once the completion is gone.
    private static func undoMemo(quest: Quest, completion: Completion<Int>) -> String {
        LedgerMemo.about(quest.title, on: completion.day, note: completion.note)
    }
}
