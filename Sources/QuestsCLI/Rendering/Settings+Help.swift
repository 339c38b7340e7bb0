import QuestsCore

extension Settings.Key {
    /// A one-line explanation, for `quests config`.
    var summary: String {
        switch self {
        case .dayStart: return "when your day begins (HH:MM); earlier completions count for the day before"
        case .weekStart: return "the first day of the week: monday or sunday"
        case .backfillDays: return "how many days back a missed quest can still be completed"
        case .freezePrice: return "the Daily Dollars a streak freeze costs"
        case .focusLimit: return "how many focus tasks a day may hold (quests focus)"
        case .focusTaskReward: return "the Daily Dollars a focus task pays unless it says otherwise"
        case .focusGoalReward: return "the Daily Dollars achieving the day's main quest pays"
        case .focusCheckins: return "when quests remind sends a focus check-in (12:00,17:00), or none"
        }
    }

    /// The form a value must have, for a refusal.
    var expectedForm: String {
        switch self {
        case .dayStart: return "a time HH:MM such as 03:00"
        case .weekStart: return "monday or sunday"
        case .backfillDays: return "a whole number of days from 0 to 3650"
        case .freezePrice: return "a whole number of Daily Dollars from 1 to 1000000"
        case .focusLimit: return "a whole number of tasks from 1 to \(FocusRules.maximumLimit)"
        case .focusTaskReward, .focusGoalReward: return "a whole number of Daily Dollars from 0 to 1000000"
        case .focusCheckins:
            return "times HH:MM separated by commas, each once, at most \(FocusRules.maximumCheckins), or none"
        }
    }
}
