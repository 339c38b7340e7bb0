import FoundationEssentials

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
}

/// A badge earned once, on the day its threshold is first reached, and kept forever.
public struct Achievement: Hashable, Sendable, Identifiable {
    /// A stable key, stored and exported: `streak-7`, `completions-100`...
    public let id: String
    /// The same on every machine, so backups from two machines merge the achievement instead of doubling it.
    public let uuid: UUID
    /// Its English name and what it asks, as `--json` and the log's data give them; the command line words
    /// both in the reader's language from the catalog (`achievement-<id>`).
    public let title: String
    public let summary: String
    public let kind: AchievementKind
    public let threshold: Int

    init(_ kind: AchievementKind, _ threshold: Int, _ uuid: String, _ title: String, _ summary: String) {
        self.id = "\(kind.rawValue)-\(threshold)"
        // Not `UUID(uuidString:)`: `complete` builds this list, and Foundation's parser costs ten times more.
        guard let parsed = UUIDText.parse(Array(uuid.utf8)) else {
            preconditionFailure("malformed UUID literal for \(kind)-\(threshold)")
        }
        self.uuid = parsed
        self.title = title
        self.summary = summary
        self.kind = kind
        self.threshold = threshold
    }

    /// Every achievement, in the order they are listed.
    public static let all: [Achievement] = [
        Achievement(.completions, 1, "6532BFC7-AA2F-474C-A762-C0354C5D592F", "First Step", "Complete your first quest"),
        Achievement(
            .completions, 100, "DDB7A9B5-0E0A-4A18-83CA-9B5AE83330EE", "Century of Deeds", "Complete 100 quests"),
        Achievement(
            .completions, 1000, "9CDBF924-09B0-43AA-8ECD-AB200DC50187", "Thousand Quests", "Complete 1,000 quests"),
        Achievement(.streak, 7, "ABDE62BF-338E-42B7-8754-12785CEDD5D9", "Week Warrior", "Reach a 7-day streak"),
        Achievement(.streak, 14, "E8B9A8AA-ADCA-4643-9309-ECF39CC32105", "Fortnight Force", "Reach a 14-day streak"),
        Achievement(.streak, 30, "0268CB0E-6CD1-4C44-A46F-590D0BFB830E", "Monthly Master", "Reach a 30-day streak"),
        Achievement(.streak, 60, "08659E39-79B6-4763-AD2B-53F190EE4796", "Unstoppable", "Reach a 60-day streak"),
        Achievement(.streak, 100, "313B86AB-CB44-4C97-863A-37AD6A686ACC", "Centurion", "Reach a 100-day streak"),
        Achievement(.streak, 365, "1C0FB82A-56BE-4457-8B2A-E236485B98E5", "Year of Quests", "Reach a 365-day streak"),
        Achievement(.earned, 500, "5E8EBEE5-9F3C-40AD-B3F4-C4DCF4367C44", "Pocket Money", "Earn 500 Daily Dollars"),
        Achievement(
            .earned, 5000, "C26752C7-8E40-4A01-9EFC-FBA96A774815", "Daily Dollar Tycoon", "Earn 5,000 Daily Dollars"),
        Achievement(.redemptions, 1, "337CD72A-C6FE-47E0-A039-3B2159B586F9", "Treat Yourself", "Buy your first reward"),
        Achievement(
            .perfectWeeks, 1, "DE8951F2-A02A-4CF4-A1E0-572C129C3D42", "Perfect Week",
            "Clear every scheduled day of a week"),
        Achievement(
            .perfectWeeks, 4, "CD79CE4E-4D6D-4542-844E-5A0C45AAD515", "Perfect Month of Weeks", "Have 4 perfect weeks"),
    ]
}
