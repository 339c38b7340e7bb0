/// A write that changed the facts achievements are judged on (`ProgressFacts`) on one day only: what it
/// can newly earn, so that a store judged in full just before it need not judge years of history again.
///
/// Why so little can change: facts are dated, and a change on day D changes only what happens on D and
/// after (that day's tally, a flexible period ending on or after D, freeze coverage after D, a ledger
/// entry made now). A measure's earlier events stay as they were, so an achievement earned before D keeps
/// its day, and a recorded day only ever moves earlier (never later). When the change is today's and
/// today is the last day the facts reach, the full judgement that followed it could only record, dated
/// today, an achievement not recorded yet whose measure now reaches its threshold.
public enum ProgressChange: Sendable, Hashable {
    /// A quest completed for `day`; `credited` when a quest reward was paid for it (the DD earned grew).
    case completed(day: LocalDay, credited: Bool)
    /// A completion of `day` undone (its reward, if any, debited).
    case undone(day: LocalDay)
    /// No quest's day changed; at most ledger entries made on `day` (a focus task or main quest paid, or its
    /// payment taken back); `credited` when the DD earned grew.
    case ledgerOnly(day: LocalDay, credited: Bool)

    /// The day the change is about.
    public var day: LocalDay {
        switch self {
        case .completed(let day, _), .undone(let day), .ledgerOnly(let day, _): return day
        }
    }

    /// Whether a full judgement after this change could record an achievement or move a recorded day,
    /// given that every achievement earned before it was recorded (a full judgement as of `today`, in the
    /// same time zone and settings, and nothing else changed since). False means: nothing to record.
    ///
    /// The bounds are asked for only when an achievement of their kind is not recorded yet, the costly
    /// ones last.
    /// - Parameters:
    ///   - recorded: the recorded achievements' days, by `Achievement.id`.
    ///   - completions: at least how many completions count (the completions of every day).
    ///   - todayCleared: whether today, after the change, is cleared (`DayTally.isCleared`).
    ///   - currentStreak: the current streak after the change, including today.
    public func mayChangeAchievements(
        today: LocalDay, weekStart: Weekday, recorded: [String: LocalDay],
        completions: () throws -> Int, todayCleared: () throws -> Bool,
        currentStreak: () throws -> Int
    ) rethrows -> Bool {
        // A change of another day reaches past today's facts; a recorded day after today would move back.
        guard day == today, !recorded.values.contains(where: { $0 > today }) else { return true }
        var lowest: [AchievementKind: Int] = [:]
        for achievement in Achievement.all where recorded[achievement.id] == nil {
            lowest[achievement.kind] = min(lowest[achievement.kind] ?? .max, achievement.threshold)
        }
        let credited: Bool
        switch self {
        case .undone:
            // Fewer completions and DD, and a day that cannot turn cleared: every measure's running total
            // through today is what it was or less, so nothing is reached that was not.
            return false
        case .ledgerOnly(_, let paid):
            // Only the DD earned can have grown: judged in full, as below, while one is not recorded.
            return paid && lowest[.earned] != nil
        case .completed(_, let paid):
            credited = paid
        }
        // Today's ledger entry may come before DD dated later (a clock set back): its running total is not
        // the total, so the earned measure is judged in full.
        if credited, lowest[.earned] != nil { return true }
        // Only the week ending today gains a perfect week.
        if lowest[.perfectWeeks] != nil, today.adding(days: 1).weekday == weekStart { return true }
        if let threshold = lowest[.completions], try completions() >= threshold { return true }
        // Days with a quest done can only reach a threshold the completions reach.
        if let threshold = lowest[.questDays], try completions() >= threshold { return true }
        // A new longest streak can only be the one running through today, and only when today is cleared.
        if let threshold = lowest[.streak], try todayCleared(), try currentStreak() >= threshold { return true }
        // Purchases did not change.
        return false
    }
}
