/// Where a due quest stands on a given day.
public enum QuestState: String, Sendable, CaseIterable {
    /// Not completed, and its time has arrived (or it has none).
    case available
    /// Not completed, and its time is still ahead.
    case upcoming
    /// Completed for that day.
    case completed
    /// Not completed, and the day is over.
    case missed
    /// A limit quest whose day's total went above its limit (SPEC 18).
    case over
    /// Set aside: skipped for that day (`quests skip`), or not completed on a past vacation day. Not due.
    case skipped
}
