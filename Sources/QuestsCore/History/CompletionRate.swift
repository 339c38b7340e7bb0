/// How many of the quests due over some days were done: the completion rate of a span of history.
///
/// Due and done come from `DayTally`, so from the one day rule. Today counts only once it is cleared: a
/// day still going is not a day missed (as for streaks). Skipped quest-days are not due; on a vacation day
/// not cleared only what was done counts (`DayTally.held`).
public struct CompletionRate: Hashable, Sendable {
    /// Quest-days due.
    public let due: Int
    /// Of those, how many were done.
    public let done: Int

    public init(due: Int, done: Int) {
        self.due = due
        self.done = done
    }

    /// The rate of `tallies` as seen on `today`.
    @inlinable  // specialized where it is called, over years of days
    public init(_ tallies: some Sequence<DayTally>, today: LocalDay) {
        var due = 0
        var done = 0
        for tally in tallies where tally.day < today || (tally.day == today && tally.isCleared) {
            due += tally.held
            done += tally.completed
        }
        self.init(due: due, done: done)
    }

    /// The rate in whole percent, rounded to the nearest (2 of 3 is 67%), but 100% only when every one
    /// was done and 0% only when none was; nil when nothing was due.
    public var percent: Int? {
        guard due > 0 else { return nil }
        let nearest = (done * 200 + due) / (2 * due)
        if done < due, nearest == 100 { return 99 }
        if done > 0, nearest == 0 { return 1 }
        return nearest
    }
}
