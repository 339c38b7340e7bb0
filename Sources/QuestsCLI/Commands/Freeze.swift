import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests freeze`: streak freezes, bought with Daily Dollars.
    struct Freeze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "freeze",
            abstract: "Buy streak freezes: each covers one missed day.",
            discussion: """
                A freeze covers the first day you miss on or after the day you bought it, automatically, and is \
                then used up: that day neither breaks nor extends your streak. A day missed before the purchase \
                is never covered. quests streak shows the freezes you own and the days they covered; quests shop \
                undo refunds the latest freeze while it has covered nothing.

                Examples:
                  quests freeze buy
                  quests config freeze-price 80
                """,
            subcommands: [Buy.self]
        )
    }
}

extension Quests.Freeze {
    /// `quests freeze buy`: spend `freeze-price` DD on a streak freeze.
    struct Buy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "buy",
            abstract: "Buy a streak freeze for the freeze-price setting (default 50 DD).",
            discussion: """
                The price is debited in the same transaction that records the freeze. With too few Daily Dollars \
                the purchase is refused, saying how many are missing, and nothing changes.

                Examples:
                  quests freeze buy
                  quests freeze buy --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try Forgiveness(context.store).buyFreeze(now: context.now)
            if json {
                try JSONOutput.print(
                    JSONShapes.FreezeDocument(
                        id: outcome.freeze.id.uuidString, day: outcome.freeze.day.description,
                        price: outcome.price, balance: outcome.balance, owned: outcome.owned))
                return
            }
            print(
                Message.freezeBought(
                    freeze: context.style.bold(Message.freezeStreakFreeze), price: Format.dd(outcome.price),
                    balance: Format.dd(outcome.balance), owned: outcome.owned))
        }
    }
}
