import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@Suite struct StreakTests {
    /// A history of `quests` with completions given as "quest-number@YYYY-MM-DD".
    func history(_ quests: [Quest], _ completions: [String]) -> QuestHistory {
        QuestHistory(
            quests: quests,
            completions: completions.map { text in
                let parts = text.split(separator: "@")
                return (Int(parts[0]) ?? 0, Fixtures.day(String(parts[1])))
            })
    }

    let daily = Fixtures.quest(1, "Read", created: "2026-11-01")
    let weekdays = Fixtures.quest(2, "Run", created: "2026-11-01", days: .weekdays)

    @Test func consecutiveClearedDaysCount() {
        let result = Streaks.summary(
            of: history([daily], ["1@2026-11-18", "1@2026-11-19", "1@2026-11-20"]), today: Fixtures.day("2026-11-20"))
        #expect(result.current == 3)
        #expect(result.currentStart?.description == "2026-11-18")
        #expect(result.today == .cleared)
    }

    @Test func todayNotYetClearedDoesNotBreakTheStreak() {
        let result = Streaks.summary(
            of: history([daily], ["1@2026-11-19", "1@2026-11-20"]), today: Fixtures.day("2026-11-21"))
        #expect(result.current == 2)
        #expect(result.today == .inProgress)
    }

    @Test func aMissedScheduledDayResetsTheStreak() {
        let result = Streaks.summary(
            of: history([daily], ["1@2026-11-17", "1@2026-11-18", "1@2026-11-20"]), today: Fixtures.day("2026-11-20"))
        #expect(result.current == 1)
        #expect(result.longest == 2)
        #expect(result.longestStart?.description == "2026-11-17")
        #expect(result.longestEnd?.description == "2026-11-18")
    }

    @Test func daysWithNothingScheduledNeitherBreakNorExtend() {
        // Only weekdays: the weekend of 2026-11-21/22 is skipped.
        let completions = ["2@2026-11-19", "2@2026-11-20", "2@2026-11-23"]
        let result = Streaks.summary(of: history([weekdays], completions), today: Fixtures.day("2026-11-23"))
        #expect(result.current == 3)
        let onSunday = Streaks.summary(of: history([weekdays], completions), today: Fixtures.day("2026-11-22"))
        #expect(onSunday.current == 2)
        #expect(onSunday.today == .unscheduled)
    }

    @Test func aPartlyCompletedDayIsMissed() {
        let completions = ["1@2026-11-19", "2@2026-11-19", "1@2026-11-20"]  // Friday: the run was skipped
        let result = Streaks.summary(of: history([daily, weekdays], completions), today: Fixtures.day("2026-11-21"))
        #expect(result.current == 0)
        #expect(result.longest == 1)
    }

    @Test func neutralDaysAreSkippedLikeUnscheduledOnes() {
        let completions = ["1@2026-11-18", "1@2026-11-20"]
        let vacation: Set<LocalDay> = [Fixtures.day("2026-11-19")]
        let result = Streaks.summary(of: history([daily], completions), today: Fixtures.day("2026-11-20")) {
            vacation.contains($0)
        }
        #expect(result.current == 2)
        let without = Streaks.summary(of: history([daily], completions), today: Fixtures.day("2026-11-20"))
        #expect(without.current == 1)
    }

    /// A completion stays part of its day even when the quest is no longer scheduled on it (its weekdays
    /// changed, or it was archived, after it was completed): SPEC §2.
    @Test func completionsOfUnscheduledQuestsStayPartOfTheirDay() {
        let result = history([weekdays], ["2@2026-11-21"]).tally(on: Fixtures.day("2026-11-21"))
        #expect(result.scheduled == 1)
        #expect(result.completed == 1)
    }

    @Test func perfectWeeksFollowTheWeekStart() {
        // Monday 2026-11-02 to Sunday 2026-11-08 all cleared.
        let completions = (2...8).map { "1@2026-11-0\($0)" }
        let monday = Streaks.perfectWeekEnds(
            of: history([daily], completions), today: Fixtures.day("2026-11-21"), weekStart: .monday)
        #expect(monday.map(\.description) == ["2026-11-08"])
        let sunday = Streaks.perfectWeekEnds(
            of: history([daily], completions), today: Fixtures.day("2026-11-21"), weekStart: .sunday)
        #expect(sunday.isEmpty)  // Sunday 1 .. Saturday 7 misses the 1st; Sunday 8 .. 14 misses the rest
        // A week only partly inside the history is not a perfect week, even if its tracked days were cleared.
        let late = Fixtures.quest(3, "Late", created: "2026-11-05")
        let partial = Streaks.perfectWeekEnds(
            of: history([late], ["3@2026-11-05", "3@2026-11-06", "3@2026-11-07", "3@2026-11-08"]),
            today: Fixtures.day("2026-11-21"), weekStart: .monday)
        #expect(partial.isEmpty)
    }
}

