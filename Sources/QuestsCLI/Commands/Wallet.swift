import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests wallet`: the balance and the latest ledger entries.
    struct Wallet: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wallet",
            abstract: "Show your Daily Dollars balance and recent ledger entries.",
            discussion: """
                Examples:
                  quests wallet
                  quests wallet --json | jq .balance
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let page = try Bookkeeping(context.store).ledger(limit: 10, now: context.now)
            let (balance, recent) = (page.balance, page.lines)
            if json {
                try JSONOutput.print(WalletDocument(balance: balance, recent: recent.map(JSONShapes.LedgerLine.init)))
                return
            }
            print(Format.balanceHeading(balance, style: context.style))
            if let note = Sync.debtNote(balance) { print(note) }
            if !recent.isEmpty {
                print("")
                print(context.style.bold(Message.walletRecent))
                print(LedgerView(lines: recent, zone: context.now.zone, style: context.style).render())
            }
        }

        private struct WalletDocument: JSONShape {
            let balance: Int
            let recent: [JSONShapes.LedgerLine]
        }
    }
}
