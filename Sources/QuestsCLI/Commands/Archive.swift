import ArgumentParser
import QuestsCore

extension Quests {
    /// `quests archive`: stop scheduling a quest, keeping its history.
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Archive a quest: it leaves the board from today on; its history stays.",
            discussion: """
                Examples:
                  quests archive 4
                  quests archive "evening stretch"
                  quests list --all            # archived quests are still listed here
                """
        )

        @Argument(help: "The quest: its number, title or a unique title prefix.")
        var quest: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let quest = try context.store.archiveQuest(self.quest, now: context.now)
            let from = quest.versions.last?.effectiveFrom ?? quest.createdDay
            print("Archived #\(quest.number) \(Sanitized.line(quest.title)) from \(from) on; its history stays.")
        }
    }
}
