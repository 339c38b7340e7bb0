import QuestsCore

extension Settings.Key {
    /// A one-line explanation, for `quests config`.
    var summary: String {
        switch self {
        case .dayStart: return "when your day begins (HH:MM); earlier completions count for the day before"
        case .weekStart: return "the first day of the week: monday or sunday"
        case .backfillDays: return "how many days back a missed quest can still be completed"
        }
    }
}
