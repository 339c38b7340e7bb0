/// A month of focus as `quests month` draws it: each day's focus tasks (their priority and whether done),
/// its main quest (none, open or achieved) and whether its quests were cleared, with the month's counts.
public struct FocusMonth: Sendable {
    /// One task's mark on its day.
    public struct Mark: Hashable, Sendable {
        public let title: String
        public let priority: FocusPriority
        public let done: Bool

        public init(title: String, priority: FocusPriority, done: Bool) {
            self.title = title
            self.priority = priority
            self.done = done
        }
    }

    /// One day of the month.
    public struct Day: Sendable {
        public let day: LocalDay
        /// Its live tasks (dropped ones left out), in list order.
        public let marks: [Mark]
        /// Its main quest, if it has one.
        public let goal: FocusGoal?
        /// Whether every quest due that day was completed (`DayTally.isCleared`).
        public let cleared: Bool

        public var goalAchieved: Bool { goal?.state.isAchieved == true }
    }

    public let month: Month
    public let weekStart: Weekday
    public let today: LocalDay
    /// Every day of the month, first to last.
    public let days: [Day]

    /// - Parameters: the month's main quests and tasks (others are ignored, dropped tasks left out), and
    ///   tallies of its days (those missing count as not cleared).
    public init(
        month: Month, weekStart: Weekday, today: LocalDay, goals: [FocusGoal], tasks: [FocusTask], tallies: [DayTally]
    ) {
        self.month = month
        self.weekStart = weekStart
        self.today = today
        let goalByDay = Dictionary(goals.map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        let tasksByDay = Dictionary(grouping: tasks.filter(\.isLive), by: \.day)
        let cleared = Set(tallies.filter(\.isCleared).map(\.day))
        days = stride(from: month.first.dayNumber, through: month.last.dayNumber, by: 1).map { number in
            let day = LocalDay(dayNumber: number)
            let marks = (tasksByDay[day] ?? []).sorted(by: FocusTask.listOrder).map {
                Mark(title: $0.title, priority: $0.priority, done: $0.state == .done)
            }
            return Day(day: day, marks: marks, goal: goalByDay[day], cleared: cleared.contains(day))
        }
    }

    /// How many of the month's tasks are done.
    public var tasksDone: Int { days.reduce(0) { $0 + $1.marks.count(where: \.done) } }
    /// How many tasks the month's days hold.
    public var taskCount: Int { days.reduce(0) { $0 + $1.marks.count } }
    /// How many days had a main quest.
    public var goalDays: Int { days.count { $0.goal != nil } }
    /// How many days had their main quest achieved.
    public var goalsAchieved: Int { days.count(where: \.goalAchieved) }
    /// How many days had their quests cleared.
    public var clearedDays: Int { days.count(where: \.cleared) }

    /// The month's days as weeks starting on `weekStart`: nil fills the days of another month.
    public var weeks: [[Day?]] {
        let lead = month.first.weekday.daysSince(weekStart)
        var cells: [Day?] = Array(repeating: nil, count: lead) + days.map { $0 }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The weekdays in the order of a week, from `weekStart`.
    public var weekdays: [Weekday] {
        Weekday.week(startingOn: weekStart)
    }
}
