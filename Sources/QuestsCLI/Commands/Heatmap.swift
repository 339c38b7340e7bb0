import ArgumentParser
import QuestsCore
import QuestsStore

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

        @Option(parsing: .unconditional, help: ArgumentHelp("How many days, ending today (1 to 3660).", valueName: "N"))
        var days = defaultDays

        /// The days shown without --days.
        static let defaultDays = 90

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            guard (1...3660).contains(days) else { throw ValidationError(Message.heatmapDaysOutOfRange) }
        }

        func run() throws {
            let context = try CommandContext(options)
            let heatmap = try ProgressTracker(context.store).heatmap(days: days, now: context.now)
            let (tallies, weekStart) = (heatmap.tallies, heatmap.weekStart)
            if json {
                try JSONOutput.print(JSONShapes.HeatmapDocument(tallies: tallies, weekStart: weekStart))
                return
            }
            let width = Terminal.columns()
            let shown = Self.fitting(tallies, weekStart: weekStart, width: width)
            print(
                QuestsCore.Heatmap(
                    tallies: shown, weekStart: weekStart, labels: HeatmapWording.labels,
                    cell: { [style = context.style] in style.heatCell($0) }
                ).render(width: width))
            if shown.count < tallies.count {
                print(
                    context.style.dim(
                        Message.heatmapShowingLast(shown: shown.count, count: tallies.count, width: width)))
            }
        }

        /// The most recent of `tallies` whose weeks fit in `width` columns: each week takes two, after the
        /// weekday labels' column (`Heatmap.Labels.rowLabelWidth`), and the last month label may run one past
        /// its week.
        static func fitting(_ tallies: [DayTally], weekStart: Weekday, width: Int) -> [DayTally] {
            guard let last = tallies.last else { return tallies }
            // The weekday labels' column (four cells in English: `Mon `), then two cells a week.
            let weeks = max(1, (width - HeatmapWording.labels.rowLabelWidth - 1) / 2)
            let lastWeekStart = last.day.firstDayOfWeek(startingOn: weekStart)
            let start = lastWeekStart.adding(days: -7 * (weeks - 1))
            return Array(tallies.drop { $0.day < start })
        }
    }
}
