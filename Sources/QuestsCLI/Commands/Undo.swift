import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests undo`: take back a completion and its reward.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Undo a completion and take back the Daily Dollars it earned.",
            discussion: """
                The reward is debited as a new ledger entry (the ledger is never rewritten). If those DD were \
                already spent and the balance would go below zero, the undo is refused.

                Examples:
                  quests undo 1
                  quests undo "morning run" --date yesterday
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Option(
            help: ArgumentHelp("The day of the completion: YYYY-MM-DD, yesterday or a weekday name.", valueName: "day"))
        var date: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try Completing(context.store).undo(
                ItemReference(quest), on: DayReference(typed: date), now: context.now)
            print(OutcomeView.line(for: outcome, style: context.style))
        }
    }
}
