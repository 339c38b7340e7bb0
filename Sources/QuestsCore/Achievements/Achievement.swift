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
    /// Journal entries written (deleted ones left out).
    case journalEntries = "journal-entries"
    /// Days with a journal entry.
    case journalDays = "journal-days"
    /// Days with a quest done, since the store's first day.
    case questDays = "quest-days"
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
        guard let parsed = UUIDText.parse(uuid) else {
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
        // The journal's milestones (docs/journal.md): entries written, days journaled, days with quests.
        Achievement(
            .journalEntries, 1, "00B2F51E-0806-4774-A0D9-AEB88B12C47B", "1 Grateful Moment", "Write 1 journal entry"),
        Achievement(
            .journalEntries, 10, "EB36D115-57E4-407F-878F-1AC89102E6BB", "10 Grateful Moments",
            "Write 10 journal entries"),
        Achievement(
            .journalEntries, 25, "C1947975-56CF-433E-8BF1-4B3B3925AC26", "25 Grateful Moments",
            "Write 25 journal entries"),
        Achievement(
            .journalEntries, 50, "090FA4AC-DC7F-4632-85FF-510CA4F78136", "50 Grateful Moments",
            "Write 50 journal entries"),
        Achievement(
            .journalEntries, 100, "2BB96D3E-B5F6-4ADA-9D23-FD92818634C9", "100 Grateful Moments",
            "Write 100 journal entries"),
        Achievement(
            .journalEntries, 250, "978C70A7-2E5C-4340-825D-621EEC08A7E3", "250 Grateful Moments",
            "Write 250 journal entries"),
        Achievement(
            .journalEntries, 500, "18977363-2397-40B9-AFC4-D6BE71A24560", "500 Grateful Moments",
            "Write 500 journal entries"),
        Achievement(
            .journalDays, 1, "0074C2B3-4856-4C09-9699-902CE8407D2E", "1 Day of Reflection",
            "Write in the journal on 1 day"),
        Achievement(
            .journalDays, 7, "DEE8B012-74B4-4D83-B847-A6047F516B04", "7 Days of Reflection",
            "Write in the journal on 7 days"),
        Achievement(
            .journalDays, 14, "8DC680FB-362C-4414-AA95-0ABAE58EFDA1", "14 Days of Reflection",
            "Write in the journal on 14 days"),
        Achievement(
            .journalDays, 30, "A00210A8-2501-4F45-BFD4-FF325972E397", "30 Days of Reflection",
            "Write in the journal on 30 days"),
        Achievement(
            .journalDays, 60, "7DC4AD6D-38F4-4488-9296-98487A50C545", "60 Days of Reflection",
            "Write in the journal on 60 days"),
        Achievement(
            .journalDays, 100, "6E0BF2B2-9ECE-48C4-9FC5-28CC50751F35", "100 Days of Reflection",
            "Write in the journal on 100 days"),
        Achievement(
            .journalDays, 365, "D401F757-B619-4EDC-B6D7-C679879FD1AD", "365 Days of Reflection",
            "Write in the journal on 365 days"),
        Achievement(
            .questDays, 7, "058BDF31-C227-4517-8E56-E91AEBC2259E", "7 Days with Quests",
            "Do quests on 7 days"),
        Achievement(
            .questDays, 30, "CD6C6A68-642B-4DD4-9CF9-4BC60193777E", "30 Days with Quests",
            "Do quests on 30 days"),
        Achievement(
            .questDays, 60, "74C335FE-9F63-4D81-A222-90CF2A7E5CCF", "60 Days with Quests",
            "Do quests on 60 days"),
        Achievement(
            .questDays, 100, "587A0681-D70F-4BC7-98F3-506578A1B99B", "100 Days with Quests",
            "Do quests on 100 days"),
        Achievement(
            .questDays, 180, "683128E3-0091-499E-B463-C696F0FAECF0", "180 Days with Quests",
            "Do quests on 180 days"),
        Achievement(
            .questDays, 365, "E6083B91-7ACF-45D9-9D26-D0B308154E2A", "365 Days with Quests",
            "Do quests on 365 days"),
        Achievement(
            .questDays, 730, "A9FF4BFC-B450-45FD-A356-98E5F9931C2E", "730 Days with Quests",
            "Do quests on 730 days"),
    ]
}
