import ArgumentParser
import QuestsCore

extension Quests {
    /// `quests complete` (alias `done`): complete a quest and earn its reward.
    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Complete a quest for today (or a missed past day) and earn its Daily Dollars.",
            discussion: """
                Completing the same quest twice on one day credits nothing the second time. A quest whose \
                time has not arrived is refused unless --early is given. --date back-fills a missed day within \
                the back-fill window (quests config backfill-days, default 7).

                Examples:
                  quests done 1
                  quests complete "morning run"
                  quests done read --date yesterday
                  quests done stretch --early
                  quests done run --note "5 km, windy"
                  quests done read --date yesterday --note "finished the book"
                """,
            aliases: ["done"]
        )

        @Argument(help: "The quest: its number, its title, or a unique word or part of its title.", completion: Completions.quests)
        var quest: String

        @Option(help: ArgumentHelp("The day to complete it for: YYYY-MM-DD, yesterday or a weekday name (the most recent one).", valueName: "day"))
        var date: String?

        @Flag(help: "Complete a quest before its time.")
        var early = false

        @Option(help: ArgumentHelp("A note to keep with this completion (shown by log and show).", valueName: "text"))
        var note = ""

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try Self.complete(quest, on: date, early: early, note: note, db: options.db, color: options.color)
        }

        /// Completes `quest` in the store `db` names and prints the outcome; the parse-free path calls it too.
        static func complete(_ quest: String, on date: String?, early: Bool, note: String = "", db: String?, color: ColorChoice) throws {
            let context = try CommandContext(db: db, color: color)
            let outcome = try context.store.complete(ItemReference(quest), on: DayReference(date), early: early, note: note, now: context.now)
            OutcomeView.lines(for: outcome, style: context.style).forEach { print($0) }
        }
    }
}
