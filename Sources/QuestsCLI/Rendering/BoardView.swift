import QuestsCore
import QuestsStore

/// The quest board as text.
struct BoardView {
    let snapshot: BoardSnapshot
    let style: TextStyle
    /// The columns a line may take: long titles are shortened to fit.
    var width = Terminal.columns()
    /// The number of the quest whose row is highlighted (the interactive board's cursor).
    var selected: Int?

    func render() -> String {
        // Not `joined(separator:)`: unspecialised, its first call looks its types up at run time, which
        // costs about 0.25 M instructions, a tenth of the board's own work.
        let lines = layout().lines
        var text = lines.first ?? ""
        for line in lines.dropFirst() { text += "\n" + line }
        return text
    }

    /// The board's lines, and which of them is the selected quest's row.
    func layout() -> (lines: [String], selectedLine: Int?) {
        let board = snapshot.board
        var lines = [style.bold(Format.day(board.day, today: snapshot.now.day))]
        if board.entries.isEmpty {
            lines.append("Nothing scheduled. Add a quest: quests add \"Read\" --at 21:00")
            lines.append("or start from a ready-made pack: quests pack list")
        }
        let numberWidth = board.entries.map { "#\($0.quest.number)".count }.max() ?? 0
        let titles = board.entries.map { Sanitized.line($0.quest.title) }
        let longestTitle = titles.map(DisplayWidth.of).max() ?? 0
        // The rows drawn with every title fitted to the longest: when that is the width they get, as it is on
        // a terminal wide enough, they are drawn once. A row is its other columns plus its title fitted to
        // exactly the title width, so with printable ASCII titles (a cell a byte, joining no neighbour) the
        // widest of them less the longest title is the other columns' width; other titles are measured
        // with the title left out.
        var rows = board.entries.map { row($0, titleWidth: longestTitle, numberWidth: numberWidth) }
        let rest = titles.allSatisfy(DisplayWidth.isPrintableASCII)
            ? (rows.map(DisplayWidth.of).max() ?? 0) - longestTitle
            : board.entries.map { DisplayWidth.of(row($0, titleWidth: 0, numberWidth: numberWidth)) }.max() ?? 0
        let titleWidth = min(longestTitle, max(width - rest, 8))
        if titleWidth != longestTitle { rows = board.entries.map { row($0, titleWidth: titleWidth, numberWidth: numberWidth) } }
        var selectedLine: Int?
        if let vacation = snapshot.vacation {
            let reason = vacation.reason.isEmpty ? "" : " (\(Sanitized.line(vacation.reason)))"
            lines.append(style.cyan("On vacation until \(vacation.days.upperBound)\(reason): your streak is safe, and what you do still pays."))
        }
        for state in [QuestState.available, .missed, .upcoming, .completed, .skipped] {
            let places = board.places(in: state)
            guard !places.isEmpty else { continue }
            lines.append("")
            lines.append(heading(state, count: places.count))
            for place in places {
                let line = rows[place]
                if board.entries[place].quest.number == selected {
                    selectedLine = lines.count
                    lines.append(style.reversed(">" + line.dropFirst()))
                } else {
                    lines.append(line)
                }
            }
        }
        lines.append("")
        let streak = "streak " + Format.count(snapshot.streak, "day")
        lines.append("\(board.completedCount) of \(board.countedCount) done · \(streak) · \(style.bold(Format.balance(snapshot.balance, label: "balance")))")
        return (lines, selectedLine)
    }

    private func heading(_ state: QuestState, count: Int) -> String {
        switch state {
        case .available: return style.bold(style.green("Available")) + " (\(count))"
        case .upcoming: return style.bold(style.yellow("Upcoming")) + " (\(count))"
        case .missed: return style.bold(style.red("Missed")) + " (\(count))"
        case .completed: return style.bold(style.dim("Completed")) + " (\(count))"
        case .skipped: return style.bold(style.dim("Skipped")) + " (\(count))"
        }
    }

    private func row(_ entry: Board.Entry, titleWidth: Int, numberWidth: Int) -> String {
        let number = Format.padLeft("#\(entry.quest.number)", numberWidth)
        let title = DisplayWidth.fit(Sanitized.line(entry.quest.title), titleWidth)
        let time = Format.pad(Format.time(entry.schedule.time), 8)
        let reward = Format.padLeft(Format.signedDD(entry.reward), 8)
        let quota = entry.quota.map { "  " + Format.quotaProgress($0) } ?? ""
        switch entry.state {
        case .available:
            return "  \(style.dim(number))  \(title)  \(time)  \(style.green(reward))\(quota)"
        case .upcoming:
            let opens = entry.schedule.time.map { "opens at \($0)" } ?? ""
            return "  \(style.dim(number))  \(title)  \(time)  \(reward)  \(style.yellow(opens))\(quota)"
        case .completed:
            return "  " + style.dim("\(number)  \(title)  \(time)  \(reward)  done\(quota)")
        case .missed:
            return "  \(style.dim(number))  \(title)  \(time)  \(style.dim(reward))  \(style.red("missed"))\(quota)"
        case .skipped:
            return "  " + style.dim("\(number)  \(title)  \(time)  \(reward)  skipped\(quota)")
        }
    }
}
