import Foundation

/// A recurring habit. Its schedule is versioned so that past days keep the schedule and reward they had.
public struct Quest: Hashable, Sendable, Identifiable {
    /// Stable identity across machines (backups merge by it).
    public internal(set) var id: UUID
    /// The short number users type; assigned by the store, never reused.
    public internal(set) var number: Int
    public var title: String
    public var notes: String
    /// The first day the quest exists.
    public internal(set) var createdDay: LocalDay
    /// Schedule versions in increasing `effectiveFrom` order; the first starts on `createdDay`.
    public internal(set) var versions: [ScheduleVersion]

    public init(id: UUID, number: Int, title: String, notes: String = "", createdDay: LocalDay, versions: [ScheduleVersion]) {
        self.id = id
        self.number = number
        self.title = title
        self.notes = notes
        self.createdDay = createdDay
        self.versions = Self.inOrder(versions)
    }

    /// `versions` in increasing `effectiveFrom` order, as a quest keeps them.
    static func inOrder(_ versions: [ScheduleVersion]) -> [ScheduleVersion] {
        versions.sorted { $0.effectiveFrom < $1.effectiveFrom }
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

    /// The runs of days the quest is scheduled on: one per schedule version that is not archived, from the
    /// day it takes effect (never before the quest existed) to the day before the next version. The one
    /// statement of what "scheduled" means; `isScheduled(on:)` and the history's fast counts read it.
    public var scheduledRuns: [ScheduledRun] {
        versions.indices.compactMap { index in
            let version = versions[index]
            guard !version.schedule.archived else { return nil }
            let from = max(version.effectiveFrom, createdDay)
            let through = index + 1 < versions.count ? versions[index + 1].effectiveFrom.adding(days: -1) : nil
            if let through, through < from { return nil }
            return ScheduledRun(from: from, through: through, weekdays: version.schedule.weekdays)
        }
    }

    /// Whether the quest is scheduled on `day`: it existed, was not archived, and `day` is one of its
    /// weekdays under the version in force. (What is due on a day also counts completions: `DayRule`.)
    public func isScheduled(on day: LocalDay) -> Bool {
        scheduledRuns.contains { $0.contains(day) }
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

/// Days on which a quest is scheduled: those from `from` through `through` (nil: no end) on `weekdays`.
public struct ScheduledRun: Hashable, Sendable {
    public let from: LocalDay
    public let through: LocalDay?
    public let weekdays: WeekdaySet

    /// Whether `day` is one of the run's days.
    public func contains(_ day: LocalDay) -> Bool {
        from <= day && (through.map { day <= $0 } ?? true) && weekdays.contains(day.weekday)
    }
}