/// Streaks checked against a deliberately naive reference over random histories.
@Suite struct StreakPropertyTests {
    /// The naive model: scan each quest's versions from scratch for every day, walk back from today.
    static func naiveCurrent(quests: [Quest], completed: Set<String>, today: LocalDay) -> Int {
        func scheduled(_ quest: Quest, _ day: LocalDay) -> Bool {
            if day < quest.createdDay { return false }
            var schedule: Schedule?
            for version in quest.versions where version.effectiveFrom <= day { schedule = version.schedule }
            guard let schedule, !schedule.archived else { return false }
            return schedule.weekdays.contains(day.weekday)
        }
        var streak = 0
        var day = today
        let first = quests.map(\.createdDay).min() ?? today
        while day >= first {
            let due = quests.filter { scheduled($0, day) }
            let done = due.filter { completed.contains("\($0.number)@\(day)") }
            if !due.isEmpty {
                if done.count == due.count { streak += 1 } else if day != today { break }
            }
            day = day.adding(days: -1)
        }
        return streak
    }

    static func naiveLongest(quests: [Quest], completed: Set<String>, today: LocalDay) -> Int {
        let first = quests.map(\.createdDay).min() ?? today
        var longest = 0
        var day = first
        while day <= today {
            longest = max(longest, naiveCurrent(quests: quests, completed: completed, today: day))
            day = day.adding(days: 1)
        }
        return longest
    }

    @Test(arguments: ["America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Apia"])
    func matchesTheNaiveModelOverAYear(zone: String) throws {
        var random = SplitMix(seed: zone.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        let calendar = Fixtures.calendar(zone)
        let start = Fixtures.day("2025-11-01")
        for trial in 0..<4 {
            var quests: [Quest] = []
            for number in 1...Int(2 + random.next() % 4) {
                let created = start.adding(days: Int(random.next() % 200))
                var quest = Quest(
                    id: UUID(), number: number, title: "Q\(number)", createdDay: created,
                    versions: [
                        ScheduleVersion(
                            effectiveFrom: created,
                            schedule: Schedule(weekdays: WeekdaySet(rawValue: Int(1 + random.next() % 127))))
                    ])
                if random.next() % 2 == 0 {
                    let change = created.adding(days: Int(random.next() % 150))
                    var schedule = Schedule(weekdays: WeekdaySet(rawValue: Int(1 + random.next() % 127)))
                    schedule.archived = random.next() % 5 == 0
                    quest = quest.applying(schedule, from: change).quest
                }
                quests.append(quest)
            }
            // Completions happen at random instants; the local day comes from the zone (DST included).
            var completions: [(questNumber: Int, day: LocalDay)] = []
            var completed: Set<String> = []
            let startInstant = calendar.startOfDay(for: start, dayStart: .midnight)
            for _ in 0..<1500 {
                let instant = startInstant.addingTimeInterval(TimeInterval(random.next() % (366 * 86_400)))
                let day = DayPosition(moment: instant, calendar: calendar).day
                let quest = quests[Int(random.next() % UInt64(quests.count))]
                guard quest.isScheduled(on: day), !completed.contains("\(quest.number)@\(day)") else { continue }
                completions.append((quest.number, day))
                completed.insert("\(quest.number)@\(day)")
            }
            let history = QuestHistory(quests: quests, completions: completions)
            for offset in stride(from: 120, through: 365, by: 35) {
                let today = start.adding(days: offset)
                let summary = Streaks.summary(of: history, today: today)
                #expect(
                    summary.current == Self.naiveCurrent(quests: quests, completed: completed, today: today),
                    "trial \(trial) \(today)")
                #expect(
                    summary.longest == Self.naiveLongest(quests: quests, completed: completed, today: today),
                    "trial \(trial) \(today)")
                // Walking back in windows agrees with the full walk.
                for window in [1, 7, 30, 400] {
                    let earliest = max(history.firstDay ?? today, today.adding(days: 1 - window))
                    let walk = Streaks.currentStreak(of: history, today: today, earliest: earliest)
                    if !walk.reachedEarliest || earliest == history.firstDay {
                        #expect(walk.days == summary.current, "trial \(trial) \(today) window \(window)")
                        #expect(walk.start == summary.currentStart)
                    } else {
                        #expect(walk.days <= summary.current)
                    }
                }
                // Going on from where a walk over the days before any day through today stood agrees with the
                // full walk.
                let tallies = history.tallies(through: today)
                for split in Array(stride(from: 0, to: tallies.count, by: 17)) + [tallies.count - 1] {
                    let before = Streaks.summary(of: Array(tallies.prefix(split)), today: today).standing
                    let walked = Streaks.summary(of: Array(tallies.dropFirst(split)), today: today, continuing: before)
                    #expect(walked.standing == summary.standing, "trial \(trial) \(today) split \(split)")
                    #expect(walked.today == summary.today)
                    #expect(walked.daysReachingLength == Array(summary.daysReachingLength.dropFirst(before.longest)))
                }
            }
        }
    }
}
