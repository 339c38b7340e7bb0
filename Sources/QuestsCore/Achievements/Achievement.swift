/// What an achievement measures.
public enum AchievementKind: String, CaseIterable, Sendable {
    /// The longest streak, in days.
    case streak
    /// Completions that count.
    case completions
    /// Daily Dollars earned from quests (net of undos).
    case earned
    /// Rewards bought in the shop.
    case redemptions
    /// Perfect weeks.
    case perfectWeeks = "perfect-weeks"

    /// The unit progress is counted in.
    public var unit: String {
        switch self {
        case .streak: return "days"
        case .completions: return "completions"
        case .earned: return "DD"
        case .redemptions: return "purchases"
        case .perfectWeeks: return "perfect weeks"
        }
    }
}

/// A badge earned once, on the day its threshold is first reached, and kept forever.
public struct Achievement: Hashable, Sendable, Identifiable {
    /// A stable key, stored and exported: `streak-7`, `completions-100`...
    public let id: String
    public let title: String
    public let summary: String
    public let kind: AchievementKind
    public let threshold: Int

    init(_ kind: AchievementKind, _ threshold: Int, _ title: String, _ summary: String) {
        self.id = "\(kind.rawValue)-\(threshold)"
        self.title = title
        self.summary = summary
        self.kind = kind
        self.threshold = threshold
    }

    /// Every achievement, in the order they are listed.
    public static let all: [Achievement] = [
        Achievement(.completions, 1, "First Step", "Complete your first quest"),
        Achievement(.completions, 100, "Century of Deeds", "Complete 100 quests"),
        Achievement(.completions, 1000, "Thousand Quests", "Complete 1,000 quests"),
        Achievement(.streak, 7, "Week Warrior", "Reach a 7-day streak"),
        Achievement(.streak, 14, "Fortnight Force", "Reach a 14-day streak"),
        Achievement(.streak, 30, "Monthly Master", "Reach a 30-day streak"),
        Achievement(.streak, 60, "Unstoppable", "Reach a 60-day streak"),
        Achievement(.streak, 100, "Centurion", "Reach a 100-day streak"),
        Achievement(.streak, 365, "Year of Quests", "Reach a 365-day streak"),
        Achievement(.earned, 500, "Pocket Money", "Earn 500 Daily Dollars"),
        Achievement(.earned, 5000, "Daily Dollar Tycoon", "Earn 5,000 Daily Dollars"),
        Achievement(.redemptions, 1, "Treat Yourself", "Buy your first reward"),
        Achievement(.perfectWeeks, 1, "Perfect Week", "Clear every scheduled day of a week"),
        Achievement(.perfectWeeks, 4, "Perfect Month of Weeks", "Have 4 perfect weeks"),
    ]
}
