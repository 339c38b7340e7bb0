import ArgumentParser
import QuestsCore

extension Quests {
    /// `quests heatmap`: the last days as a contribution graph.
    struct Heatmap: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "heatmap",
            abstract: "Draw the last 90 days as a heatmap of weekday rows by week columns.",
            discussion: """
                Each cell is a day, shaded by the share of its scheduled quests you completed: nothing \
                scheduled, none, some, most or all. The week starts on the week-start setting \
                (quests config week-start sunday). Colour on a terminal; plain characters otherwise.

                Examples:
                  quests heatmap
                  quests heatmap --days 365
                  quests heatmap --json | jq '.days[-1]'
                """
        )

        @Option(help: ArgumentHelp("How many days, ending today (1 to 3660).", valueName: "N"))
        var days = 90

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            guard (1...3660).contains(days) else { throw ValidationError("--days must be between 1 and 3660") }
        }

        func run() throws {
            let context = try CommandContext(options)
            let (tallies, settings) = try context.store.read {
                let settings = try context.store.settings()
                let today = context.now.position(dayStart: settings.dayStart).day
                let start = today.adding(days: 1 - days)
                return (try context.store.history(since: start, calendar: context.now.calendar).tallies(from: start, through: today), settings)
            }
            if json {
                try JSONOutput.print(JSONShapes.HeatmapDocument(tallies: tallies, weekStart: settings.weekStart))
                return
            }
            print(QuestsCore.Heatmap(tallies: tallies, weekStart: settings.weekStart, colored: context.style.enabled).render())
        }
    }
}
