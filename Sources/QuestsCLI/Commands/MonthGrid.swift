import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests month [YYYY-MM]`: a month of focus as a grid. (Not named `Month`, which would hide the core's
    /// inside `Quests`.)
    struct MonthGrid: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "month",
            abstract:
                "Draw a month as a grid: each day's focus tasks, its main quest, and whether its quests were cleared.",
            discussion: """
                Each day shows ★ when its main quest was achieved (☆ when it was not), ✓ when every quest \
                due that day was completed, and a mark per focus task in its priority's colour: ● done, \
                ○ not done. Without colour (not a terminal, NO_COLOR, --color never) the marks are H, M and \
                L, lowercase when not done. The header counts the month's tasks done and main quests \
                achieved. Weeks start on the week-start setting; the grid fits the terminal's width (from \
                60 columns).

                Examples:
                  quests month
                  quests month 2026-10
                  quests month --json | jq '.tasksDone'
                """
        )

        @Argument(help: ArgumentHelp("The month: YYYY-MM (default: this month).", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let chosen = try month.map(QuestsCore.Month.parse)
            let grid = try FocusPlanner(context.store).month(chosen, now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.MonthDocument(grid))
            } else {
                print(MonthView(month: grid, style: context.style).render())
            }
        }
    }
}
