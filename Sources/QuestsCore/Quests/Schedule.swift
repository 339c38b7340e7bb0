/// When a quest runs and what it pays, as in force from some day on.
public struct Schedule: Hashable, Sendable {
    /// The time of day it opens; nil means any time.
    public var time: TimeOfDay?
    /// The weekdays it runs on, for a `.weekdays` schedule (every day for the other kinds).
    public var weekdays: WeekdaySet
    /// How often it is due: on `weekdays`, every N days, or N times a week or month.
    public var kind: ScheduleKind
    /// Daily Dollars credited for each completion.
    public var reward: Int
    /// An archived quest is no longer scheduled.
    public var archived: Bool

    public init(
        time: TimeOfDay? = nil, weekdays: WeekdaySet = .daily, reward: Int = Schedule.defaultReward,
        archived: Bool = false,
        kind: ScheduleKind = .weekdays
    ) {
        self.time = time
        self.kind = kind
        self.weekdays = weekdays
        self.reward = reward
        self.archived = archived
    }

    /// The reward a quest pays when none is given.
    public static let defaultReward = 10
    /// The largest reward a quest may pay.
    public static let maximumReward = 1_000_000

    /// Parses a reward: a whole number from 0 to `maximumReward`.
    public static func parseReward(_ text: String) throws(QuestsError) -> Int {
        guard let value = Int(text.trimmingWhitespace()), (0...maximumReward).contains(value) else {
            throw .invalidReward(text)
        }
        return value
    }
}

/// A schedule together with the first day it applies to.
public struct ScheduleVersion: Hashable, Sendable {
    public internal(set) var effectiveFrom: LocalDay
    public internal(set) var schedule: Schedule

    public init(effectiveFrom: LocalDay, schedule: Schedule) {
        self.effectiveFrom = effectiveFrom
        self.schedule = schedule
    }
}
