import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

@Suite struct RefundStoreTests {
    let now = TemporaryStore.now("2026-11-21T12:00")

    /// 300 DD earned, a 100 DD cake bought yesterday and one today.
    func store() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        _ = try QuestBoard(temporary.store).add(
            title: "Big", notes: "", schedule: Schedule(reward: 300), now: TemporaryStore.now("2026-11-20T08:00"))
        _ = try Completing(temporary.store).complete("big", now: TemporaryStore.now("2026-11-20T09:00"))
        _ = try RewardShop(temporary.store).add(title: "Cake", notes: "", price: 100)
        _ = try RewardShop(temporary.store).buy("cake", now: TemporaryStore.now("2026-11-20T20:00"))
        _ = try RewardShop(temporary.store).buy("cake", now: now)
        return temporary
    }

    @Test func aRefundGivesThePriceBackOnceAndKeepsThePurchase() throws {
        let temporary = try store()
        let outcome = try RewardShop(temporary.store).refundLastPurchase(now: now)
        #expect(outcome.balance == 200)
        let entry = try #require(try temporary.store.db.ledgerEntries(limit: 1).first?.entry)
        #expect(entry.kind == .refund && entry.amount == 100 && entry.reference == outcome.redemption.id)
        #expect(try RewardShop(temporary.store).redemptions().map(\.refunded) == [true, false])
        let before = try temporary.dump()
        #expect(throws: QuestsError.alreadyRefunded(reward: "Cake")) {
            try RewardShop(temporary.store).refundLastPurchase(now: now)
        }
        #expect(try temporary.dump() == before)
    }

    @Test func onlyAPurchaseMadeTodayIsRefunded() throws {
        let temporary = try store()
        let tomorrow = TemporaryStore.now("2026-11-22T08:00")
        let before = try temporary.dump()
        #expect(throws: QuestsError.noPurchaseToRefund(LocalDay("2026-11-22")!)) {
            try RewardShop(temporary.store).refundLastPurchase(now: tomorrow)
        }
        #expect(try temporary.dump() == before)
    }

    /// Refunded Daily Dollars were not earned by quests: the earned total stays what the quests paid.
    @Test func aRefundIsNotCountedAsEarned() throws {
        let temporary = try store()
        _ = try RewardShop(temporary.store).refundLastPurchase(now: now)
        let (_, progress) = try ProgressTracker(temporary.store).achievements(now: now)
        #expect(progress.facts.value(of: .earned) == 300)
    }

    /// A refunded purchase does not count towards achievements: refunding the only one takes "Treat
    /// Yourself" back, and the next purchase earns it on its own day.
    @Test func aRefundedPurchaseEarnsNoAchievement() throws {
        let temporary = try TemporaryStore()
        _ = try QuestBoard(temporary.store).add(
            title: "Big", notes: "", schedule: Schedule(reward: 300), now: TemporaryStore.now("2026-11-20T08:00"))
        _ = try Completing(temporary.store).complete("big", now: TemporaryStore.now("2026-11-20T09:00"))
        _ = try RewardShop(temporary.store).add(title: "Cake", notes: "", price: 100)
        let treat = "Treat Yourself"
        #expect(
            try RewardShop(temporary.store).buy("cake", now: now).newAchievements.map(\.achievement.title) == [treat])
        _ = try RewardShop(temporary.store).refundLastPurchase(now: now)
        let (earned, progress) = try ProgressTracker(temporary.store).achievements(now: now)
        #expect(!earned.map(\.achievement.title).contains(treat))
        #expect(progress.facts.value(of: .redemptions) == 0)
        let tomorrow = TemporaryStore.now("2026-11-22T10:00")
        #expect(
            try RewardShop(temporary.store).buy("cake", now: tomorrow).newAchievements.map(\.achievement.title) == [
                treat
            ])
        #expect(
            try ProgressTracker(temporary.store).achievements(now: tomorrow).earned.first {
                $0.achievement.title == treat
            }?.day
                == LocalDay("2026-11-22"))
    }
}
