/// One quest's own streak (`quests show`): its due days done in a row, or, on the days it is flexible (N
/// times a week or month), its periods met in a row.
///
/// The quest's history is a sequence of beats, oldest first: each day it is fixed or every-N, as its own
/// day tally has it (`DayRule`: due when scheduled or completed), and each quota period it is flexible in, as
/// `QuotaPeriodInfo.status(done:today:)` has it. A beat done extends the streak, a beat missed resets
/// it; a beat not due, or due and still going (today, the current period), does neither. A quest whose
/// schedule changed between kinds counts the beats of each; the unit named is the current schedule's.
public struct QuestStreak: Hashable, Sendable {
    /// What the streak counts.
    public enum Unit: String, Sendable {
        case day, week, month
    }

    /// Beats done in a row up to today.
    public let current: Int
    /// The most beats ever done in a row.
    public let longest: Int
    /// Days, or the quota period of a quest flexible today.
    public let unit: Unit

    public init(current: Int, longest: Int, unit: Unit) {
        self.current = current
        self.longest = longest
        self.unit = unit
    }

    /// The streak of `quest` as of `today`, from the days it was completed for (any order).
    /// - Parameter neutral: skips and vacations: a skipped or vacation day not done is not due, a quota
    ///   period holding either cannot fail.
    public init(
        of quest: Quest, completedDays: [LocalDay], rule: DayRule, today: LocalDay, neutral: NeutralDays = .none
    ) {
        let history = QuestHistory(
            quests: [quest], completions: completedDays.map { (quest.number, $0) }, rule: rule,
            neutral: neutral.only(quest.number))
        self.init(
            of: quest, tallies: history.tallies(through: today), completedDays: completedDays,
            weekStart: rule.weekStart, today: today,
            neutral: neutral)
    }

    /// The streak of `quest` as of `today`, from its own tallies (a `QuestHistory` of it alone, every day
    /// from its creation through today, with its skips and the vacations) and the days it was completed for
    /// (any order).
    public init(
        of quest: Quest, tallies: [DayTally], completedDays: [LocalDay], weekStart: Weekday, today: LocalDay,
        neutral: NeutralDays = .none
    ) {
        var done = completedDays.map(\.dayNumber)
        if zip(done, done.dropFirst()).contains(where: { $0 > $1 }) { done.sort() }  // the store gives them in order
        let flexible = !quest.quotaRuns.isEmpty
        var run = 0
        var longest = 0
        func beat(_ status: QuestDayStatus) {
            switch status {
            case .done:
                run += 1
                longest = max(longest, run)
            case .missed: run = 0
            case .due, .notDue: break
            }
        }
        var next =
            flexible ? tallies.first.flatMap { quest.quotaPeriod(containing: $0.day, weekStart: weekStart) } : nil
        for tally in tallies where tally.day <= today {
            let period = next  // the quota period holding this day, if the quest is flexible on it
            next =
                flexible && tally.day < today
                ? quest.quotaPeriod(containing: tally.day.adding(days: 1), weekStart: weekStart) : nil
            if let period {
                // One beat per period, on its last flexible day: the period's end, the quota's end, or today.
                guard tally.day == today || next?.days != period.days else { continue }
                beat(
                    period.status(
                        done: QuestHistory.count(
                            of: done, in: period.days.lowerBound...min(period.days.upperBound, today)), today: today,
                        excused: neutral.excuses(quest.number, period: period.days)))
            } else {
                // A day of a fixed or every-N schedule: the quest's own tally says it all (`DayRule`).
                switch DayRule.status(of: tally, today: today, isNeutral: { _ in false }) {
                case .cleared: beat(.done)
                case .missed: beat(.missed)
                case .unscheduled, .neutral, .inProgress: break
                }
            }
        }
        let unit: Unit =
            switch quest.schedule(asOf: today).kind.quota?.per {
            case .week: .week
            case .month: .month
            case nil: .day
            }
        self.init(current: run, longest: longest, unit: unit)
    }
}
