import Foundation

/// A recurring habit. Its schedule is versioned so that past days keep the schedule and reward they had.
public struct Quest: Hashable, Sendable, Identifiable {
    /// Stable identity across machines (backups merge by it).
    public let id: UUID
    /// The short number users type; assigned by the store, never reused.
    public let number: Int
    public var title: String
    public var notes: String
    /// The first day the quest exists.
    public let createdDay: LocalDay
    /// Schedule versions in increasing `effectiveFrom` order; the first starts on `createdDay`.
    public private(set) var versions: [ScheduleVersion]

    public init(id: UUID, number: Int, title: String, notes: String = "", createdDay: LocalDay, versions: [ScheduleVersion]) {
        self.id = id
        self.number = number
        self.title = title
        self.notes = notes
        self.createdDay = createdDay
        self.versions = versions.sorted { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// The schedule in force on `day`, or nil before the quest existed.
    public func schedule(on day: LocalDay) -> Schedule? {
        guard day >= createdDay else { return nil }
        return versions.last(where: { $0.effectiveFrom <= day })?.schedule
    }

    /// The schedule to show and edit as of `day`: the one in force, or the first for a quest created later.
    public func schedule(asOf day: LocalDay) -> Schedule {
        schedule(on: day) ?? versions.first?.schedule ?? Schedule()
    }

    /// Whether the quest is due on `day`: it existed, was not archived, and `day` is one of its weekdays.
    public func isScheduled(on day: LocalDay) -> Bool {
        guard let schedule = schedule(on: day) else { return false }
        return !schedule.archived && schedule.weekdays.contains(day.weekday)
    }

    /// Whether the quest is archived as of `day`.
    public func isArchived(on day: LocalDay) -> Bool {
        schedule(on: day)?.archived ?? false
    }

    /// The quest with `schedule` applying from `day` on; an earlier change made the same day is replaced.
    public func applying(_ schedule: Schedule, from day: LocalDay) -> (quest: Quest, version: ScheduleVersion) {
        let start = max(day, createdDay)
        let version = ScheduleVersion(effectiveFrom: start, schedule: schedule)
        var copy = self
        copy.versions.removeAll { $0.effectiveFrom >= start }
        copy.versions.append(version)
        return (copy, version)
    }

    /// Checks and tidies a title for a new or renamed quest among `others`.
    public static func validatedTitle(_ title: String, among others: [Quest], on day: LocalDay) throws(QuestsError) -> String {
        let trimmed = title.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle }
        try UserText.check(trimmed, as: .title)
        if let clash = others.first(where: { !$0.isArchived(on: day) && $0.title.lowercased() == trimmed.lowercased() }) {
            throw .duplicateTitle(clash.title, number: clash.number)
        }
        return trimmed
    }
}
