import ArgumentParser
import QuestsCore
import QuestsStore

extension StatusFormat: ExpressibleByArgument {}

extension Quests {
    /// `quests status`: today's board as one line for a status bar or a prompt.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Print today's progress as one line for a status bar or a prompt.",
            discussion: """
                Prints `2/5 · next Read 21:00 · 340 DD`, or what --template says, in the format a bar reads: \
                text (also tmux and polybar, with their markup characters neutralised in titles), waybar \
                (JSON with text, tooltip, class all-done|open|idle and percentage), i3blocks (full text, \
                short text and colour lines), xbar (the line, ---, then one line per quest; a click on an open \
                quest completes it) or json.

                Template placeholders: {done} {total} {available} {upcoming} {next} {next_time} {balance} \
                {streak} {goal} {focus} {amount}; {next} and {next_time} are empty when every quest is done, \
                {goal} (the day's main quest) and {focus} (its focus tasks done of all: 1/3) on a day without \
                them, and {amount} (where the next quest's day stands: 2.5/8 glasses) when it is not a counted quest. \
                A counted or limit quest's line in a dropdown or tooltip shows where its day stands too.

                It only reads the store: it never creates, upgrades or writes it and never waits for a writer. \
                With no store, or one of another quests version, it prints an empty line (which hides a \
                bar's module) and exits 0.

                Examples:
                  quests status
                  quests status --format waybar
                  quests status --template '{done}/{total} · {next} {next_time} · {balance} DD'
                """
        )

        @Option(help: ArgumentHelp("text, json, waybar, polybar, i3blocks, tmux or xbar.", valueName: "format"))
        var format: StatusFormat = .text

        @Option(
            help: ArgumentHelp("The line to print, with placeholders such as {done} and {next}.", valueName: "template")
        )
        var template: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let template = try template.map(StatusTemplate.init)
            let now = try CommandContext.clock(.process).start
            let path = try CommandContext.storePath(options.db, environment: .process)
            let store: QuestStore
            do {
                store = try QuestStore(readingExisting: path)
            } catch StoreError.noStore, StoreError.newerStore, StoreError.readOnlyNeedsUpgrade {
                print("")
                return
            }
            // Only xbar's dropdown shows what completed quests were paid; the other formats show open ones' rewards.
            // The focus only when the template shows it: a bar runs this every second.
            let readingFocus = template.map { $0.shows(.goal) || $0.shows(.focus) } == true
            let snapshot = try QuestBoard(store).board(
                now: now, countingStreak: format == .json || template?.shows(.streak) == true,
                readingPaid: format == .xbar,
                focus: readingFocus ? .list : .none)
            // xbar's dropdown completes a quest on click: this binary, on this store (xbar knows no QUESTS_DB).
            let completing =
                format == .xbar ? [CommandContext.runningBinary, "--db", CommandContext.absolute(path), "done"] : nil
            print(
                StatusView(snapshot: snapshot, template: template, completing: completing).render(format),
                terminator: "")
        }
    }
}
