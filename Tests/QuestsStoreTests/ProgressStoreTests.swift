import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

@Suite struct ProgressStoreTests {
    /// A daily quest created `days` days before 2026-11-21 and completed on every one of them except `missed`.
    func store(days: Int, missed: Set<Int> = []) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let start = LocalDay("2026-11-21")!.adding(days: -days)
        let created = TemporaryStore.now("\(start)T08:00")
        let quest = try QuestBoard(temporary.store).add(title: "Read", notes: "", schedule: Schedule(), now: created)
        try temporary.store.write { db in
            for offset in 0..<days where !missed.contains(offset) {
                _ = try db.insert(
                    Completion(
                        id: UUID(), quest: quest.id, day: start.adding(days: offset),
                        completedAt: created.instant))
            }
        }
        return temporary
    }

    @Test(arguments: [1, 63, 64, 65, 300, 1000])
    func theBoardStreakMatchesTheFullWalkForLongStreaks(days: Int) throws {
        let temporary = try store(days: days)
        let now = TemporaryStore.now("2026-11-21T09:00")
        #expect(try QuestBoard(temporary.store).board(now: now).streak == days)
        #expect(try ProgressTracker(temporary.store).streaks(now: now).summary.current == days)
    }

    @Test func aMissFarBackEndsTheStreakThere() throws {
        let temporary = try store(days: 400, missed: [100])
        let now = TemporaryStore.now("2026-11-21T09:00")
        #expect(try QuestBoard(temporary.store).board(now: now).streak == 299)
        let summary = try ProgressTracker(temporary.store).streaks(now: now).summary
        #expect(summary.current == 299)
        #expect(summary.longest == 299)
    }

    @Test func achievementsAreRecordedOnceWithTheirDay() throws {
        let temporary = try store(days: 10)
        let now = TemporaryStore.now("2026-11-21T09:00")
        let first = try ProgressTracker(temporary.store).achievements(now: now)
        #expect(first.earned.map(\.achievement.id).contains("streak-7"))
        #expect(first.earned.first { $0.achievement.id == "streak-7" }?.day.description == "2026-11-17")
        let again = try temporary.store.write { db in try db.recordAchievements(now: now) }
        #expect(again.isEmpty)
        let rows = try temporary.store.db.prepare("SELECT count(*) FROM achievement WHERE key = 'streak-7'")
            .firstRow { $0.int(0) }
        #expect(rows == 1)
    }

    /// The DD earned from quests come from the balance and the purchases when no earned-DD achievement is
    /// due; they must equal the sum of quest rewards and undos in the ledger, and an achievement reached
    /// is still dated by the ledger entry that reached it.
    @Test func earnedDailyDollarsMatchTheLedger() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Big", notes: "", schedule: Schedule(reward: 300), now: TemporaryStore.now("2026-11-10T08:00"))
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 100)
        let now = TemporaryStore.now("2026-11-21T09:00")
        for day in ["2026-11-18", "2026-11-19", "2026-11-20"] {
            _ = try Completing(store).complete("big", on: DayReference(day), now: TemporaryStore.now("\(day)T20:00"))
        }
        _ = try RewardShop(store).buy("cake", now: now)
        _ = try Completing(store).undo("big", on: DayReference("2026-11-20"), now: now)
        let (earned, progress) = try ProgressTracker(store).achievements(now: now)
        let ledgerSum = try store.db.prepare(
            "SELECT sum(amount) FROM ledger_entry WHERE kind IN ('quest-reward', 'undo')"
        ).firstRow { $0.int(0) }
        #expect(progress.facts.value(of: .earned) == 600)
        #expect(ledgerSum == 600)
        #expect(earned.first { $0.achievement.id == "earned-500" }?.day.description == "2026-11-19")
        #expect(!earned.contains { $0.achievement.id == "earned-5000" })
    }
}
