import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

@Suite struct ShopStoreTests {
    let now = TemporaryStore.now("2026-11-21T12:00")

    /// A store with a 90 DD balance and two rewards.
    func stocked() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 90), now: now)
        _ = try Completing(store).complete("run", now: now)
        _ = try RewardShop(store).add(title: "Movie night", notes: "", price: 150)
        _ = try RewardShop(store).add(title: "Fancy coffee", notes: "oat", price: 30)
        return temporary
    }

    @Test func buyingDebitsThePriceAndRecordsTheRedemption() throws {
        let temporary = try stocked()
        let outcome = try RewardShop(temporary.store).buy("fancy", now: now)
        #expect(outcome.balance == 60)
        #expect(outcome.redemption.price == 30)
        #expect(outcome.redemption.day.description == "2026-11-21")
        let ledger = try temporary.store.db.ledgerEntries()
        #expect(ledger.first?.entry.kind == .redemption)
        #expect(ledger.first?.entry.amount == -30)
        #expect(ledger.first?.entry.reference == outcome.redemption.id)
        #expect(try RewardShop(temporary.store).redemptions().map(\.title) == ["Fancy coffee"])
    }

    @Test func tooFewDailyDollarsChangesNothing() throws {
        let temporary = try stocked()
        let before = try temporary.dump()
        #expect(throws: QuestsError.cannotAfford(.reward(title: "Movie night"), price: 150, balance: 90)) {
            try RewardShop(temporary.store).buy("movie", now: now)
        }
        #expect(try temporary.dump() == before)
    }

    @Test func repricingAndRemovingNeverRewriteHistory() throws {
        let temporary = try stocked()
        _ = try RewardShop(temporary.store).buy("fancy", now: now)
        _ = try RewardShop(temporary.store).edit("fancy", changes: RewardChanges(title: "Coffee", price: 45))
        #expect(try RewardShop(temporary.store).shop().rewards.map(\.price) == [150, 45])
        _ = try RewardShop(temporary.store).remove("coffee")
        #expect(try RewardShop(temporary.store).shop().rewards.map(\.title) == ["Movie night"])
        let history = try RewardShop(temporary.store).redemptions()
        #expect(history.map(\.title) == ["Fancy coffee"])
        #expect(history.map(\.price) == [30])
        #expect(try Bookkeeping(temporary.store).balance() == 60)
        #expect(throws: QuestsError.self) { try RewardShop(temporary.store).buy("coffee", now: now) }
        // The title is free again once removed.
        #expect(try RewardShop(temporary.store).add(title: "Coffee", notes: "", price: 20).number == 3)
    }

    @Test func theShopAndUndoAgreeOnSpentDailyDollars() throws {
        let temporary = try stocked()
        _ = try RewardShop(temporary.store).buy("fancy", now: now)
        #expect(throws: QuestsError.undoWouldOverdraw(quest: "Run", credited: 90, balance: 60)) {
            try Completing(temporary.store).undo("run", now: now)
        }
        #expect(try Bookkeeping(temporary.store).balance() == 60)
    }

    @Test func redemptionsAndRewardsCannotBeDeleted() throws {
        let temporary = try stocked()
        _ = try RewardShop(temporary.store).buy("fancy", now: now)
        #expect(throws: DatabaseError.self) { try temporary.store.db.execute("DELETE FROM redemption") }
        #expect(throws: DatabaseError.self) {
            try temporary.store.db.execute("UPDATE redemption SET price = 1")
        }
        #expect(throws: DatabaseError.self) { try temporary.store.db.execute("DELETE FROM reward") }
    }

    @Test func badRewardEditsAreRefused() throws {
        let temporary = try stocked()
        #expect(throws: QuestsError.nothingToChangeInReward) {
            try RewardShop(temporary.store).edit("movie", changes: RewardChanges())
        }
        #expect(throws: QuestsError.duplicateReward("Movie night", number: 1)) {
            try RewardShop(temporary.store).edit("fancy", changes: RewardChanges(title: "movie night"))
        }
        #expect(throws: QuestsError.duplicateReward("Movie night", number: 1)) {
            try RewardShop(temporary.store).add(title: "Movie Night", notes: "", price: 5)
        }
    }

    /// A property check against a plain model: random earn, buy and undo sequences never let the
    /// balance go negative, and the ledger always sums to it.
    @Test(arguments: [1, 2, 3, 4, 5])
    func randomSequencesKeepTheLedgerExact(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        for index in 0..<6 {
            _ = try QuestBoard(store).add(
                title: "Quest \(index)", notes: "", schedule: Schedule(reward: 5 + index * 7),
                now: TemporaryStore.now("2026-11-01T00:00"))
            _ = try RewardShop(store).add(title: "Reward \(index)", notes: "", price: 10 + index * 11)
        }
        var modelBalance = 0
        var credited: [String: Int] = [:]  // "quest|day" -> reward
        for step in 0..<120 {
            let day = 14 + Int(random.next() % 7)
            let now = TemporaryStore.now("2026-11-\(day)T12:00")
            let quest = Int(random.next() % 6)
            let key = "\(quest)|\(day)"
            switch random.next() % 3 {
            case 0:
                let outcome = try Completing(store).complete(ItemReference("Quest \(quest)"), now: now)
                if credited[key] == nil {
                    #expect(outcome.credited == 5 + quest * 7)
                    credited[key] = outcome.credited
                    modelBalance += outcome.credited
                } else {
                    #expect(outcome.wasAlreadyCompleted)
                }
            case 1:
                let reward = Int(random.next() % 6)
                let price = 10 + reward * 11
                do {
                    _ = try RewardShop(store).buy(ItemReference("Reward \(reward)"), now: now)
                    #expect(modelBalance >= price, "step \(step)")
                    modelBalance -= price
                } catch QuestsError.cannotAfford {
                    #expect(modelBalance < price, "step \(step)")
                }
            default:
                do {
                    let outcome = try Completing(store).undo(ItemReference("Quest \(quest)"), now: now)
                    #expect(outcome.debited == credited[key])
                    modelBalance -= outcome.debited
                    credited[key] = nil
                } catch QuestsError.notCompleted {
                    #expect(credited[key] == nil)
                } catch QuestsError.undoWouldOverdraw {
                    #expect(modelBalance < credited[key] ?? 0)
                }
            }
            #expect(try Bookkeeping(store).balance() == modelBalance)
        }
        let sum = try store.db.prepare(
            "SELECT coalesce(sum(amount), 0), min(running_balance) FROM ledger_entry"
        ).firstRow { ($0.int(0), $0.int(1)) }
        #expect(sum?.0 == modelBalance)
        #expect((sum?.1 ?? 0) >= 0)
    }
}
