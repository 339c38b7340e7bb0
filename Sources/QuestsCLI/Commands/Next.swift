import ArgumentParser
import QuestsCore

extension Quests {
    /// `quests next`: the one quest to do now.
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the single quest to do now.",
            discussion: """
                The first Available quest on today's board; when none is available, the next one to open.

                Examples:
                  quests next
                  quests next --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let snapshot = try context.store.board(now: context.now)
            let next = snapshot.board.next
            if json {
                try JSONOutput.print(NextDocument(quest: next.map(JSONShapes.BoardQuest.init), done: snapshot.board.completedCount,
                                                  total: snapshot.board.countedCount))
                return
            }
            let style = context.style
            guard let next else {
                let board = snapshot.board
                print(board.entries.isEmpty ? "Nothing scheduled today."
                    : board.completedCount == 0 ? "Nothing due today (everything is skipped)."
                    : "\(Format.allDone(board.completedCount)) for today.")
                return
            }
            let reward = Format.signedDD(next.schedule.reward)
            let rest = next.state == .upcoming
                ? " opens at \(Format.time(next.schedule.time)) (\(reward))"
                : " · \(Format.time(next.schedule.time)) · \(reward)"
            let number = "#\(next.quest.number) "
            let width = Terminal.columns()
            let title = DisplayWidth.truncate(Sanitized.line(next.quest.title), to: max(width - number.count - DisplayWidth.of(rest), 8))
            print(number + style.bold(title) + rest)
            if !next.quest.notes.isEmpty {
                print(style.dim("   " + DisplayWidth.truncate(Sanitized.line(next.quest.notes), to: width - 3)))
            }
        }

        private struct NextDocument: Encodable {
            let quest: JSONShapes.BoardQuest?
            let done: Int
            let total: Int
        }
    }
}
