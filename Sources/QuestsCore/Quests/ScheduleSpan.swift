/// A schedule together with the days it covered: from its first day to the day before the next change.
public struct ScheduleSpan: Hashable, Sendable {
    public let from: LocalDay
    /// The last day it applies to; nil for the schedule in force from `from` on.
    public let until: LocalDay?
    public let schedule: Schedule
}

extension Quest {
    /// The quest's schedule history, oldest first, each schedule with the days it covered. A version that
    /// repeats the one before it (archived and brought back the same day, an edit to the same value) is
    /// no change, and is folded into it.
    public var scheduleSpans: [ScheduleSpan] {
        var spans: [ScheduleSpan] = []
        for version in versions where spans.last?.schedule != version.schedule {
            if let last = spans.popLast() {
                spans.append(
                    ScheduleSpan(
                        from: last.from, until: version.effectiveFrom.adding(days: -1), schedule: last.schedule))
            }
            spans.append(ScheduleSpan(from: version.effectiveFrom, until: nil, schedule: version.schedule))
        }
        return spans
    }
}
