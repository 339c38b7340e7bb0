import Foundation
import QuestsCore
import Testing

@Suite struct ScheduleSpanTests {
    @Test func eachVersionCoversTheDaysUntilTheNextOne() {
        let quest = Fixtures.quest(1, "Read", created: "2026-11-01")
            .applying(Schedule(reward: 20), from: Fixtures.day("2026-11-10")).quest
            .applying(Schedule(reward: 20, archived: true), from: Fixtures.day("2026-11-15")).quest
        #expect(quest.scheduleSpans.map(\.from) == ["2026-11-01", "2026-11-10", "2026-11-15"].map { Fixtures.day($0) })
        #expect(quest.scheduleSpans.map(\.until) == [Fixtures.day("2026-11-09"), Fixtures.day("2026-11-14"), nil])
        #expect(quest.scheduleSpans.map(\.schedule.archived) == [false, false, true])
    }

    @Test func aVersionRepeatingThePreviousOneIsNoChange() {
        let quest = Fixtures.quest(1, "Read", created: "2026-11-01")
            .applying(Schedule(reward: 20), from: Fixtures.day("2026-11-10")).quest
            .applying(Schedule(reward: 20), from: Fixtures.day("2026-11-12")).quest
            .applying(Schedule(reward: 30), from: Fixtures.day("2026-11-15")).quest
        #expect(quest.scheduleSpans.map(\.from) == ["2026-11-01", "2026-11-10", "2026-11-15"].map { Fixtures.day($0) })
        #expect(quest.scheduleSpans.map(\.until) == [Fixtures.day("2026-11-09"), Fixtures.day("2026-11-14"), nil])
        #expect(quest.scheduleSpans.map(\.schedule.reward) == [10, 20, 30])
    }
}
