/// A schedule version together with the days it covers: from its first day to the day before the next one.
public struct ScheduleSpan: Hashable, Sendable {
    public let from: LocalDay
    /// The last day it applies to; nil for the version in force from `from` on.
    public let until: LocalDay?
    public let schedule: Schedule
}

extension Quest {
    /// The quest's schedule history, oldest first, each version with the days it covers.
    public var scheduleSpans: [ScheduleSpan] {
        versions.indices.map { index in
            let until = index + 1 < versions.count ? versions[index + 1].effectiveFrom.adding(days: -1) : nil
            return ScheduleSpan(from: versions[index].effectiveFrom, until: until, schedule: versions[index].schedule)
        }
    }
}
