/// What `quests edit` changes; nil fields stay as they are.
public struct QuestChanges: Sendable, Equatable {
    public var title: String?
    public var notes: String?
    /// `.some(nil)` removes the time (any time); nil keeps it.
    public var time: TimeOfDay??
    /// Weekdays or a quota (`--days`), or every N days (`--every`).
    public var days: ScheduleDays?
    public var reward: Int?

    /// - Parameter weekdays: shorthand for `days` on those weekdays.
    public init(
        title: String? = nil, notes: String? = nil, time: TimeOfDay?? = nil, weekdays: WeekdaySet? = nil,
        days: ScheduleDays? = nil, reward: Int? = nil
    ) {
        self.title = title
        self.notes = notes
        self.time = time
        self.days = days ?? weekdays.map { ScheduleDays(weekdays: $0) }
        self.reward = reward
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        title == nil && notes == nil && time == nil && days == nil && reward == nil
    }

    /// Whether the schedule (rather than only the title or notes) changes.
    public var changesSchedule: Bool {
        time != nil || days != nil || reward != nil
    }

    /// `schedule` with these changes applied.
    public func applied(to schedule: Schedule) -> Schedule {
        var result = schedule
        if let time { result.time = time }
        if let days { result = days.applied(to: result) }
        if let reward { result.reward = reward }
        return result
    }
}
