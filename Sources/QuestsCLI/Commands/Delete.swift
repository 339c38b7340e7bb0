import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests delete`: take away a quest added by mistake.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a quest added by mistake: one with no completions, skips or Daily Dollars.",
            discussion: """
                A quest with history is never deleted (its days and Daily Dollars would go with it): archive it \
                instead, and it leaves the board while its history stays. Asks before deleting unless --yes. \
                The deletion travels by sync; a machine where the quest has history meanwhile keeps it.

                Examples:
                  quests delete 7
                  quests delete "Drink wter" --yes
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let quest = try QuestBoard(context.store).questToDelete(ItemReference(self.quest), now: context.now)
            if !yes {
                guard Terminal.stdinIsTTY else { throw CommandFailure.deleteNeedsConfirmation(quest: quest.title) }
                Descriptor.writeError(
                    Message.deleteConfirm(number: String(quest.number), title: Sanitized.line(quest.title)))
                let answer = (Swift.readLine() ?? "").trimmingSpaces().lowercased()
                guard LocalInput.isYes(answer) else { throw CommandFailure.deleteCancelled }
            }
            let deleted = try QuestBoard(context.store).delete(id: quest.id, now: context.now)
            print(Message.deleteDeleted(number: String(deleted.number), title: Sanitized.line(deleted.title)))
        }
    }
}
