/// What a purchase buys: a reward of the user's shop, by its title, or a streak freeze. Refusals carry it so
/// that the command line can word each (a freeze in the reader's language, a reward as the user wrote it).
public enum ShopItem: Sendable, Hashable {
    case reward(title: String)
    case streakFreeze
}
