import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests unarchive`: bring an archived quest back.
    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive",
            abstract: "Bring an archived quest back from today on, with the schedule it had.",
            discussion: """
                The days it spent archived stay as they were: nothing was due on them.

                Examples:
                  quests list --all            # archived quests are listed here
                  quests unarchive 4
                  quests unarchive "evening stretch"
                """
        )

        @Argument(
            help: "The archived quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let update = try QuestBoard(context.store).unarchive(ItemReference(quest), now: context.now)
            print(
                Message.unarchiveUnarchived(
                    quest: QuestSummary.line(update.quest, on: update.from, style: context.style),
                    day: Format.date(update.from)))
        }
    }
}
