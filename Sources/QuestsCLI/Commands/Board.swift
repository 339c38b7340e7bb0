import ArgumentParser
import QuestsCore
import QuestsStore

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
                  quests board --group Health
                  quests board --interactive   # full screen, worked with the keys
                  quests board --json | jq '.quests[] | select(.state == "available") | .title'
                """
        )

        @Option(
            help: ArgumentHelp(
                "The day to show: YYYY-MM-DD, today, yesterday, tomorrow or a weekday name.", valueName: "day"))
        var date: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @Option(help: ArgumentHelp("Show only the quests of this group (add --group).", valueName: "name"))
        var group: String?

        @Flag(
            help:
                "Today's board full screen, kept current: ↑/↓ or j/k move, space or enter completes, + adds one to a counted or limit quest, u undoes, q or Esc quits."
        )
        var interactive = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if interactive && (date != nil || json || group != nil) {
                throw ValidationError(Message.boardInteractiveAlone)
            }
        }

        func run() throws {
            if interactive {
                // Before the store is opened, which would create it.
                guard Terminal.stdinIsTTY, Terminal.stdoutIsTTY else { throw CommandFailure.needsTerminal }
                var board = InteractiveBoard(context: try CommandContext(options))
                return try board.run()
            }
            let context = try CommandContext(options)
            let snapshot = try QuestBoard(context.store).board(
                on: DayReference(typed: date), now: context.now, group: group)
            if json {
                try JSONOutput.print(JSONShapes.BoardDocument(snapshot))
            } else {
                print(BoardView(snapshot: snapshot, style: context.style).render())
            }
        }
    }
}
