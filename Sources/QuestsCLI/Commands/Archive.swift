import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests archive`: stop scheduling a quest, keeping its history.
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Archive a quest: it leaves the board from today on; its history stays.",
            discussion: """
                Examples:
                  quests archive 4
                  quests archive "evening stretch"
                  quests list --all            # archived quests are still listed here
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let update = try QuestBoard(context.store).archive(ItemReference(quest), now: context.now)
            let number = String(update.quest.number)
            print(
                Message.archiveArchived(
                    number: number, title: Sanitized.line(update.quest.title), day: Format.date(update.from)))
            print(Message.archiveBringBack(number: number))
        }
    }
}
