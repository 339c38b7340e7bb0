import QuestsCore

extension Settings.Key {
    /// A one-line explanation, for `quests config`.
    var summary: String {
        switch self {
        case .dayStart: return Message.settingDayStart
        case .weekStart: return Message.settingWeekStart
        case .backfillDays: return Message.settingBackfillDays
        case .freezePrice: return Message.settingFreezePrice
        case .focusLimit: return Message.settingFocusLimit
        case .focusTaskReward: return Message.settingFocusTaskReward
        case .focusGoalReward: return Message.settingFocusGoalReward
        case .focusCheckins: return Message.settingFocusCheckins
        case .journalQuest: return Message.settingJournalQuest
        case .nudgeAt: return Message.settingNudgeAt
        case .nudges: return Message.settingNudges
        }
    }

    /// The form a value must have, for a refusal.
    var expectedForm: String {
        switch self {
        case .dayStart: return Message.settingFormDayStart
        case .weekStart: return Message.settingFormWeekStart
        case .backfillDays: return Message.settingFormBackfillDays
        case .freezePrice: return Message.settingFormFreezePrice
        case .focusLimit: return Message.settingFormFocusLimit(maximum: FocusRules.maximumLimit)
        case .focusTaskReward, .focusGoalReward: return Message.settingFormReward
        case .focusCheckins: return Message.settingFormFocusCheckins(maximum: FocusRules.maximumCheckins)
        case .journalQuest: return Message.settingFormJournalQuest
        case .nudgeAt: return Message.settingFormDayStart
        case .nudges: return Message.settingFormNudges
        }
    }
}
