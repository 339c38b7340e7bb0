import Foundation
import QuestsCore
import Testing

/// The one rule of what is due on a day: scheduled or completed, on a day that exists.
@Suite struct DayRuleTests {
    let read = Fixtures.quest(1, "Read", created: "2011-12-01")
    let run = Fixtures.quest(2, "Run", created: "2011-12-01", days: .weekdays)

    func rule(_ zone: String, dayStart: String = "00:00", sourceLocation: SourceLocation = #_sourceLocation) -> DayRule
    {
        let calendar = Fixtures.calendar(zone)
        #expect(
            calendar.timeZone.identifier == zone, "the time zone database must know \(zone)",
            sourceLocation: sourceLocation)
        return DayRule(calendar: calendar, dayStart: Fixtures.time(dayStart) ?? .midnight)
    }

    @Test func aDayTheClocksSkippedDoesNotExist() {
        let apia = rule("Pacific/Apia")
        #expect(!apia.exists(Fixtures.day("2011-12-30")))
        #expect(apia.exists(Fixtures.day("2011-12-29")))
        #expect(apia.exists(Fixtures.day("2011-12-31")))
        // With days starting at 03:00, the small hours of the 31st belong to the quest day of the 30th.
        #expect(rule("Pacific/Apia", dayStart: "03:00").exists(Fixtures.day("2011-12-30")))
    }

