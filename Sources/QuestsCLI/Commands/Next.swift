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
                                                  total: snapshot.board.entries.count))
                return
            }
            let style = context.style
            guard let next else {
                print(snapshot.board.entries.isEmpty
                      ? "Nothing scheduled today."
                      : "All \(Format.count(snapshot.board.entries.count, "quest")) done for today.")
                return
            }
            let title = style.bold(Sanitized.line(next.quest.title))
            let reward = Format.signedDD(next.schedule.reward)
            switch next.state {
            case .upcoming:
                print("#\(next.quest.number) \(title) opens at \(Format.time(next.schedule.time)) (\(reward))")
            default:
                print("#\(next.quest.number) \(title) · \(Format.time(next.schedule.time)) · \(reward)")
            }
        }

        private struct NextDocument: Encodable {
            let quest: JSONShapes.BoardQuest?
            let done: Int
            let total: Int
        }
    }
}
