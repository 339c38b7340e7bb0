import QuestsCore

/// An achievement in the reader's language: its title, what it asks, and progress towards it, from the
/// catalog's `achievement-<id>` messages. (`--json` keeps the core's English names, the same everywhere.)
enum AchievementWording {
    /// `Week Warrior`, `Wochenkrieger`.
    static func title(_ achievement: Achievement) -> String {
        let count = achievement.threshold
        switch achievement.kind {
        case .journalEntries: return Message.achievementJournalEntriesTitle(count: count)
        case .journalDays: return Message.achievementJournalDaysTitle(count: count)
        case .questDays: return Message.achievementQuestDaysTitle(count: count)
        case .streak, .completions, .earned, .redemptions, .perfectWeeks:
            return Message.keyed("achievement-\(achievement.id)") ?? achievement.title
        }
    }

    /// `Reach a 7-day streak`.
    static func summary(_ achievement: Achievement) -> String {
        let count = achievement.threshold
        switch achievement.kind {
        case .journalEntries: return Message.achievementJournalEntriesSummary(count: count)
        case .journalDays: return Message.achievementJournalDaysSummary(count: count)
        case .questDays: return Message.achievementQuestDaysSummary(count: count)
        case .streak, .completions, .earned, .redemptions, .perfectWeeks:
            return Message.keyed("achievement-\(achievement.id)-summary") ?? achievement.summary
        }
    }

    /// `3/7 days`.
    static func progress(_ value: Int, of achievement: Achievement) -> String {
        let threshold = achievement.threshold
        switch achievement.kind {
        case .streak: return Message.achievementProgressStreak(value: value, count: threshold)
        case .completions: return Message.achievementProgressCompletions(value: value, count: threshold)
        case .earned: return Message.achievementProgressEarned(value: value, count: threshold)
        case .redemptions: return Message.achievementProgressRedemptions(value: value, count: threshold)
        case .perfectWeeks: return Message.achievementProgressPerfectWeeks(value: value, count: threshold)
        case .journalEntries: return Message.achievementProgressJournalEntries(value: value, count: threshold)
        case .journalDays, .questDays: return Message.achievementProgressStreak(value: value, count: threshold)
        }
    }
}
