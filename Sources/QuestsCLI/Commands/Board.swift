import ArgumentParser
import QuestsCore

extension Quests {
    /// `quests board`: today's quests in three sections.
    struct Board: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "board",
            abstract: "Show the quest board: Available, Upcoming and Completed quests.",
            discussion: """
                Quests move from Upcoming to Available when their time arrives, and to Completed when you \
                complete them. Only quests scheduled on the day are shown.

                Examples:
                  quests                       # today's board
                  quests board --date yesterday
                  quests board --json | jq '.quests[] | select(.state == "available") | .title'
                """
        )

        @Option(help: ArgumentHelp("The day to show: YYYY-MM-DD, today, yesterday, tomorrow or a weekday name.", valueName: "day"))
        var date: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try Self.show(date: date, json: json, context: CommandContext(options))
        }

        /// Prints the board of `date` (nil: today).
        static func show(date: String?, json: Bool, context: CommandContext) throws {
            let snapshot = try context.store.board(on: date, now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.BoardDocument(snapshot))
            } else {
                print(BoardView(snapshot: snapshot, style: context.style).render())
            }
        }
    }
}
