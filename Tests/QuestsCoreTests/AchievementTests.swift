import Foundation
import QuestsCore
import Testing

@Suite struct AchievementTests {
    let read = Fixtures.quest(1, "Read", created: "2026-11-01")

    func facts(
        completionDays: ClosedRange<Int>, today: String, earnings: [(day: LocalDay, amount: Int)] = [],
        redemptions: [LocalDay] = []
    ) -> ProgressFacts {
        let history = QuestHistory(
            quests: [read], completions: completionDays.map { (1, Fixtures.day("2026-11-01").adding(days: $0)) })
        let todayDay = Fixtures.day(today)
        let streaks = Streaks.summary(of: history, today: todayDay)
        return ProgressFacts(
            tallies: history.tallies(through: todayDay), streaks: streaks,
            perfectWeekEnds: Streaks.perfectWeekEnds(of: history, today: todayDay, weekStart: .monday),
            earnings: .dated(earnings), redemptions: .dated(redemptions.map { ($0, 1) }))
    }

    func earned(_ facts: ProgressFacts) -> [String: String] {
        Dictionary(uniqueKeysWithValues: facts.earned().map { ($0.achievement.id, $0.day.description) })
    }

    @Test func streakMilestonesAreDatedTheDayTheyWereReached() {
        let result = earned(facts(completionDays: 0...15, today: "2026-11-16"))
        #expect(result["streak-7"] == "2026-11-07")
        #expect(result["streak-14"] == "2026-11-14")
        #expect(result["streak-30"] == nil)
        #expect(result["completions-1"] == "2026-11-01")
    }

    @Test func milestonesStayEarnedAfterTheStreakBreaks() {
        // 8 cleared days, then a gap: the current streak is 0 but the longest still earns streak-7.
        let result = facts(completionDays: 0...7, today: "2026-11-20")
        #expect(earned(result)["streak-7"] == "2026-11-07")
        #expect(result.value(of: .streak) == 8)
    }

    @Test func totalsAndFirstsCountTheirEvents() {
        let days = (0..<60).map { Fixtures.day("2026-11-01").adding(days: $0 / 6) }
        let earnings = days.map { (day: $0, amount: 10) } + [(day: Fixtures.day("2026-11-09"), amount: -10)]
        let result = facts(
            completionDays: 0...2, today: "2026-11-12", earnings: earnings,
            redemptions: [Fixtures.day("2026-11-05"), Fixtures.day("2026-11-03")])
        #expect(earned(result)["earned-500"] == "2026-11-09")  // 500 reached on the 9th, then undone by 10 the same day
        #expect(result.value(of: .earned) == 590)
        #expect(earned(result)["redemptions-1"] == "2026-11-03")
        #expect(result.value(of: .completions) == 3)
    }

    @Test func achievementIDsAreUniqueAndStable() {
        let ids = Achievement.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("streak-365"))
        #expect(Achievement.all.filter { $0.kind == .streak }.map(\.threshold) == [7, 14, 30, 60, 100, 365])
        #expect(Set(Achievement.all.map(\.kind)).count >= 5)
    }
}
