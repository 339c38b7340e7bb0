/// What `quests edit` changes; nil fields stay as they are.
public struct QuestChanges: Sendable, Equatable {
    public var title: String?
    public var notes: String?
    /// `.some(nil)` removes the time (any time); nil keeps it.
    public var time: TimeOfDay??
    /// Weekdays or a quota (`--days`), or every N days (`--every`).
    public var days: ScheduleDays?
    public var reward: Int?
    /// A counted quest's target from today on (`QuestMeasure`); with `atMost` too, the limit wins.
    public var target: Amount?
    /// A limit quest's limit from today on.
    public var atMost: Amount?
    /// The unit amounts are in.
    public var unit: String?
    /// The group it is in; empty: none.
    public var group: String?

    /// - Parameter weekdays: shorthand for `days` on those weekdays.
    public init(
        title: String? = nil, notes: String? = nil, time: TimeOfDay?? = nil, weekdays: WeekdaySet? = nil,
        days: ScheduleDays? = nil, reward: Int? = nil, target: Amount? = nil, atMost: Amount? = nil,
        unit: String? = nil, group: String? = nil
    ) {
        self.group = group
        self.target = target
        self.atMost = atMost
        self.unit = unit
        self.title = title
        self.notes = notes
        self.time = time
        self.days = days ?? weekdays.map { ScheduleDays(weekdays: $0) }
        self.reward = reward
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        title == nil && notes == nil && group == nil && !changesSchedule
    }

    /// Whether the schedule (rather than only the title or notes) changes.
    public var changesSchedule: Bool {
        time != nil || days != nil || reward != nil || target != nil || atMost != nil || unit != nil
    }

    /// `schedule` with these changes applied; refuses a unit for a quest that measures nothing, or one
    /// longer than a title may be.
    public func applied(to schedule: Schedule) throws(QuestsError) -> Schedule {
        var result = schedule
        if let time { result.time = time }
        if let days { result = days.applied(to: result) }
        if let reward { result.reward = reward }
        if let target { result.measure = QuestMeasure(.target, target, unit: schedule.measure?.unit ?? "") }
        if let atMost { result.measure = QuestMeasure(.atMost, atMost, unit: schedule.measure?.unit ?? "") }
        if let unit {
            guard UserText.problem(with: unit, as: .title) == nil else {
                throw .unitTooLong(limit: UserText.Field.title.limit)
            }
            guard let measure = result.measure else { throw .unitWithoutMeasure }
            result.measure = QuestMeasure(measure.kind, measure.amount, unit: unit)
        }
        return result
    }
}
