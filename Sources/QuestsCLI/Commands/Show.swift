import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests show`: everything about one quest.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract:
                "Show everything about one quest: notes, streaks, completion rates, schedule history and heatmap.",
            discussion: """
                The schedule history lists each version with the days it applied to: edits and archiving apply from their day on, so past days keep what they had.

                The streak counts consecutive days the quest was due and done; a rate is the share of its due days done over the last 30 or 90 days or all time (today counts once done). Notes are those given with 'quests done --note', newest first; the heatmap shows its last 90 days.

                A counted or limit quest shows its amounts over the last 30 days: the average per day (a day counts when it holds an amount, or was scheduled and not set aside; today once it holds one), the best day of a counted quest or the days a limit quest went over, and the latest days' totals.

                Examples:
                  quests show 3
                  quests show "morning run"
                  quests show read --json
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let details = try QuestBoard(context.store).details(ItemReference(quest), now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.QuestDocument(details))
            } else {
                print(QuestDetailsView(details: details, style: context.style).render())
            }
        }
    }
}
