import Foundation
import QuestsCore

/// A random history for property tests of the day rule against naive models: quests of every schedule
/// kind (weekdays, every N days, N times a week or month, with changes and archiving), completions, and
/// optionally skips, vacations and streak freezes, over a span of days in one time zone. One place builds
/// it, so each model test states only what it checks.
public struct RandomWorld {
    public let rule: DayRule
    public let quests: [Quest]
    /// At most one per quest and day, on days that exist.
    public let completions: [(questNumber: Int, day: LocalDay)]
    /// Skips of scheduled or flexible quest-days, some of them of days also completed (a completion wins).
    public let neutral: NeutralDays
    /// Every skip made, `[quest number, day number]`, completed quest-days included.
    public let rawSkips: Set<[Int]>
    public let purchases: [FreezePurchase]
    /// The first day any quest existed.
    public let first: LocalDay
    /// Near the end of the span.
    public let today: LocalDay

    /// What to put in a world.
    public struct Options {
        /// One completion in `completionOdds` quest-days is left out (2: half the days done).
        public var completionOdds: UInt64 = 3
        /// Whether completions are frequent (most days done) rather than rare (a third of the days).
        public var mostlyDone = false
        public var skipsAndVacations = false
        public var freezes = false

        public init(mostlyDone: Bool = false, skipsAndVacations: Bool = false, freezes: Bool = false) {
            self.mostlyDone = mostlyDone
            self.skipsAndVacations = skipsAndVacations
            self.freezes = freezes
        }
    }

    public init(_ random: inout SplitMix, zone: String, start: LocalDay, span: Int, options: Options) {
        let weekStart: Weekday = random.next() % 2 == 0 ? .monday : .sunday
        rule = DayRule(zone: Zone(TimeZone(identifier: zone) ?? .gmt), dayStart: .midnight, weekStart: weekStart)
        let quests = Self.randomQuests(&random, start: start, days: span)
        self.quests = quests
        var completions: [(questNumber: Int, day: LocalDay)] = []
        for quest in quests {
            // some quests keep long streaks, others break often
            let rate = options.mostlyDone ? random.next() % 3 + 2 : 3
            for offset in 0..<span {
                let done = options.mostlyDone ? random.next() % rate != 0 : random.next() % rate == 0
                let day = start.adding(days: offset)
                if done, day >= quest.createdDay, rule.exists(day) { completions.append((quest.number, day)) }
            }
        }
        self.completions = completions
        var skips: [NeutralDays.QuestDay] = []
        var vacations: [ClosedRange<LocalDay>] = []
        if options.skipsAndVacations {
            for quest in quests {
                for _ in 0..<Int(random.next() % 40) {
                    skips.append(
                        NeutralDays.QuestDay(
                            questNumber: quest.number, day: start.adding(days: Int(random.next() % UInt64(span)))))
                }
            }
            for _ in 0..<Int(random.next() % 6) {
                let first = start.adding(days: Int(random.next() % UInt64(span)))
                vacations.append(first...first.adding(days: Int(random.next() % 12)))
            }
        }
        neutral = NeutralDays(
            skips: skips, vacations: vacations,
            completed: Set(completions.map { NeutralDays.QuestDay(questNumber: $0.questNumber, day: $0.day) }))
        rawSkips = Set(skips.map { [$0.questNumber, $0.day.dayNumber] })
        purchases =
            options.freezes
            ? (0..<Int(random.next() % 12)).map { _ in
                FreezePurchase(id: UUID(), day: start.adding(days: Int(random.next() % UInt64(span))))
            } : []
        first = quests.map(\.createdDay).min() ?? start
        today = start.adding(days: span - 1 - Int(random.next() % 30))
    }

    /// The history the implementation reads: the per-day counts as the store keeps them (`DayRule.count`).
    public var history: QuestHistory {
        // As the store counts them: every skip made, completed quest-days included (`DayRule.count` voids those).
        let skips = rawSkips.map { NeutralDays.QuestDay(questNumber: $0[0], day: LocalDay(dayNumber: $0[1])) }
        return QuestHistory(
            quests: quests, dayCounts: QuestHistory.dayCounts(of: completions, skips: skips, quests: quests),
            rule: rule,
            quotaCompletions: completions, neutral: neutral)
    }

    /// Completions as `[quest number, day number]` pairs, for a model's lookups.
    public var done: Set<[Int]> { Set(completions.map { [$0.questNumber, $0.day.dayNumber] }) }

    public static func randomKind(_ random: inout SplitMix, from day: LocalDay) -> (ScheduleKind, WeekdaySet) {
        switch random.next() % 4 {
        case 0: return (.weekdays, WeekdaySet(rawValue: Int(random.next() % 127) + 1))
        case 1:
            return (.every(days: Int(random.next() % 5) + 2, from: day.adding(days: Int(random.next() % 5))), .daily)
        case 2: return (.quota(times: Int(random.next() % 7) + 1, per: .week), .daily)
        default: return (.quota(times: Int(random.next() % 12) + 1, per: .month), .daily)
        }
    }

    /// Four quests created in the first 60 days, each with one to three schedules of random kinds, some
    /// archived.
    public static func randomQuests(_ random: inout SplitMix, start: LocalDay, days: Int) -> [Quest] {
        (1...4).map { number in
            let created = start.adding(days: Int(random.next() % 60))
            var quest = Quest(id: UUID(), number: number, title: "Q\(number)", createdDay: created, versions: [])
            var day = created
            for _ in 0..<(Int(random.next() % 3) + 1) {
                let (kind, weekdays) = randomKind(&random, from: day)
                let schedule = Schedule(weekdays: weekdays, archived: random.next() % 6 == 0, kind: kind)
                quest = quest.applying(schedule, from: day).quest
                day = day.adding(days: Int(random.next() % UInt64(days / 2)) + 1)
            }
            return quest
        }
    }
}
