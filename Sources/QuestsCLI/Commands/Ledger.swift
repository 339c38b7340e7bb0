import ArgumentParser
import QuestsCore

extension LedgerKind: ExpressibleByArgument {}

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

        @Option(help: ArgumentHelp("Only entries of this kind (repeatable): \(LedgerKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
        var kind: [LedgerKind] = []

        @Option(help: ArgumentHelp("Only entries on or after this day: YYYY-MM-DD, yesterday or a weekday name.", valueName: "day"))
        var since: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("At most this many entries.", valueName: "N"))
        var limit: Int?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be a positive number") }
        }

        func run() throws {
            let context = try CommandContext(options)
            let start = try since.map { try DayReference($0) }
            let page = try context.store.ledger(kinds: Set(kind), since: start, limit: limit, now: context.now)
            let (balance, lines) = (page.balance, page.lines)
            if json {
                try JSONOutput.print(LedgerDocument(balance: balance, entries: lines.map(JSONShapes.LedgerLine.init)))
                return
            }
            print(lines.isEmpty ? "No ledger entries." : LedgerView(lines: lines, zone: context.now.zone, style: context.style).render())
            print(Format.balanceHeading(balance, style: context.style))
        }

        private struct LedgerDocument: Encodable {
            let balance: Int
            let entries: [JSONShapes.LedgerLine]
        }
    }
}
