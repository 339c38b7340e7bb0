import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests skip`: set one quest-day aside.
    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip",
            abstract: "Skip a quest for a day: it is not due, pays nothing, and spares your streak.",
            discussion: """
                A skipped quest-day is neutral: a day whose due quests are all done or skipped is cleared if \
                at least one was done, and neither breaks nor extends your streak otherwise. For a quest due N \
                times a week or month, a skip means its period cannot fail. Today, a past day inside the \
                back-fill window (the backfill-days setting) or a day ahead (up to a year) can be skipped, not a \
                quest already completed for that day (undo it first). A weekday name means the last one \
                (today included). Completing a skipped quest-day replaces the \
                skip. quests unskip takes a skip back.

                Examples:
                  quests skip Gym
                  quests skip 2 --date yesterday --reason "sick"
                  quests skip Gym --date tomorrow --reason "travelling"
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Option(
            help: ArgumentHelp(
                "The day to skip: YYYY-MM-DD, yesterday, tomorrow or a weekday name (default today).", valueName: "day")
        )
        var date: String?

        @Option(help: "Why, for your own record.")
        var reason: String = ""

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try Forgiveness(context.store).skip(
                ItemReference(quest), on: DayReference(typed: date), reason: reason, now: context.now)
            print(OutcomeView.line(for: outcome, skipping: true, style: context.style))
        }
    }

    /// `quests unskip`: take a skip back.
    struct Unskip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unskip",
            abstract: "Take back a skip: the quest is due that day again.",
            discussion: """
                Refused when the quest is not skipped that day, or the day is outside the back-fill window.

                Examples:
                  quests unskip Gym
                  quests unskip 2 --date yesterday
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Option(
            help: ArgumentHelp(
                "The skipped day: YYYY-MM-DD, yesterday or a weekday name (default today).", valueName: "day"))
        var date: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let outcome = try Forgiveness(context.store).unskip(
                ItemReference(quest), on: DayReference(typed: date), now: context.now)
            print(OutcomeView.line(for: outcome, skipping: false, style: context.style))
        }
    }
}
