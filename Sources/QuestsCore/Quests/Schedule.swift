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
    /// What a day's amounts are measured against: a counted quest's target, a limit quest's limit, or nil
    /// for a yes/no quest (SPEC 18).
    public var measure: QuestMeasure?

    public init(
        time: TimeOfDay? = nil, weekdays: WeekdaySet = .daily, reward: Int = Schedule.defaultReward,
        archived: Bool = false,
        kind: ScheduleKind = .weekdays, measure: QuestMeasure? = nil
    ) {
        self.time = time
        self.kind = kind
        self.weekdays = weekdays
        self.reward = reward
        self.archived = archived
        self.measure = measure
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

extension ScheduleVersion {
    /// Its table, backup fields and sync registers (the key is its quest and the day it takes effect; a
    /// quest holds its versions, `Quest.schedule`).
    public static let declaration = RecordDeclaration<ScheduleVersion>(
        table: "quest_version", blank: ScheduleVersion(effectiveFrom: LocalDay(dayNumber: 0), schedule: Schedule()),
        [
            .init(
                "effective_from", { $0.effectiveFrom }, { $0.effectiveFrom = $1 }, .day, key: "from", register: nil),
            .init(
                "time_minutes", { $0.schedule.time }, { $0.schedule.time = $1 }, .optional(.timeOfDayInMinutes),
                key: "time", register: "time"),
            .init(
                "weekdays", { $0.schedule.weekdays }, { $0.schedule.weekdays = $1 }, .weekdays, key: "weekdays",
                register: "weekdays"),
            .init(
                "reward", { $0.schedule.reward }, { $0.schedule.reward = $1 }, .int(in: 0...Schedule.maximumReward),
                key: "reward", register: "reward"),
            .init(
                "archived", { $0.schedule.archived }, { $0.schedule.archived = $1 }, .bool, key: "archived",
                register: "archived"),
            // Since version 2; a version-1 schedule runs on its weekdays, as does one from a replica that sends none.
            .init(
                "kind", { $0.schedule.kind }, { $0.schedule.kind = $1 }, .scheduleKind, key: "kind", since: 2,
                register: "kind", registerMayLack: true),
            // Since version 6; a yes/no quest has none, as has a version from a replica that sends none.
            .init(
                "target", { $0.schedule.measure?.target }, { $0.schedule.measure = QuestMeasure.with(target: $1, $0) },
                .optional(.amount), key: "targetThousandths", since: 6, register: "target", registerMayLack: true),
            .init(
                "at_most", { $0.schedule.measure?.atMost }, { $0.schedule.measure = QuestMeasure.with(atMost: $1, $0) },
                .optional(.amount), key: "atMostThousandths", since: 6, register: "at-most", registerMayLack: true),
            .init(
                "unit", { $0.schedule.measure?.unit ?? "" }, { $0.schedule.measure = QuestMeasure.with(unit: $1, $0) },
                .text(.title), key: "unit", since: 6, register: "unit", registerMayLack: true),
        ])
}
