/// Everything the domain refuses, as data (titles, days, numbers); the command line words each case.
public enum QuestsError: Error, Equatable, Sendable {
    case invalidWeekdays(String)
    case invalidTime(String)
    case invalidDay(String)
    case invalidReward(String)
    /// An amount, target or limit that is not a number ≥ 0 (`Amount.parse`).
    case invalidAmount(String)
    /// An amount with more than three decimals.
    case amountTooPrecise(String)
    /// An amount above `Amount.maximum`, or one that would take a day's total above it.
    case amountTooLarge(String)
    /// `--amount` or `--set` for a yes/no quest.
    case amountOnYesNoQuest(quest: String)
    /// `--set` below what the day already holds: amounts only add up (undo takes them back).
    case setBelowTotal(quest: String, total: Amount, unit: String)
    /// A unit longer than a title may be (`UserText.Field.title`), or holding a NUL.
    case unitTooLong(limit: Int)
    /// A group name longer than a title may be, or holding a NUL.
    case groupTooLong
    /// `--unit` for a quest that is neither counted nor limited.
    case unitWithoutMeasure
    /// `undo` of a counted or limit quest's day that holds no amount.
    case noAmountToUndo(quest: String, day: LocalDay)
    /// A quest or a reward given no title.
    case emptyTitle(NameableKind)
    case duplicateTitle(String, number: Int)
    case noMatch(NameableKind, String, suggestions: [String])
    case ambiguous(NameableKind, String, candidates: [String])
    case notScheduled(quest: String, day: LocalDay)
    case notYetOpen(quest: String, opensAt: TimeOfDay)
    case nonexistentDay(LocalDay, timeZone: String)
    case futureDay(LocalDay)
    case outsideBackfillWindow(LocalDay, windowDays: Int)
    /// A day further ahead than anything may be planned (`CompletionRules.planningHorizonDays`).
    case beyondPlanningHorizon(LocalDay)
    case notCompleted(quest: String, day: LocalDay)
    case undoWouldOverdraw(quest: String, credited: Int, balance: Int)
    case alreadyArchived(String)
    /// `delete` of a quest with history (completions, skips or ledger entries): it can only be archived.
    case questHasHistory(quest: String, number: Int)
    case nothingToChange
    case invalidPrice(String)
    case duplicateReward(String, number: Int)
    case cannotAfford(ShopItem, price: Int, balance: Int)
    /// The balance is a debt (a sync left it below zero): nothing can be bought until quests earn it back.
    case inDebt(ShopItem, debt: Int)
    case nothingToChangeInReward
    case unknownSetting(String)
    case invalidSetting(Settings.Key, value: String)
    case noPack(String, available: [String])
    case invalidPack(source: String, problem: JSONError)
    case futureUndo(LocalDay)
    case notArchived(String)
    case ambiguousPack(String, candidates: [String])
    case invalidText(UserText.Field, UserText.Problem)
    case noPurchaseToRefund(LocalDay)
    case alreadyRefunded(reward: String)
    /// The most recent purchase is a streak freeze that already covered `day`: it can no longer be undone.
    case freezeUsed(day: LocalDay)
    case invalidQuota(String, maximum: Int, period: String)
    case invalidInterval(String)
    case quotaAlreadyMet(quest: String, times: Int, period: String, day: LocalDay)
    case noteOnCompletedDay(quest: String, day: LocalDay)
    case invalidMonth(String)
    case futureMonth(String)
    /// Skipping a quest-day already completed: undo the completion first.
    case skipCompleted(quest: String, day: LocalDay)
    case notSkipped(quest: String, day: LocalDay)
    case vacationEndsBeforeStart(start: LocalDay, end: LocalDay)
    /// A new vacation would overlap the vacation `existing`.
    case vacationOverlaps(existing: ClosedRange<LocalDay>)
    case noVacation(LocalDay)
    // The day's focus (docs/focus.md).
    /// A priority that is not high, medium or low.
    case invalidPriority(String)
    /// A task's time window whose end is not after its start (`--at 10:00-09:00`).
    case windowEndsBeforeStart(start: TimeOfDay, end: TimeOfDay)
    /// A main quest or task without words.
    case emptyFocusTitle(goal: Bool)
    /// The day holds `holds` tasks, and its limit is `limit`: a task cannot enter.
    case focusFull(day: LocalDay, holds: Int, limit: Int)
    /// `achieved` or `not-yet` on a day without a main quest.
    case noGoal(LocalDay)
    /// `not-yet` on a main quest that was not achieved by itself.
    case goalNotAchievedByItself(title: String, state: FocusGoalState)
    /// `undo` of a task that is not done.
    case taskNotDone(String)
    /// `drop` of a task already done: undo it first.
    case dropDoneTask(String)
    /// `carry` with nothing offered from an earlier day.
    case nothingToCarry(LocalDay)
    /// `focus edit --to` of a task done: its payment belongs to its day.
    case moveDoneTask(String)
    /// `focus edit` with nothing to change.
    case nothingToChangeInTask
    // The journal (docs/journal.md).
    /// An entry of nothing but spaces.
    case emptyJournalEntry
    /// `journal edit` or `delete` of a number that `day`'s journal (holding `count` entries) does not list.
    case noJournalEntry(number: Int, day: LocalDay, count: Int)
}
