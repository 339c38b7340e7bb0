import FoundationEssentials

/// Something the user stocks in their shop and buys with Daily Dollars ("Movie night — 150 DD").
public struct Reward: Hashable, Sendable, Identifiable, Nameable {
    public internal(set) var id: UUID
    /// The short number users type; assigned by the store, never reused.
    public internal(set) var number: Int
    public var title: String
    public var notes: String
    /// The price in Daily Dollars, always positive.
    public var price: Int
    /// A removed reward leaves the shop; its redemptions stay in the history.
    public var removed: Bool

    public init(id: UUID, number: Int, title: String, notes: String = "", price: Int, removed: Bool = false) {
        self.id = id
        self.number = number
        self.title = title
        self.notes = notes
        self.price = price
        self.removed = removed
    }

    /// The largest price a reward may have.
    public static let maximumPrice = 1_000_000

    /// Parses a price: a whole number from 1 to `maximumPrice`.
    public static func parsePrice(_ text: String) throws(QuestsError) -> Int {
        guard let value = Int(text.trimmingWhitespace()), (1...maximumPrice).contains(value) else {
            throw .invalidPrice(text)
        }
        return value
    }

    /// Resolves a reward reference among the rewards still in the shop.
    public static func resolve(_ reference: ItemReference, among rewards: [Reward]) throws(QuestsError) -> Reward {
        try Reference.resolve(reference, among: rewards.filter { !$0.removed }, kind: .reward)
    }

    /// Checks and tidies a title for a new or renamed reward among `others` in the shop.
    public static func validatedTitle(_ title: String, among others: [Reward]) throws(QuestsError) -> String {
        let trimmed = title.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle(.reward) }
        try UserText.check(trimmed, as: .title)
        if let clash = others.first(where: { !$0.removed && $0.title.lowercased() == trimmed.lowercased() }) {
            throw .duplicateReward(clash.title, number: clash.number)
        }
        return trimmed
    }

    /// How many more Daily Dollars `balance` needs to afford this reward (0 when it does).
    public func shortfall(balance: Int) -> Int {
        max(0, price - balance)
    }

    /// Refuses a purchase the balance does not cover, saying how much is missing.
    public func checkAffordable(balance: Int) throws(QuestsError) {
        try Self.checkAffordable(.reward(title: title), price: price, balance: balance)
    }

    /// Refuses spending `price` on `item` (a reward, a streak freeze) when `balance` does not cover it,
    /// saying how much is missing, and any purchase while the balance is a debt: the one rule of every purchase.
    public static func checkAffordable(_ item: ShopItem, price: Int, balance: Int) throws(QuestsError) {
        guard balance >= 0 else { throw .inDebt(item, debt: -balance) }
        guard price <= balance else { throw .cannotAfford(item, price: price, balance: balance) }
    }
}

extension Reward {
    /// Its table, backup fields and sync registers (the key is its UUID; its number is this store's own).
    public static let declaration = RecordDeclaration<Reward>(
        table: "reward",
        blank: Reward(id: .blank, number: 0, title: "", price: 0),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init(
                "number", { $0.number }, { $0.number = $1 }, .int(in: 1...Backup.maximumNumber), key: "number",
                register: nil),
            .init("title", { $0.title }, { $0.title = $1 }, .title, key: "title", register: "title"),
            // A register without notes (none is written so) reads as none.
            .init(
                "notes", { $0.notes }, { $0.notes = $1 }, .text(.notes), key: "notes", register: "notes",
                registerMayLack: true),
            .init(
                "price", { $0.price }, { $0.price = $1 }, .int(in: 1...maximumPrice), key: "price", register: "price"),
            .init("removed", { $0.removed }, { $0.removed = $1 }, .bool, key: "removed", register: "removed"),
        ])
}

extension RecordKind {
    public static let rewards = RecordKind(
        "rewards", \.rewards, Reward.declaration, key: "rewards",
        synced: [Synced(name: "reward", strategy: .lastWriterPerField)], summary: .always,
        checks: .keys(.uuid, .number))
}
