import FoundationEssentials

/// A purchase from the shop: a reward, or a streak freeze (`quests freeze buy`). It keeps the title and
/// price paid, so later edits never rewrite history.
public struct Redemption: Hashable, Sendable, Identifiable {
    public let id: UUID
    /// The number of the reward bought; 0 for a freeze.
    public let rewardNumber: Int
    /// The reward's title when it was bought.
    public let title: String
    /// Daily Dollars paid.
    public let price: Int
    /// The UTC instant of the purchase.
    public let at: Date
    /// The local day of the purchase.
    public let day: LocalDay
    /// Whether the price was given back (`quests shop undo`); the purchase stays in the history.
    public let refunded: Bool
    /// A streak freeze rather than a reward: `id` is its ledger entry.
    public let isFreeze: Bool

    public init(
        id: UUID, rewardNumber: Int, title: String, price: Int, at: Date, day: LocalDay, refunded: Bool = false,
        isFreeze: Bool = false
    ) {
        self.id = id
        self.rewardNumber = rewardNumber
        self.title = title
        self.price = price
        self.at = at
        self.day = day
        self.refunded = refunded
        self.isFreeze = isFreeze
    }
}
