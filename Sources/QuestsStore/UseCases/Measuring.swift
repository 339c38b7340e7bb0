import FoundationEssentials
import QuestsCore

/// What `done QUEST AMOUNT` asks for: an amount added to the day, or the day's total it should come to.
public enum AmountChange: Sendable, Equatable {
    case add(Amount)
    /// Adds what brings the day's total to it (`--set`).
    case set(Amount)
}

/// What recording an amount did.
public struct AmountOutcome: Sendable {
    public let quest: Quest
    public let day: LocalDay
    /// Today, to word `day` relative to it.
    public let today: LocalDay
    /// What the day measures against that day.
    public let measure: QuestMeasure
    /// The amount added (zero when `--set` asked for the total the day held).
    public let added: Amount
    /// The day's total after it.
    public let total: Amount
    /// Daily Dollars paid now (negative: taken back).
    public let credited: Int
    /// Whether the day's total now completes it (a counted quest at its target).
    public let completed: Bool
    /// Whether this completed every quest due that day and the day was not celebrated before.
    public let celebrate: Bool
    /// How many quests are due that day.
    public let scheduledThatDay: Int
    public let newAchievements: [EarnedAchievement]
    public let balance: Int
}

/// What undoing an amount did.
public struct AmountUndoOutcome: Sendable {
    public let quest: Quest
    public let day: LocalDay
    public let measure: QuestMeasure
    /// The entry taken back.
    public let undone: Amount
    /// The day's total after it.
    public let total: Amount
    /// Daily Dollars taken back.
    public let debited: Int
    public let balance: Int
}

/// Recording the amounts of counted and limit quests (SPEC 18), each entry paid or taken back in the same
/// transaction, and paying the limit quests' days once they are over.
public struct Measuring {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// What `record` and `undo` start from: the settings, the position `now`, the day `dayReference`
    /// names, every quest, and the quest `reference` names with its measure that day; a yes/no quest is
    /// refused.
    private static func measuredDay(_ reference: ItemReference, on dayReference: DayReference, db: Database, now: Now)
        throws -> (Settings, DayPosition, LocalDay, [Quest], Quest, QuestMeasure)
    {
        let settings = try db.settings()
        let position = now.position(dayStart: settings.dayStart)
        let day = dayReference.day(today: position.day)
        let quests = try db.quests()
        let quest = try Quest.resolve(reference, among: quests, on: position.day)
        guard let measure = quest.schedule(asOf: day).measure else {
            throw QuestsError.amountOnYesNoQuest(quest: quest.title)
        }
        return (settings, position, day, quests, quest, measure)
    }

    /// Records `change` for the quest `reference` names for `dayReference`, and settles the day
    /// (`settleMeasuredDay`). Refuses a yes/no quest, a day the quest may not be completed for (as
    /// `complete` does), `--set` below the day's total, and a total above `Amount.maximum`.
    public func record(
        _ change: AmountChange, for reference: ItemReference, on dayReference: DayReference = .today,
        early: Bool = false, now: Now
    ) throws -> AmountOutcome {
        try store.write { db in
            let (settings, position, day, quests, quest, measure) = try Self.measuredDay(
                reference, on: dayReference, db: db, now: now)
            let judged = try db.isJudged(today: position.day, zone: now.zone)
            let schedule = try CompletionRules.scheduleForCompleting(
                quest, on: day, now: position, zone: now.zone, settings: settings, early: early)
            let before = try db.amountTotal(ofQuest: quest.number, on: day)
            let added: Amount
            switch change {
            case .add(let amount): added = amount
            case .set(let total):
                guard total >= before else {
                    throw QuestsError.setBelowTotal(quest: quest.title, total: before, unit: measure.unit)
                }
                added = Amount(thousandths: total.thousandths - before.thousandths) ?? .zero
            }
            guard let total = Amount.adding(before, added) else {
                throw QuestsError.amountTooLarge(added.text())
            }
            let wasCompleted = try db.completion(ofQuest: quest.number, on: day) != nil
            if added != .zero || change == .add(.zero) {
                try db.insert(
                    AmountEntry(
                        id: db.ids.next(), quest: quest.id, day: day, amount: added, recordedAt: now.instant))
            }
            let credited = try db.settleMeasuredDay(
                quest, on: day, today: position.day, at: now.instant, quests: quests, refusingDebt: true)
            let completed = try db.completion(ofQuest: quest.number, on: day) != nil
            let board = try db.board(
                of: day, quests: quests, at: position, settings: settings, zone: now.zone, readingPaid: false)
            let celebrate = completed && !wasCompleted && board.isCleared ? try db.markCelebrated(day) : false
            let achievements =
                completed && !wasCompleted
                ? try db.recordAchievements(
                    after: .completed(day: day, credited: schedule.reward > 0), judgedBefore: judged,
                    boardCleared: board.isCleared, now: now, settings: settings, quests: quests) : []
            return AmountOutcome(
                quest: quest, day: day, today: position.day, measure: schedule.measure ?? measure, added: added,
                total: total, credited: credited, completed: completed, celebrate: celebrate,
                scheduledThatDay: board.entries.count(where: \.isDue), newAchievements: achievements,
                balance: try db.balance())
        }
    }

    /// Takes back the latest amount recorded for the quest `reference` names for `dayReference` (it is
    /// marked undone, everywhere once synced), and settles the day. Refused when that day holds none, or
    /// when the reward it takes back was already spent.
    public func undo(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws
        -> AmountUndoOutcome
    {
        try store.write { db in
            let (settings, position, day, quests, quest, measure) = try Self.measuredDay(
                reference, on: dayReference, db: db, now: now)
            try CompletionRules.checkUndo(on: day, now: position, settings: settings)
            let judged = try db.isJudged(today: position.day, zone: now.zone)
            let entries = try db.amountEntries(ofQuest: quest.number, on: day)
            guard let latest = entries.last(where: { !$0.undone }) else {
                throw QuestsError.noAmountToUndo(quest: quest.title, day: day)
            }
            let total = AmountEntry.total(of: entries.filter { $0.id != latest.id }) ?? .zero
            try db.markUndone(latest.id)
            let credited = try db.settleMeasuredDay(
                quest, on: day, today: position.day, at: now.instant, quests: quests, refusingDebt: true)
            if judged, credited != 0 {
                _ = try db.stillJudged(after: .undone(day: day), now: now, settings: settings, quests: quests)
            }
            return AmountUndoOutcome(
                quest: quest, day: day, measure: measure, undone: latest.amount, total: total, debited: -credited,
                balance: try db.balance())
        }
    }

    /// Pays every limit quest's days that ended since this machine last looked (`settleEndedLimitDays`): the
    /// first command that sees a day over pays it. A read alone when no quest has a limit or all are settled.
    public func settleEndedDays(now: Now) throws {
        let due = try store.inDatabase { db in
            try db.hasLimitQuests() && db.state(Database.limitsSettledKey) != db.position(at: now).day.description
        }
        guard due else { return }
        try store.write { db in
            let today = try db.position(at: now).day
            try db.settleEndedLimitDays(today: today, quests: try db.quests(), at: now.instant)
        }
    }
}
