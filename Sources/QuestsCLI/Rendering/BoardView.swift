import Foundation
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
    /// The focus task whose line is highlighted instead (the cursor on the focus).
    var selectedTask: UUID? = nil

    func render() -> String {
        layout().lines.joined(separator: "\n")
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
        // The width the other columns take: a row with its title left out.
        let rest =
            board.entries.indices.map {
                DisplayWidth.of(row(board.entries[$0], title: "", titleWidth: 0, numberWidth: numberWidth))
            }.max() ?? 0
        let titleWidth = min(longestTitle, max(width - rest, 8))
        let rows = board.entries.indices.map {
            row(board.entries[$0], title: titles[$0], titleWidth: titleWidth, numberWidth: numberWidth)
        }
        var selectedLine: Int?
        // The day's focus first: the main quest standing out, then its tasks, above the quests.
        let focus = FocusView(
            focus: snapshot.focus, today: snapshot.now.day, style: style, width: width, selectedTask: selectedTask
        ).boardLayout()
        if !focus.lines.isEmpty {
            lines.append("")
            selectedLine = focus.selectedLine.map { lines.count + $0 }
            lines += focus.lines
        }
        if let vacation = snapshot.vacation {
            let reason = vacation.reason.isEmpty ? "" : " (\(Sanitized.line(vacation.reason)))"
            let until =
                vacation.days.upperBound == snapshot.now.day ? ", last day today" : " until \(vacation.days.upperBound)"
            lines.append(style.cyan("On vacation\(until)\(reason): your streak is safe, and what you do still pays."))
        }
        for state in [QuestState.available, .missed, .upcoming, .completed, .skipped] {
            let places = board.places(in: state)
            guard !places.isEmpty else { continue }
            lines.append("")
            lines.append(heading(state, count: places.count))
            for place in places {
                if board.entries[place].quest.number == selected {
                    selectedLine = lines.count
                    lines.append(style.reversed(">" + rows[place].dropFirst()))
                } else {
                    lines.append(rows[place])
                }
            }
        }
        lines.append("")
        let streak = Message.streakDays(count: snapshot.streak)
        lines.append(
            "\(board.completedCount) of \(board.countedCount) done · \(streak) · \(style.bold(Format.balance(snapshot.balance, label: "balance")))"
        )
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

    /// The row of `entry`, its title `title` (sanitized) fitted to `titleWidth` cells.
    private func row(_ entry: Board.Entry, title: String, titleWidth: Int, numberWidth: Int) -> String {
        let number = DisplayWidth.padLeft("#\(entry.quest.number)", numberWidth)
        let reward = DisplayWidth.padLeft(Format.signedDD(entry.reward), 8)
        // The title's, time's and reward's columns, each after two spaces.
        func columns(reward: String) -> String {
            "  " + DisplayWidth.fit(title, titleWidth) + "  " + DisplayWidth.pad(Format.time(entry.schedule.time), 8)
                + "  " + reward
        }
        let quota = entry.quota.map { "  " + Format.quotaProgress($0) } ?? ""
        switch entry.state {
        case .available:
            return "  " + style.dim(number) + columns(reward: style.green(reward)) + quota
        case .upcoming:
            let opens = style.yellow(entry.schedule.time.map { "opens at \($0)" } ?? "")
            return "  " + style.dim(number) + columns(reward: reward) + "  " + opens + quota
        case .completed where !entry.completedThatDay:
            // A flexible quest whose quota other days met: nothing was done or paid that day.
            return "  " + style.dim(number + columns(reward: String(repeating: " ", count: 8)) + "  quota met" + quota)
        case .completed:
            return "  " + style.dim(number + columns(reward: reward) + "  done" + quota)
        case .missed:
            return "  " + style.dim(number) + columns(reward: style.dim(reward)) + "  " + style.red("missed") + quota
        case .skipped:
            return "  " + style.dim(number + columns(reward: reward) + "  skipped" + quota)
        }
    }
}
