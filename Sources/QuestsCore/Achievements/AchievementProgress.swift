/// What is known of a measure that is costly to date: its dated events, or only its total.
public enum Measure: Sendable {
    /// The day and amount of each change, to date an achievement.
    case dated([(day: LocalDay, amount: Int)])
    /// Only the total: enough when no achievement of the measure can be newly reached.
    case total(Int)
}

/// The facts achievements are judged on, as dated events: on `day`, the measure grew by `amount`.
public struct ProgressFacts: Sendable {
    public var events: [AchievementKind: [(day: LocalDay, amount: Int)]] = [:]
    /// The current value of each measure (the sum of its events, unless only a total was given).
    private var totals: [AchievementKind: Int] = [:]

    public init() {}

    /// Facts from the day tallies of the history, the streak summary, perfect weeks, earnings and purchases.
    ///
    /// - Parameters:
    ///   - tallies: every day of the history through today.
    ///   - earnings: Daily Dollars earned from quests: each quest reward and undo on its local day.
    ///   - redemptions: purchases, each counting 1 on its local day.
    public init(
        tallies: [DayTally], streaks: StreakSummary, perfectWeekEnds: [LocalDay],
        earnings: Measure, redemptions: Measure
    ) {
        events[.streak] = streaks.daysReachingLength.map { ($0, 1) }
        var completions: [(day: LocalDay, amount: Int)] = []
        completions.reserveCapacity(tallies.count)
        for tally in tallies where tally.completed > 0 { completions.append((tally.day, tally.completed)) }
        events[.completions] = completions
        events[.perfectWeeks] = perfectWeekEnds.map { ($0, 1) }
        for (kind, measure) in [(AchievementKind.earned, earnings), (.redemptions, redemptions)] {
            switch measure {
            case .dated(let dated): events[kind] = dated.sorted { $0.day < $1.day }
            case .total(let total): totals[kind] = total
            }
        }
    }

    /// The current value of `kind` (for the streak: the longest streak).
    public func value(of kind: AchievementKind) -> Int {
        totals[kind] ?? events[kind, default: []].reduce(0) { $0 + $1.amount }
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

    /// Every achievement earned according to these facts, with the day it was earned. A measure given
    /// only as a total earns nothing here.
    public func earned() -> [(achievement: Achievement, day: LocalDay)] {
        Achievement.all.compactMap { achievement in earnedDay(of: achievement).map { (achievement, $0) } }
    }
}
