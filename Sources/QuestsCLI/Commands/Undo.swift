import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests undo`: take back a completion and its reward.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract:
                "Undo a completion (or a counted or limit quest's latest amount) and take back the Daily Dollars it earned.",
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
            let day = try DayReference(typed: date)
            let list = try QuestBoard(context.store).questList(now: context.now)
            // A counted or limit quest takes back the day's latest amount.
            if let quest = try? Quest.resolve(ItemReference(self.quest), among: list.quests, on: list.today),
                quest.schedule(asOf: day.day(today: list.today)).measure != nil
            {
                let outcome = try Measuring(context.store).undo(ItemReference(self.quest), on: day, now: context.now)
                print(OutcomeView.line(for: outcome, style: context.style))
                return
            }
            let outcome = try Completing(context.store).undo(ItemReference(quest), on: day, now: context.now)
            print(OutcomeView.line(for: outcome, style: context.style))
        }
    }
}
