import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// What already happened stays part of its day, through every read the store offers.
@Suite struct DayRuleStoreTests {
    let saturday = TemporaryStore.now("2026-11-21T20:00")

    func complete(
        _ store: QuestStore, _ quest: String, on day: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try Completing(store).complete(
            ItemReference(quest), on: DayReference(day), now: TemporaryStore.now("\(day)T20:00"))
        #expect(outcome.credited > 0, "\(quest) on \(day)", sourceLocation: sourceLocation)
    }

    @Test func archivingOrReschedulingOnACompletedDayKeepsTheCompletion() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-20T08:00"))
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-20T08:00"))
        for day in ["2026-11-20", "2026-11-21"] {
            try complete(store, "read", on: day)
            try complete(store, "run", on: day)
        }
        _ = try QuestBoard(store).archive("read", now: saturday)
        // not Saturdays any more
        _ = try QuestBoard(store).edit("run", changes: QuestChanges(weekdays: .weekdays), now: saturday)

        let board = try QuestBoard(store).board(now: saturday)
        #expect(board.board.entries.map(\.quest.title) == ["Read", "Run"])
        #expect(board.board.entries.map(\.state) == [.completed, .completed])
        #expect(board.board.isCleared)
        #expect(board.streak == 2)
        #expect(try ProgressTracker(store).streaks(now: saturday).summary.current == 2)
        let today = LocalDay("2026-11-21")!
        #expect(
            try store.db.history(zone: saturday.zone).tally(on: today)
                == DayTally(day: today, scheduled: 2, completed: 2))
        #expect(try ProgressTracker(store).achievements(now: saturday).progress.facts.value(of: .completions) == 4)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
        // Undoing one of them takes it off the day it no longer belongs to.
        _ = try Completing(store).undo("read", now: saturday)
        #expect(try QuestBoard(store).board(now: saturday).board.entries.map(\.quest.title) == ["Run"])
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    @Test func doctorRecountsTheDaysWithTheSameRule() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-20T08:00"))
        try complete(store, "read", on: "2026-11-21")
        _ = try QuestBoard(store).archive("read", now: saturday)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
        try store.db.execute("UPDATE day_count SET unscheduled = 0")
        let problems = try StoreCheckup.examine(path: temporary.path).checks.first { $0.kind == .dayCounts }?.problems
        #expect(problems == [.unscheduledCount(day: "2026-11-21", stored: 0, expected: 1)])
    }

    @Test func backfillingAnEarlierDayMovesAnAchievementEarlierNeverLater() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-01T08:00"))
        for day in 1...10 where day != 3 {
            try complete(store, "read", on: String(format: "2026-11-%02d", day))
        }
        let tenth = TemporaryStore.now("2026-11-10T21:00")
        func weekWarrior() throws -> String? {
            try ProgressTracker(store).achievements(now: tenth).earned.first { $0.achievement.id == "streak-7" }?.day
                .description
        }
        #expect(try weekWarrior() == "2026-11-10")
        // Back-filling the 3rd makes the 1st to the 7th a 7-day streak.
        _ = try Completing(store).complete("read", on: DayReference("2026-11-03"), now: tenth)
        #expect(try weekWarrior() == "2026-11-07")
        // Breaking the streak afterwards keeps it, on its day.
        _ = try Completing(store).undo("read", on: DayReference("2026-11-05"), now: tenth)
        #expect(try weekWarrior() == "2026-11-07")
    }

    @Test func theBoardShowsWhatACompletionWasPaid() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(reward: 10), now: TemporaryStore.now("2026-11-20T08:00"))
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 10), now: TemporaryStore.now("2026-11-20T08:00"))
        try complete(store, "read", on: "2026-11-21")
        _ = try QuestBoard(store).edit("read", changes: QuestChanges(reward: 25), now: saturday)
        _ = try QuestBoard(store).edit("run", changes: QuestChanges(reward: 25), now: saturday)
        let entries = try QuestBoard(store).board(now: saturday).board.entries
        #expect(
            entries.map { "\($0.quest.title) \($0.state) \($0.reward)" } == ["Run available 25", "Read completed 10"])
    }
}
