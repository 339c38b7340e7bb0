import ArgumentParser
import QuestsCore
import QuestsStore

extension LedgerKind {
    /// The kind `word` names on the command line: the ledger's own name, or the word the shop and the board
    /// use for it (`purchase`, `reward`).
    init?(word: String) {
        switch word.lowercased() {
        case "purchase", "purchases", "bought": self = .redemption
        case "reward", "rewards", "completion", "done": self = .questReward
        default: self.init(rawValue: word.lowercased())
        }
    }
}

extension Quests {
    /// `quests ledger`: the full history of the balance.
    struct Ledger: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ledger",
            abstract: "Show every Daily Dollars ledger entry, newest first.",
            discussion: """
                The balance is the sum of these entries; entries are never changed or removed.

                Examples:
                  quests ledger
                  quests ledger --kind undo --kind redemption
                  quests ledger --since 2026-11-01 --json
                """
        )

        @Option(
            help: ArgumentHelp(
                "Only entries of this kind (repeatable): \(Self.kindNames); also purchase, reward.",
                valueName: "kind"),
            completion: .list(LedgerKind.allCases.map(\.rawValue) + ["purchase", "reward"]))
        var kind: [String] = []

        static let kindNames = LedgerKind.allCases.map(\.rawValue).joined(separator: ", ")

        @Option(
            help: ArgumentHelp(
                "Only entries on or after this day: YYYY-MM-DD, yesterday or a weekday name.", valueName: "day"))
        var since: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("At most this many entries.", valueName: "N"))
        var limit: Int?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError(Message.ledgerLimitNotPositive) }
            if let unknown = kind.first(where: { LedgerKind(word: $0) == nil }) {
                throw ValidationError(Message.ledgerUnknownKind(kind: unknown, kinds: Self.kindNames))
            }
        }

        func run() throws {
            let context = try CommandContext(options)
            let start = try since.map { try DayReference(typed: $0) }
            let page = try Bookkeeping(context.store).ledger(
                kinds: Set(kind.compactMap(LedgerKind.init(word:))), since: start, limit: limit, now: context.now)
            let (balance, lines) = (page.balance, page.lines)
            if json {
                try JSONOutput.print(LedgerDocument(balance: balance, entries: lines.map(JSONShapes.LedgerLine.init)))
                return
            }
            print(
                lines.isEmpty
                    ? Message.ledgerEmpty
                    : LedgerView(lines: lines, zone: context.now.zone, style: context.style).render())
            print(Format.balanceHeading(balance, style: context.style))
        }

        private struct LedgerDocument: JSONShape {
            let balance: Int
            let entries: [JSONShapes.LedgerLine]
        }
    }
}
