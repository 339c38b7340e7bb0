import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests shop`: the reward shop users stock themselves.
    struct Shop: ParsableCommand {
        /// A purchase's name: a reward's own title, or a freeze worded by its kind (its memo names nothing).
        static func name(of redemption: Redemption) -> String {
            redemption.isFreeze ? Message.ledgerStreakFreeze : Sanitized.line(redemption.title)
        }

        static let configuration = CommandConfiguration(
            commandName: "shop",
            abstract: "Spend Daily Dollars on rewards you stock yourself.",
            discussion: """
                With no subcommand, lists the rewards with their price and whether your balance affords them.

                Examples:
                  quests shop add "Movie night" --price 150
                  quests shop                       # what you can afford
                  quests shop buy movie
                  quests shop history
                  quests shop undo                  # refund today's last purchase
                """,
            subcommands: [List.self, Add.self, Edit.self, Remove.self, Buy.self, Undo.self, History.self],
            defaultSubcommand: List.self
        )
    }
}

extension Quests.Shop {
    /// `quests shop list`: rewards, prices and affordability.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the rewards with their price and what you can afford.",
            discussion: """
                Examples:
                  quests shop
                  quests shop list --json | jq '.rewards[] | select(.affordable) | .title'
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let shop = try RewardShop(context.store).shop()
            if json {
                try JSONOutput.print(JSONShapes.ShopDocument(shop))
                return
            }
            let style = context.style
            print(Format.balanceHeading(shop.balance, style: style))
            guard !shop.rewards.isEmpty else {
                for line in DisplayWidth.hint(Message.shopEmpty, width: Terminal.columns()) { print(line) }
                return
            }
            print("")
            let numberWidth = shop.rewards.map { "#\($0.number)".count }.max() ?? 0
            let priceWidth = shop.rewards.map { Format.dd($0.price).count }.max() ?? 0
            let statusWidth =
                shop.rewards.map { DisplayWidth.of(Self.status($0.shortfall(balance: shop.balance))) }.max() ?? 0
            let width = Terminal.columns()
            let titleWidth = min(
                shop.rewards.map { DisplayWidth.of(Sanitized.line($0.title)) }.max() ?? 0,
                max(width - numberWidth - priceWidth - statusWidth - 8, 8))
            for reward in shop.rewards {
                let missing = reward.shortfall(balance: shop.balance)
                let status = missing == 0 ? style.green(Self.status(missing)) : style.yellow(Self.status(missing))
                let line =
                    "  \(style.dim(Format.padLeft("#\(reward.number)", numberWidth)))  \(DisplayWidth.fit(Sanitized.line(reward.title), titleWidth))  \(Format.padLeft(Format.dd(reward.price), priceWidth))  \(status)"
                let notes = DisplayWidth.truncate(Sanitized.line(reward.notes), to: width - DisplayWidth.of(line) - 2)
                print(notes.isEmpty ? line : line + style.dim("  \(notes)"))
            }
        }

        /// A reward's status for a balance `missing` Daily Dollars short of its price: affordable, or what is needed.
        static func status(_ missing: Int) -> String {
            missing == 0 ? Message.shopAffordable : Message.shopMoreNeeded(amount: missing)
        }
    }

    /// `quests shop add`: stock a reward.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Stock a reward in the shop.",
            discussion: """
                Examples:
                  quests shop add "Movie night" --price 150
                  quests shop add "Fancy coffee" --price 30 --notes "the oat flat white"
                """
        )

        @Argument(help: "The reward's title.")
        var title: String

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Its price in Daily Dollars (a positive whole number).", valueName: "N"),
            transform: { try Reward.parsePrice($0) })
        var price: Int

        @Option(help: "Free-form notes shown in the shop.")
        var notes: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let reward = try RewardShop(context.store).add(title: title, notes: notes ?? "", price: price)
            print(
                Message.shopStocked(
                    number: String(reward.number), title: context.style.bold(Sanitized.line(reward.title)),
                    price: Format.dd(reward.price)))
        }
    }

    /// `quests shop edit`: change a reward.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a reward's title, price or notes.",
            discussion: """
                Past purchases keep the title and price they had.

                Examples:
                  quests shop edit movie --price 120
                  quests shop edit 2 --title "Cinema night" --notes "popcorn included"
                """
        )

        @Argument(
            help: "The reward: its number, its title, or a unique word or part of its title.",
            completion: Completions.rewards)
        var reward: String

        @Option(help: "A new title.")
        var title: String?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("A new price in Daily Dollars.", valueName: "N"),
            transform: { try Reward.parsePrice($0) })
        var price: Int?

        @Option(help: "New notes.")
        var notes: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let reward = try RewardShop(context.store).edit(
                ItemReference(self.reward), changes: RewardChanges(title: title, price: price, notes: notes))
            print(
                Message.shopUpdated(
                    number: String(reward.number), title: context.style.bold(Sanitized.line(reward.title)),
                    price: Format.dd(reward.price)))
        }
    }

    /// `quests shop remove`: take a reward out of the shop.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Take a reward out of the shop; its purchase history stays.",
            discussion: """
                Examples:
                  quests shop remove "movie night"
                  quests shop remove 3
                """
        )

        @Argument(
            help: "The reward: its number, its title, or a unique word or part of its title.",
            completion: Completions.rewards)
        var reward: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let reward = try RewardShop(context.store).remove(ItemReference(self.reward))
            print(Message.shopRemoved(number: String(reward.number), title: Sanitized.line(reward.title)))
        }
    }

    /// `quests shop buy`: redeem a reward.
    struct Buy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "buy",
            abstract: "Buy a reward with Daily Dollars.",
            discussion: """
                The price is debited from your balance in the same transaction that records the purchase. \
                With too few Daily Dollars the purchase is refused and nothing changes.

                Examples:
                  quests shop buy movie
                  quests shop buy 2
                """
        )

        @Argument(
            help: "The reward: its number, its title, or a unique word or part of its title.",
            completion: Completions.rewards)
        var reward: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try RewardShop(context.store).buy(ItemReference(reward), now: context.now)
            let title = context.style.bold(Quests.Shop.name(of: outcome.redemption))
            print(
                Message.shopBought(
                    title: title, price: Format.dd(outcome.redemption.price), balance: Format.dd(outcome.balance)))
            for line in Celebration.announce(outcome.newAchievements, style: context.style) { print(line) }
        }
    }

    /// `quests shop undo`: refund today's most recent purchase.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Refund the most recent purchase (a reward bought today, or an unused streak freeze).",
            discussion: """
                Its price comes back as a new refund entry in the ledger; the purchase stays in the history, marked \
                refunded. Only the most recent purchase can be undone, and only once: a reward bought today, or a \
                streak freeze (quests freeze buy) that has covered no missed day yet.

                Examples:
                  quests shop undo
                """
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try RewardShop(context.store).refundLastPurchase(now: context.now)
            let title = context.style.bold(Quests.Shop.name(of: outcome.redemption))
            print(
                Message.shopRefunded(
                    title: title, price: Format.dd(outcome.redemption.price), balance: Format.dd(outcome.balance)))
        }
    }

    /// `quests shop history`: past purchases.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List past purchases, newest first, with the price paid.",
            discussion: """
                Examples:
                  quests shop history
                  quests shop history --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let redemptions = try RewardShop(context.store).redemptions()
            if json {
                try JSONOutput.print(["redemptions": redemptions.map(JSONShapes.RedemptionLine.init)])
                return
            }
            guard !redemptions.isEmpty else {
                print(Message.shopNoPurchases)
                return
            }
            let priceWidth = redemptions.map { Format.dd($0.price).count }.max() ?? 0
            for redemption in redemptions {
                let start =
                    "\(Format.localTime(redemption.at, zone: context.now.zone))  \(Format.padLeft(Format.dd(redemption.price), priceWidth))  "
                let mark = redemption.refunded ? "  " + Message.shopRefundedMark : ""
                // A freeze is worded by its kind (its memo names nothing); a reward by its own title.
                let name = Quests.Shop.name(of: redemption)
                let title = DisplayWidth.truncate(
                    name, to: Terminal.columns() - DisplayWidth.of(start) - DisplayWidth.of(mark))
                print(start + title + context.style.dim(mark))
            }
            let refunded = redemptions.filter(\.refunded)
            let spent = redemptions.reduce(0) { $0 + $1.price } - refunded.reduce(0) { $0 + $1.price }
            print(
                refunded.isEmpty
                    ? Message.shopHistoryTotal(count: redemptions.count, spent: Format.dd(spent))
                    : Message.shopHistoryTotalRefunded(
                        count: redemptions.count, refunded: refunded.count, spent: Format.dd(spent)))
        }
    }
}
