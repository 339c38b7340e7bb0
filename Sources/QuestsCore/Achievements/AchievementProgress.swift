/// The facts achievements are judged on, as dated events: on `day`, the measure grew by `amount`.
public struct ProgressFacts: Sendable {
    public var events: [AchievementKind: [(day: LocalDay, amount: Int)]] = [:]

    public init() {}

    /// Facts from the day tallies of the history, the streak summary, perfect weeks, earnings and purchases.
    ///
    /// - Parameters:
    ///   - tallies: every day of the history through today.
    ///   - earnings: the local day and amount of each quest reward and undo ledger entry.
    ///   - redemptionDays: the local day of each purchase.
    public init(tallies: [DayTally], streaks: StreakSummary, perfectWeekEnds: [LocalDay],
                earnings: [(day: LocalDay, amount: Int)], redemptionDays: [LocalDay]) {
        events[.streak] = streaks.daysReachingLength.map { ($0, 1) }
        events[.completions] = tallies.filter { $0.completed > 0 }.map { ($0.day, $0.completed) }
        events[.earned] = earnings.sorted { $0.day < $1.day }
        events[.redemptions] = redemptionDays.sorted().map { ($0, 1) }
        events[.perfectWeeks] = perfectWeekEnds.map { ($0, 1) }
    }

    /// The current value of `kind` (for the streak: the longest streak).
    public func value(of kind: AchievementKind) -> Int {
        events[kind, default: []].reduce(0) { $0 + $1.amount }
    }

    /// The day `achievement` was earned: when its measure first reached the threshold; nil if not yet.
    public func earnedDay(of achievement: Achievement) -> LocalDay? {
        var total = 0
        for event in events[achievement.kind, default: []] {
            total += event.amount
            if total >= achievement.threshold { return event.day }
        }
        return nil
    }

    /// Every achievement earned according to these facts, with the day it was earned.
    public func earned() -> [(achievement: Achievement, day: LocalDay)] {
        Achievement.all.compactMap { achievement in earnedDay(of: achievement).map { (achievement, $0) } }
    }
}