    /// The days a range skips, found around the changes of clocks only, are exactly the days for which
    /// `exists` says no, asked day by day; in Foundation's zones and in zones read from zoneinfo files.
    @Test(arguments: [
        "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Kwajalein", "America/New_York", "Australia/Lord_Howe",
        "Asia/Tokyo",
    ])
    func skippedDaysAreTheDaysThatDoNotExist(zone: String) throws {
        let file = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + zone))
        for rule in [rule(zone), DayRule(zone: try #require(Zone(tzif: Array(file))), dayStart: .midnight)] {
            for dayStart in ["00:00", "03:00", "23:30"] {
                let rule = DayRule(zone: rule.zone, dayStart: Fixtures.time(dayStart) ?? .midnight)
                let (start, end) = (Fixtures.day("1993-01-01"), Fixtures.day("2012-12-31"))
                let expected = Set((0...start.days(to: end)).map(start.adding(days:)).filter { !rule.exists($0) })
                #expect(rule.skippedDays(from: start, through: end) == expected, "\(zone), day start \(dayStart)")
            }
        }
        #expect(
            !rule("Pacific/Apia").skippedDays(from: Fixtures.day("2011-01-01"), through: Fixtures.day("2011-12-31"))
                .isEmpty)
    }

    @Test func daylightSavingDaysExistWhateverTheDayStart() {
        for dayStart in ["00:00", "02:30", "03:00"] {
            let newYork = rule("America/New_York", dayStart: dayStart)
            #expect(newYork.exists(Fixtures.day("2026-03-08")), "spring forward, day start \(dayStart)")
            #expect(newYork.exists(Fixtures.day("2026-11-01")), "fall back, day start \(dayStart)")
        }
        #expect((0..<800).allSatisfy { DayRule.utc.exists(Fixtures.day("2025-01-01").adding(days: $0)) })
    }

    @Test func nothingIsDueOnADayThatDoesNotExist() {
        let apia = rule("Pacific/Apia")
        let history = QuestHistory(
            quests: [read, run],
            completions: [
                (1, Fixtures.day("2011-12-29")), (2, Fixtures.day("2011-12-29")),
                (1, Fixtures.day("2011-12-31")),
            ], rule: apia)
        let tallies = history.tallies(from: Fixtures.day("2011-12-29"), through: Fixtures.day("2011-12-31"))
        #expect(
            tallies.map { "\($0.day) \($0.completed)/\($0.scheduled)" } == [
                "2011-12-29 2/2", "2011-12-30 0/0", "2011-12-31 1/1",
            ])
        #expect(history.tally(on: Fixtures.day("2011-12-30")) == tallies[1])
        #expect(!apia.isDue(read, on: Fixtures.day("2011-12-30"), completed: false))
        // The skipped Friday neither breaks nor extends the streak.
        let streak = Streaks.summary(of: history, today: Fixtures.day("2011-12-31"))
        #expect(streak.current == 2)
        #expect(
            Board(
                day: Fixtures.day("2011-12-30"), quests: [read, run], paid: [:],
                now: Fixtures.position("2011-12-31T12:00", in: "Pacific/Apia"),
                rule: apia
            ).entries.isEmpty)
        // In New York nothing changes: the same history counts every day.
        let newYork = QuestHistory(quests: [read, run], completions: [], rule: rule("America/New_York"))
        #expect(newYork.tally(on: Fixtures.day("2011-12-30")).scheduled == 2)
    }

    @Test func aCompletionStaysDueAfterTheQuestStopsBeingScheduled() {
        let archived = read.applying(Schedule(archived: true), from: Fixtures.day("2026-11-21")).quest
        let saturday = Fixtures.day("2026-11-21")
        #expect(DayRule.utc.isDue(archived, on: saturday, completed: true))
        #expect(!DayRule.utc.isDue(archived, on: saturday, completed: false))
        #expect(
            DayRule.count(on: saturday, questNumbers: [1, 2, 9], quests: [1: archived, 2: run])
                == DayCount(day: saturday, completed: 2, unscheduled: 2))
        let board = Board(
            day: saturday, quests: [archived, run], paid: [1: 10], now: Fixtures.position("2026-11-21T20:00"),
            rule: .utc)
        #expect(board.entries.map(\.quest.number) == [1])
        #expect(board.isCleared)
    }

    @Test func oneQuestsCountsAreEachDaysCountOfItAlone() {
        // Weekdays, then archived, then every third day: days scheduled and not, under each version.
        let quest = run.applying(Schedule(archived: true), from: Fixtures.day("2026-11-10")).quest
            .applying(Schedule(weekdays: .daily, kind: .every(days: 3, from: nil)), from: Fixtures.day("2026-11-15"))
            .quest
        let days = (0..<30).map { Fixtures.day("2026-11-01").adding(days: $0) }
        let counts = DayRule.counts(of: quest, completedOn: days)
        #expect(counts == days.compactMap { DayRule.count(on: $0, questNumbers: [2], quests: [2: quest]) })
        #expect(Set(counts.map(\.unscheduled)) == [0, 1])
    }

    @Test func aDayTheClocksSkippedCannotBeCompleted() throws {
        let apia = Fixtures.calendar("Pacific/Apia")
        let now = Fixtures.position("2011-12-31T12:00", in: "Pacific/Apia")
        let tea = Fixtures.quest(3, "Tea", created: "2011-12-01")
        #expect(throws: QuestsError.nonexistentDay(Fixtures.day("2011-12-30"), timeZone: "Pacific/Apia")) {
            try CompletionRules.scheduleForCompleting(
                tea, on: Fixtures.day("2011-12-30"), now: now, zone: Zone(apia.timeZone), settings: Settings(),
                early: false)
        }
        #expect(
            try CompletionRules.scheduleForCompleting(
                tea, on: Fixtures.day("2011-12-29"), now: now, zone: Zone(apia.timeZone), settings: Settings(),
                early: false
            ).reward == 10)
    }

    /// Skips and vacations are cases of the rule (docs/forgiveness.md), each with its example.
    @Test func skipsAndVacationsAreNeutralCasesOfTheRule() {
        let rule = DayRule.utc
        let day = { (text: String) in Fixtures.day(text) }
        // weeks from Monday the 2nd
        let gym = FlexibleScheduleTests.quest(3, .quota(times: 2, per: .week), created: "2026-11-02")
        let quests = [
            Fixtures.quest(1, "Read", created: "2026-11-02"), Fixtures.quest(2, "Walk", created: "2026-11-02"), gym,
        ]
        let completions: [(questNumber: Int, day: LocalDay)] = [
            (1, day("2026-11-02")), (1, day("2026-11-05")), (2, day("2026-11-05")),
            (1, day("2026-11-06")), (2, day("2026-11-06")),
        ]
        let skips = [
            NeutralDays.QuestDay(questNumber: 2, day: day("2026-11-02")),  // Read done, Walk skipped: cleared
            NeutralDays.QuestDay(questNumber: 1, day: day("2026-11-03")),
            NeutralDays.QuestDay(questNumber: 2, day: day("2026-11-03")),
            NeutralDays.QuestDay(questNumber: 1, day: day("2026-11-06")),
        ]  // completed too: the completion wins
        let neutral = NeutralDays(
            skips: skips, vacations: [day("2026-11-04")...day("2026-11-05")],
            completed: Set(completions.map { NeutralDays.QuestDay(questNumber: $0.questNumber, day: $0.day) }))
        let history = QuestHistory(quests: quests, completions: completions, rule: rule, neutral: neutral)
        let today = day("2026-11-09")
        let statuses = history.tallies(from: day("2026-11-02"), through: day("2026-11-08")).map {
            DayRule.status(of: $0, today: today, isNeutral: { _ in false })
        }
        // 2nd cleared (one done, one skipped); 3rd neutral (all skipped); 4th neutral (vacation, nothing done);
        // 5th cleared (vacation, everything done); 6th cleared (the skip of Read is void); 7th missed;
        // 8th: the gym's week holds vacation days, so it does not end short: missed only for Read and Walk.
        #expect(statuses == [.cleared, .neutral, .neutral, .cleared, .cleared, .missed, .missed])
        #expect(history.tally(on: day("2026-11-08")) == DayTally(day: day("2026-11-08"), scheduled: 2, completed: 0))
        #expect(!rule.isDue(gym, on: day("2026-11-08"), completed: false, doneInPeriod: 0, neutral: neutral))
        #expect(rule.isDue(gym, on: day("2026-11-08"), completed: false, doneInPeriod: 0))
        #expect(
            rule.status(of: quests[1], on: day("2026-11-04"), completed: false, neutral: neutral, today: today)
                == .notDue)
        #expect(
            rule.status(of: quests[1], on: day("2026-11-07"), completed: false, neutral: neutral, today: today)
                == .missed)
        #expect(HeatLevel(history.tally(on: day("2026-11-04"))) == .setAside)
        #expect(Streaks.summary(of: history, today: today).longest == 3)
    }
}
