import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

/// Streak freezes (`Freezes`) and per-quest streaks (`QuestStreak`), against naive reference models.
@Suite struct FreezeTests {
    typealias Model = FlexibleScheduleModelTests.Model

    static func tally(_ day: String, _ scheduled: Int, _ completed: Int) -> DayTally {
        DayTally(day: Fixtures.day(day), scheduled: scheduled, completed: completed)
    }

    static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID()
    }

    static func freeze(_ day: String, _ number: Int) -> FreezePurchase {
        FreezePurchase(id: id(number), day: Fixtures.day(day))
    }

    @Test func aFreezeCoversTheFirstMissedDayOnOrAfterItsPurchaseOnly() {
        let tallies = [
            Self.tally("2026-11-01", 1, 0), Self.tally("2026-11-02", 1, 1), Self.tally("2026-11-03", 1, 0),
            Self.tally("2026-11-04", 1, 0), Self.tally("2026-11-05", 1, 0),
        ]
        let today = Fixtures.day("2026-11-05")
        // Bought on the 2nd: the 1st, missed before, stays missed; the 3rd is covered; the 4th breaks.
        let one = Freezes.coverage(of: tallies, today: today, purchases: [Self.freeze("2026-11-02", 1)])
        #expect(one.covered.map(\.day) == [Fixtures.day("2026-11-03")] && one.owned.isEmpty)
        #expect(Streaks.summary(of: tallies, today: today, isNeutral: one.covers).current == 0)
        // Bought on a missed day: it covers that very day.
        let same = Freezes.coverage(of: tallies, today: today, purchases: [Self.freeze("2026-11-03", 2)])
        #expect(same.covered.map(\.day) == [Fixtures.day("2026-11-03")])
        // Oldest first, whatever the order given: the one of the 1st covers it, the one of the 2nd the 3rd.
        let two = Freezes.coverage(
            of: tallies, today: today, purchases: [Self.freeze("2026-11-02", 9), Self.freeze("2026-11-01", 8)])
        #expect(
            two.covered == [
                CoveredDay(day: Fixtures.day("2026-11-01"), freeze: Self.id(8)),
                CoveredDay(day: Fixtures.day("2026-11-03"), freeze: Self.id(9)),
            ])
        // Three bought on the 3rd cover the 3rd and 4th; today, in progress, uses none: the streak is 1.
        let three = Freezes.coverage(
            of: tallies, today: today, purchases: (1...3).map { Self.freeze("2026-11-03", $0) })
        #expect(
            three.covered.map(\.day) == [Fixtures.day("2026-11-03"), Fixtures.day("2026-11-04")]
                && three.owned.count == 1)
        #expect(Streaks.summary(of: tallies, today: today, isNeutral: three.covers).current == 1)
        // A day neutral otherwise (a skip, a vacation) uses no freeze.
        let skipped = Freezes.coverage(
            of: tallies, today: today, purchases: [Self.freeze("2026-11-03", 1)],
            isNeutral: { $0 == Fixtures.day("2026-11-03") })
        #expect(skipped.covered.map(\.day) == [Fixtures.day("2026-11-04")])
    }

    /// Freezes of one day are taken in the order of their identities' text, compared without making it.
    @Test func identitiesCompareAsTheirText() {
        var random = SplitMix(seed: 11)
        func uuid() -> UUID {
            // Bytes from a few values each, so that long shared prefixes and equal identities come up.
            UUID(bytes: (0..<16).map { _ in [0x00, 0x09, 0x0A, 0x9F, 0xA0, 0xFF][Int(random.next() % 6)] })
        }
        let pairs = (0..<300).map { _ in (uuid(), random.next() % 4 == 0 ? UUID() : uuid()) }
        #expect(pairs.filter { UUIDText.precedes($0, $1) != ($0.uuidString < $1.uuidString) }.isEmpty)
        #expect(
            pairs.contains { UUIDText.precedes($0, $1) } && pairs.contains { UUIDText.precedes($1, $0) }
                && !pairs.contains { a, _ in UUIDText.precedes(a, a) })
    }

    /// The reference: each freeze, oldest first, takes the first missed day on or after its day that no
    /// earlier freeze took (skipped quest-days and vacation days are not missed); covered days are neutral
    /// for the streak.
    static func modelCoverage(_ model: Model, purchases: [FreezePurchase], first: LocalDay, today: LocalDay)
        -> [LocalDay: UUID]
    {
        var covered: [LocalDay: UUID] = [:]
        for purchase in purchases.sorted(by: { ($0.day, $0.id.uuidString) < ($1.day, $1.id.uuidString) }) {
            var day = max(purchase.day, first)
            while day < today {
                if model.isMissed(day, today: today), covered[day] == nil {
                    covered[day] = purchase.id
                    break
                }
                day = day.adding(days: 1)
            }
        }
        return covered
    }

    /// Random histories of every schedule kind over two years, with missed days, skips, vacations and
    /// freeze purchases.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney"], [UInt64(1), 2, 3])
    func freezesAgreeWithTheModel(zoneName: String, seed: UInt64) {
        var random = SplitMix(seed: seed)
        for round in 0..<4 {
            let world = RandomWorld(
                &random, zone: zoneName, start: LocalDay(year: 2025, month: 1, day: 6)!, span: 730,
                options: .init(mostlyDone: true, skipsAndVacations: round % 2 == 1, freezes: true))
            let model = Model(world)
            let (today, first, purchases) = (world.today, world.first, world.purchases)
            let tallies = world.history.tallies(from: first, through: today)
            let coverage = Freezes.coverage(of: tallies, today: today, purchases: purchases)
            let expected = Self.modelCoverage(model, purchases: purchases, first: first, today: today)
            let context = "seed \(seed), round \(round), \(zoneName)"
            #expect(
                Dictionary(uniqueKeysWithValues: coverage.covered.map { ($0.day, $0.freeze) }) == expected, "\(context)"
            )
            #expect(
                Set(coverage.owned.map(\.id)) == Set(purchases.map(\.id)).subtracting(expected.values), "\(context)")
            let summary = Streaks.summary(of: tallies, today: today, isNeutral: coverage.covers)
            let streak = model.streaks(from: first, through: today, covered: Set(expected.keys))
            #expect(summary.current == streak.current && summary.longest == streak.longest, "\(context)")
            // The board's walk back from today, over the days since the first freeze, agrees.
            let walk = Streaks.currentStreak(of: tallies, today: today, isNeutral: coverage.covers)
            #expect(walk.days == streak.current, "\(context)")
            // Stopped at the start of any day and taken up again from what was found before it (the freezes
            // left unused, the streak that ended the day before), the walk finds the same days and streak.
            for cut in [1, 2, 8, 64, 400, tallies.count - 1] where cut < tallies.count {
                let earlier = Array(tallies[..<(tallies.count - cut)])
                let later = Array(tallies[(tallies.count - cut)...])
                let before = Freezes.coverage(of: earlier, today: today, purchases: purchases)
                let after = Freezes.coverage(of: later, today: today, purchases: before.owned)
                #expect(
                    Dictionary(uniqueKeysWithValues: (before.covered + after.covered).map { ($0.day, $0.freeze) })
                        == expected, "\(context), cut \(cut)")
                let streakBefore = Streaks.currentStreak(of: earlier, today: today, isNeutral: before.covers)
                let taken = Streaks.currentStreak(
                    of: later, today: today, isNeutral: after.covers,
                    continuing: (streakBefore.days, streakBefore.start))
                #expect(
                    taken.days == streak.current && taken.start == summary.currentStart, "\(context), cut \(cut)")
            }
        }
    }

    /// The reference per-quest streak: every due day of a fixed or every-N schedule is a beat, done or
    /// missed (past, not in a vacation) or open (today); a skipped day is no beat; every quota period is one
    /// beat on its last flexible day, done once met, missed when it ended short and was judged (flexible
    /// under the same quota every day of it) and holds neither a vacation day nor a skip of the quest.
    static func modelQuestStreak(_ model: Model, _ quest: Quest, today: LocalDay) -> (current: Int, longest: Int) {
        var run = 0
        var longest = 0
        func beat(done: Bool, missed: Bool) {
            if done {
                run += 1
                longest = max(longest, run)
            } else if missed {
                run = 0
            }
        }
        func quota(on day: LocalDay) -> (times: Int, per: QuotaPeriod)? {
            guard let schedule = model.version(quest, on: day), !schedule.archived else { return nil }
            return schedule.kind.quota
        }
        var day = quest.createdDay
        while day <= today {
            if let (times, per) = quota(on: day) {
                let days = model.period(per, of: day)
                let next = day.adding(days: 1)
                let last = day == today || quota(on: next).map { model.period($0.per, of: next) != days } ?? true
                if last {
                    let done = days.filter { $0 <= today && model.isDone(quest, $0) }.count
                    let judged = days.allSatisfy { quota(on: $0).map { $0.times == times && $0.per == per } ?? false }
                    let excused = days.contains { model.isVacation($0) || model.isSkipped(quest, $0) }
                    beat(done: done >= times, missed: judged && !excused && days.last! < today)
                }
            } else if model.isDue(quest, on: day) {
                beat(done: model.isDone(quest, day), missed: day < today && !model.isVacation(day))
            }
            day = day.adding(days: 1)
        }
        return (run, longest)
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Pacific/Apia"], [UInt64(1), 2, 3])
    func perQuestStreaksAgreeWithTheModel(zoneName: String, seed: UInt64) {
        var random = SplitMix(seed: seed)
        for round in 0..<4 {
            // Two years over Apia's skipped 2011-12-30.
            let world = RandomWorld(
                &random, zone: zoneName, start: LocalDay(year: 2011, month: 1, day: 3)!, span: 730,
                options: .init(mostlyDone: true, skipsAndVacations: round % 2 == 1))
            let model = Model(world)
            let today = world.today
            for quest in world.quests {
                let days = world.completions.filter { $0.questNumber == quest.number && $0.day <= today }.map(\.day)
                let streak = QuestStreak(
                    of: quest, completedDays: days, rule: world.rule, today: today, neutral: world.neutral)
                let expected = Self.modelQuestStreak(model, quest, today: today)
                #expect(
                    streak.current == expected.current && streak.longest == expected.longest,
                    "seed \(seed), round \(round), \(zoneName), \(quest.versions)")
            }
        }
    }

    @Test func aFlexibleQuestCountsPeriodsMetInARow() {
        let quest = FlexibleScheduleTests.quest(1, .quota(times: 2, per: .week), created: "2026-11-02")  // a Monday
        let days = ["2026-11-03", "2026-11-05", "2026-11-10", "2026-11-11", "2026-11-17", "2026-11-23"].map {
            Fixtures.day($0)
        }
        let rule = DayRule(zone: .utc, dayStart: .midnight, weekStart: .monday)
        // Two weeks met; the third ended short (one done); the fourth, this week, has one so far.
        let streak = QuestStreak(of: quest, completedDays: days, rule: rule, today: Fixtures.day("2026-11-24"))
        #expect(streak == QuestStreak(current: 0, longest: 2, unit: .week))
        let met = QuestStreak(
            of: quest, completedDays: days + [Fixtures.day("2026-11-24")], rule: rule, today: Fixtures.day("2026-11-24")
        )
        #expect(met == QuestStreak(current: 1, longest: 2, unit: .week))
    }
}
