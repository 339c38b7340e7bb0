import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests list`: every quest with its schedule.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List quests with their number, time, days and reward.",
            discussion: """
                The number is what other commands accept (quests done 3); a title or unique title prefix works too.

                Examples:
                  quests list
                  quests list --all            # archived quests too
                  quests list --json
                """
        )

        @Flag(help: "Include archived quests.")
        var all = false

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let list = try QuestBoard(context.store).questList(now: context.now)
            let (quests, today) = (list.quests, list.today)
            let shown = quests.filter { all || !$0.isArchived(on: today) }
            if json {
                try JSONOutput.print(["quests": shown.map { JSONShapes.ListQuest($0, on: today) }])
                return
            }
            guard !shown.isEmpty else {
                print(
                    quests.isEmpty
                        ? Message.listNoQuests : Message.listNoActiveQuests)
                return
            }
            let rows = shown.map { quest -> [String] in
                let schedule = quest.schedule(asOf: today)
                return [
                    "#\(quest.number)", Sanitized.line(quest.title), Format.time(schedule.time), Format.days(schedule),
                    Format.dd(schedule.reward), schedule.archived ? Message.listArchived : "",
                ]
            }
            let header = [
                "#", Message.listHeaderTitle, Message.listHeaderTime, Message.listHeaderDays, Message.listHeaderReward,
                "",
            ]
            let width = Terminal.columns()
            var widths = (0..<header.count).map { column in
                ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0
            }
            let format = { (row: [String], widths: [Int]) in
                zip(row, widths).map { DisplayWidth.fit($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces()
            }
            // The title takes what the other columns leave of the width.
            let rest = ([header] + rows).map {
                DisplayWidth.of(format($0, widths.enumerated().map { $0.offset == 1 ? 0 : $0.element }))
            }
            widths[1] = min(widths[1], max(width - (rest.max() ?? 0), 8))
            // At the narrowest the last columns lose their end.
            print(DisplayWidth.truncateStyled(context.style.bold(format(header, widths)), to: width))
            let indent = String(repeating: " ", count: widths[0] + 2)
            for (quest, row) in zip(shown, rows) {
                print(DisplayWidth.truncate(format(row, widths), to: width))
                if !quest.notes.isEmpty {
                    print(
                        context.style.dim(
                            indent + DisplayWidth.truncate(Sanitized.line(quest.notes), to: width - indent.count)))
                }
            }
        }
    }
}
