import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests complete` (alias `done`): complete a quest and earn its reward.
    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Complete a quest for today (or a missed past day) and earn its Daily Dollars.",
            discussion: """
                Completing the same quest twice on one day credits nothing the second time. A quest whose \
                time has not arrived is refused unless --early is given. --date back-fills a missed day within \
                the back-fill window (quests config backfill-days, default 7); a weekday name there means the \
                last one (today included).

                Examples:
                  quests done 1
                  quests done 1 3 5              # each in turn, even when one fails
                  quests complete "morning run"
                  quests done read --date yesterday
                  quests done stretch --early
                  quests done run --note "5 km, windy"
                  quests done read --date yesterday --note "finished the book"
                """,
            aliases: ["done"]
        )

        @Argument(
            help: ArgumentHelp(
                "The quest: its number, its title, or a unique word or part of its title; several complete each.",
                valueName: "quest"),
            completion: Completions.quests)
        var quests: [String] = []

        @Option(
            help: ArgumentHelp(
                "The day to complete it for: YYYY-MM-DD, yesterday or a weekday name (the most recent one).",
                valueName: "day"))
        var date: String?

        @Flag(help: "Complete a quest before its time.")
        var early = false

        @Option(help: ArgumentHelp("A note to keep with this completion (shown by log and show).", valueName: "text"))
        var note = ""

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if quests.isEmpty { throw ValidationError("missing expected argument '<quest>'") }
        }

        /// Completes each quest, in order, and prints each outcome; one that fails is reported and the others
        /// still go ahead (each is its own transaction). Throws when any failed.
        func run() throws {
            let context = try CommandContext(options)
            let day = try DayReference(typed: date)
            guard quests.count > 1 else {
                let outcome = try Completing(context.store).complete(
                    ItemReference(quests[0]), on: day, early: early, note: note, now: context.now)
                for line in OutcomeView.lines(for: outcome, style: context.style) { print(line) }
                return
            }
            var failed = false
            for quest in quests {
                do {
                    let outcome = try Completing(context.store).complete(
                        ItemReference(quest), on: day, early: early, note: note, now: context.now)
                    for line in OutcomeView.lines(for: outcome, style: context.style) { print(line) }
                } catch let error where Quests.failureMessage(error) != nil {
                    Quests.reportFailure(Quests.failureMessage(error) ?? "")
                    failed = true
                }
            }
            if failed { throw AlreadyReported() }
        }
    }
}
