import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests next`: the one quest to do now.
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the single quest to do now.",
            discussion: """
                The In Focus task of today's focus first, when one is unfinished; then the first Available \
                quest on today's board, or when none is available, the next one to open.

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
            let snapshot = try QuestBoard(context.store).board(now: context.now)
            let next = snapshot.board.next
            if json {
                let inFocus = snapshot.focus.entries.first { $0.standing == .inFocus }
                try JSONOutput.print(
                    NextDocument(
                        task: inFocus.map {
                            NextDocument.Task(
                                position: $0.position, title: $0.task.title,
                                priority: $0.task.priority.rawValue, reward: $0.task.reward)
                        },
                        quest: next.map(JSONShapes.BoardQuest.init), done: snapshot.board.completedCount,
                        total: snapshot.board.countedCount))
                return
            }
            let style = context.style
            if let entry = snapshot.focus.entries.first(where: { $0.standing == .inFocus }) {
                let window = FocusView.window(entry.task)
                let rest =
                    (window.isEmpty ? "" : " · " + window) + " · " + Format.signedDD(entry.task.reward)
                    + "  (quests focus done \(entry.position))"
                let prefix = Message.nextInFocus
                let title = DisplayWidth.truncate(
                    Sanitized.line(entry.task.title),
                    to: max(Terminal.columns() - DisplayWidth.of(prefix) - DisplayWidth.of(rest), 8))
                print(style.green(prefix) + style.bold(title) + rest)
            }
            guard let next else {
                let board = snapshot.board
                print(
                    board.entries.isEmpty
                        ? Message.nextNothingScheduled
                        : board.completedCount == 0
                            ? Message.nextEverythingSkipped
                            : board.completedCount == 1
                                ? Message.nextOnlyQuestDone : Message.nextAllDone(count: board.completedCount))
                return
            }
            let reward = Format.signedDD(next.schedule.reward)
            let rest =
                next.state == .upcoming
                ? " " + Message.nextOpensAt(time: Format.time(next.schedule.time), reward: reward)
                : " · \(Format.time(next.schedule.time)) · \(reward)"
            let number = "#\(next.quest.number) "
            let width = Terminal.columns()
            let title = DisplayWidth.truncate(
                Sanitized.line(next.quest.title), to: max(width - number.count - DisplayWidth.of(rest), 8))
            print(number + style.bold(title) + rest)
            if !next.quest.notes.isEmpty {
                print(style.dim("   " + DisplayWidth.truncate(Sanitized.line(next.quest.notes), to: width - 3)))
            }
        }

        private struct NextDocument: JSONShape {
            /// The In Focus task of today's focus, if one is unfinished.
            let task: Task?
            let quest: JSONShapes.BoardQuest?

            struct Task: JSONShape {
                let position: Int
                let title: String
                let priority: String
                let reward: Int
            }
            let done: Int
            let total: Int
        }
    }
}
