/// One quest's own streak (`quests show`): its due days done in a row, or, on the days it is flexible (N
/// times a week or month), its periods met in a row.
///
/// The quest's history is a sequence of beats, oldest first: each day it is fixed or every-N, as
/// `DayRule.status(of:on:...)` has it, and each quota period it is flexible in, as
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
    public init(of quest: Quest, completedDays: some Sequence<LocalDay>, rule: DayRule, today: LocalDay) {
        let done = Set(completedDays)
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
        var day = quest.createdDay
        while day <= today {
            if let period = quest.quotaPeriod(containing: day, weekStart: rule.weekStart) {
                // One beat per period, on its last flexible day: the period's end, the quota's end, or today.
                if day == today || quest.quotaPeriod(containing: day.adding(days: 1), weekStart: rule.weekStart)?.days != period.days {
                    let count = done.count { period.days.contains($0) && $0 <= today }
                    beat(period.status(done: count, today: today))
                }
            } else {
                beat(rule.status(of: quest, on: day, completed: done.contains(day), today: today))
            }
            day = day.adding(days: 1)
        }
        let unit: Unit = switch quest.schedule(asOf: today).kind.quota?.per {
        case .week: .week
        case .month: .month
        case nil: .day
        }
        self.init(current: run, longest: longest, unit: unit)
    }
}
