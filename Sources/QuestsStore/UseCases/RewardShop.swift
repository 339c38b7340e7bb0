import FoundationEssentials
import QuestsCore

/// What `shop buy` did.
public struct PurchaseOutcome: Sendable {
    public let redemption: Redemption
    public let balance: Int
    /// Achievements this purchase earned.
    public let newAchievements: [EarnedAchievement]
}

/// What `shop undo` did.
public struct RefundOutcome: Sendable {
    /// The purchase refunded, as it was before the refund.
    public let redemption: Redemption
    public let balance: Int
}

/// The shop as `quests shop` shows it.
public struct ShopSnapshot: Sendable {
    /// The rewards still in the shop, by number.
    public let rewards: [Reward]
    public let balance: Int
}

/// A reward change for `shop edit`; nil fields stay as they are.
public struct RewardChanges: Sendable, Equatable {
    public var title: String?
    public var price: Int?
    public var notes: String?

    public init(title: String? = nil, price: Int? = nil, notes: String? = nil) {
        self.title = title
        self.price = price
        self.notes = notes
    }
}

/// Stocking the shop, buying and refunding.
public struct RewardShop {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Every reward, removed ones included, by number.
    public func rewards() throws -> [Reward] {
        try store.inDatabase { try $0.rewards() }
    }

    /// The rewards in the shop and the balance, in one snapshot.
    public func shop() throws -> ShopSnapshot {
        try store.read { db in ShopSnapshot(rewards: try db.rewards().filter { !$0.removed }, balance: try db.balance())
        }
    }

    /// Stocks a new reward. Titles are unique among the rewards in the shop.
    public func add(title: String, notes: String, price: Int) throws -> Reward {
        try store.write { db in
            let title = try Reward.validatedTitle(title, among: try db.rewards())
            try UserText.check(notes, as: .notes)
            let id = db.ids.next()
            try db.insert(
                Reward(id: id, number: 0, title: title, notes: notes, price: price), as: Reward.declaration,
                omitting: ["number"])
            return Reward(id: id, number: Int(db.lastInsertRowID), title: title, notes: notes, price: price)
        }
    }

    /// Changes a reward's title, price or notes; past redemptions keep what they paid.
    public func edit(_ reference: ItemReference, changes: RewardChanges) throws -> Reward {
        guard changes != RewardChanges() else { throw QuestsError.nothingToChangeInReward }
        return try store.write { db in
            let rewards = try db.rewards()
            var reward = try Reward.resolve(reference, among: rewards)
            if let title = changes.title {
                reward.title = try Reward.validatedTitle(title, among: rewards.filter { $0.id != reward.id })
            }
            if let price = changes.price { reward.price = price }
            if let notes = changes.notes {
                try UserText.check(notes, as: .notes)
                reward.notes = notes
            }
            try db.save(reward)
            return reward
        }
    }

    /// Takes a reward out of the shop; its redemptions stay in the history.
    public func remove(_ reference: ItemReference) throws -> Reward {
        try store.write { db in
            var reward = try Reward.resolve(reference, among: try db.rewards())
            reward.removed = true
            try db.save(reward)
            return reward
        }
    }

    /// Buys a reward: checks the balance, records the redemption and debits the price, in one
    /// `BEGIN IMMEDIATE` transaction, so concurrent purchases can never overspend.
    public func buy(_ reference: ItemReference, now: Now) throws -> PurchaseOutcome {
        try store.write { db in
            let reward = try Reward.resolve(reference, among: try db.rewards())
            try reward.checkAffordable(balance: try db.balance())
            let id = db.ids.next()
            let redemption = Redemption(
                id: id, rewardNumber: reward.number, title: reward.title, price: reward.price,
                at: now.instant, day: try db.position(at: now).day)
            try db.insert(
                Backup.RedemptionRecord(
                    id: id, reward: reward.id, title: reward.title, price: reward.price, at: now.instant,
                    day: redemption.day),
                as: Backup.RedemptionRecord.declaration)
            try db.append(
                LedgerEntry(
                    id: db.ids.next(), at: now.instant, amount: -reward.price, kind: .redemption,
                    reference: id, memo: reward.title))
            return PurchaseOutcome(
                redemption: redemption, balance: try db.balance(), newAchievements: try db.recordAchievements(now: now))
        }
    }

