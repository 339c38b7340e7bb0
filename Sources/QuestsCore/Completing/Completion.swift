import FoundationEssentials

/// The immutable record that a quest was completed for a day.
public struct Completion: Hashable, Sendable, Identifiable {
    public let id: UUID
    /// The number of the quest it completes.
    public let questNumber: Int
    /// The local day it counts for.
    public let day: LocalDay
    /// The UTC instant it was recorded.
    public let completedAt: Date
    /// What the user noted with it (`--note`), empty when nothing; a `UserText` of the notes kind.
    public let note: String

    public init(id: UUID, questNumber: Int, day: LocalDay, completedAt: Date, note: String = "") {
        self.id = id
        self.questNumber = questNumber
        self.day = day
        self.completedAt = completedAt
        self.note = note
    }
}
