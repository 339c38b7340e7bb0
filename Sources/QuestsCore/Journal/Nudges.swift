/// Gentle nudges after missed days (`quests remind`, docs/journal.md): one on the 2nd and one on the 5th
/// day in a row with quests due and none done, then silence until a quest is done again.
public enum Nudges {
    /// The days in a row a nudge is sent on.
    public static let days: Set<Int> = [2, 5]
    /// How far back the run of missed days is looked for: past the last nudge, its length no longer matters.
    public static let lookBack = 60

    /// How many days in a row, through the last of `tallies` (oldest first, ending today), had quests due
    /// and none done. A day with nothing due, all of it skipped, or in a vacation neither counts nor ends
    /// the run; a day with a quest done ends it.
    public static func missedRun(_ tallies: [DayTally]) -> Int {
        var run = 0
        for tally in tallies.reversed() {
            if tally.completed > 0 { break }
            if tally.isVacation || tally.scheduled == 0 { continue }
            run += 1
        }
        return run
    }

    /// The run of missed days to nudge about now, if one is due: today is the 2nd or 5th day
    /// of a run (`tallies` end today), not a vacation day, `at` has come, and no nudge was sent today.
    public static func due(
        _ tallies: [DayTally], now: DayPosition, at: TimeOfDay, dayStart: TimeOfDay, sentToday: Bool
    ) -> Int? {
        guard !sentToday, let today = tallies.last, today.day == now.day, !today.isVacation,
            DayPosition.offset(of: at, dayStart: dayStart) <= now.minutesIntoDay
        else { return nil }
        let run = missedRun(tallies)
        return days.contains(run) ? run : nil
    }
}