    /// Refunds the most recent purchase: gives its price back as a `refund` ledger entry; the purchase
    /// stays in the history, marked refunded. A reward must have been bought today; a streak freeze may be
    /// older but must have covered nothing yet (`Freezes`). Refused when it is refunded already.
    public func refundLastPurchase(now: Now) throws -> RefundOutcome {
        try store.write { db in
            let today = try db.position(at: now).day
            guard let redemption = try db.redemptions(limit: 1).first, redemption.isFreeze || redemption.day == today
            else {
                throw QuestsError.noPurchaseToRefund(today)
            }
            guard !redemption.refunded else { throw QuestsError.alreadyRefunded(reward: redemption.title) }
            if redemption.isFreeze,
                let covered = try db.freezeCoverage(today: today, zone: now.zone).day(coveredBy: redemption.id)
            {
                throw QuestsError.freezeUsed(day: covered)
            }
            try db.append(
                LedgerEntry(
                    id: db.ids.next(), at: now.instant, amount: redemption.price, kind: .refund,
                    reference: redemption.id, memo: redemption.title))
            // A refunded purchase no longer counts: an achievement only it earned is taken back.
            let kept = try db.keptPurchaseCount()
            for achievement in Achievement.all where achievement.kind == .redemptions && achievement.threshold > kept {
                try db.cached("DELETE FROM achievement WHERE key = ?").run([.text(achievement.id)])
            }
            return RefundOutcome(redemption: redemption, balance: try db.balance())
        }
    }

    /// Every purchase, rewards and streak freezes, newest first in the order the ledger debited them (at
    /// most `limit`), each marked refunded or not.
    public func redemptions(limit: Int? = nil) throws -> [Redemption] {
        try store.inDatabase { try $0.redemptions(limit: limit) }
    }
}

extension Database {
    /// Every reward, removed ones included, by number.
    func rewards() throws -> [Reward] {
        try records(Reward.declaration, orderBy: "number")
    }

    /// The reward with UUID `id`, if this store has it.
    func reward(_ id: UUID) throws -> Reward? {
        try records(Reward.declaration, where: "uuid = ?", [.uuid(id)]).first
    }

    /// Every purchase, rewards and streak freezes, newest first in the order the ledger debited them (at
    /// most `limit`), each marked refunded or not.
    func redemptions(limit: Int? = nil) throws -> [Redemption] {
        try prepare(
            """
            SELECT uuid, reward, title, price, redeemed_at, day,
                   EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = r.uuid AND e.kind = 'refund'), 0,
                   (SELECT max(e.id) FROM ledger_entry e WHERE e.reference = r.uuid AND e.kind = 'redemption') AS debited
            FROM redemption r
            UNION ALL
            SELECT uuid, 0, memo, -amount, at, day,
                   EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = f.uuid AND e.kind = 'refund'), 1, id
            FROM ledger_entry f WHERE kind = 'freeze'
            ORDER BY debited DESC LIMIT ?
            """
        ).rows([.integer(Int64(limit ?? -1))]) { row in
            guard let id = row.uuid(0), let at = row.timestamp(4), let day = row.day(5) else {
                throw StoreError.damagedRecord(.record(.purchases, .text(row.text(0))))
            }
            return Redemption(
                id: id, rewardNumber: row.int(1), title: row.text(2), price: row.int(3), at: at, day: day,
                refunded: row.int(6) != 0, isFreeze: row.int(7) != 0)
        }
    }

    /// Writes `reward`, adding it (with a new number) or changing the one with its UUID (keeping its number).
    func save(_ reward: Reward) throws {
        if try self.reward(reward.id) == nil {
            try insert(reward, as: Reward.declaration, omitting: ["number"])
        } else {
            try update(reward, as: Reward.declaration, on: "uuid", omitting: ["number"])
        }
    }
}
