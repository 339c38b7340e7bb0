import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@Suite struct QuestHistoryTests {
    /// The fast per-range count of scheduled quests must say, day by day, what `Quest.isScheduled` says:
    /// random quests created on random days, with random weekday sets, edits and archiving, over ranges
    /// starting on every weekday.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func rangeTalliesMatchDayByDayScheduling(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let origin = Fixtures.day("2026-01-01")
        let quests = (1...6).map { number in
            let created = origin.adding(days: Int.random(in: 0...60, using: &random))
            var versions = [
                ScheduleVersion(
                    effectiveFrom: created,
                    schedule: Schedule(weekdays: WeekdaySet(rawValue: Int.random(in: 1...127, using: &random))))
            ]
            var day = created
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                day = day.adding(days: Int.random(in: 1...40, using: &random))
                versions.append(
                    ScheduleVersion(
                        effectiveFrom: day,
                        schedule: Schedule(
                            weekdays: WeekdaySet(rawValue: Int.random(in: 1...127, using: &random)),
                            archived: Int.random(in: 0..<4, using: &random) == 0)))
            }
            return Quest(id: UUID(), number: number, title: "Quest \(number)", createdDay: created, versions: versions)
        }
        let history = QuestHistory(quests: quests, completions: [])
        let start = origin.adding(days: Int.random(in: -10...30, using: &random))
        let end = start.adding(days: Int.random(in: 0...200, using: &random))
        let fast = history.tallies(from: start, through: end)
        let dayByDay = (start.dayNumber...end.dayNumber).map { history.tally(on: LocalDay(dayNumber: $0)) }
        #expect(fast == dayByDay, "seed \(seed)")
    }
}

@Suite struct CompletionRateTests {
    /// Whole percent, to the nearest: 100% only with every one done, 0% only with none.
    @Test func percentIsRoundedToTheNearestButNeverClaimsAllOrNone() {
        let cases: [(due: Int, done: Int, percent: Int?)] = [
            (3, 2, 67), (3, 1, 33), (8, 1, 13), (2, 1, 50), (200, 199, 99), (1000, 999, 99), (1000, 1, 1), (300, 1, 1),
            (5, 5, 100), (5, 0, 0), (0, 0, nil),
        ]
        for (due, done, percent) in cases {
            #expect(CompletionRate(due: due, done: done).percent == percent, "\(done) of \(due)")
        }
    }
}
