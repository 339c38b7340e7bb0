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
            lines.append(Message.boardNothingScheduled)
            lines.append(Message.boardPackHint)
        }
        let numberWidth = board.entries.map { "#\($0.quest.number)".count }.max() ?? 0
        // Worded once: a row may be laid out twice (below).
        let rewards = board.entries.map { Format.signedDD($0.reward) }
        // The time and reward columns: 8 cells, or as wide as their widest text when a language needs more.
        let columns = Columns(
            number: numberWidth,
            time: max(8, DisplayWidth.of(Message.formatAnyTime)),
            reward: rewards.map(DisplayWidth.of).reduce(8, max))
        let titles = board.entries.map { Sanitized.line($0.quest.title) }
        let longestTitle = titles.map(DisplayWidth.of).max() ?? 0
        func laidOut(titleWidth: Int) -> [String] {
            board.entries.indices.map {
                row(board.entries[$0], reward: rewards[$0], title: titles[$0], titleWidth: titleWidth, columns: columns)
            }
        }
        // Every title in full first. When the widest row is wider than the terminal, the rows are laid out
        // again with the titles shortened to the cells the other columns leave (at least 8).
        var rows = laidOut(titleWidth: longestTitle)
        let widest = rows.map(DisplayWidth.of).max() ?? 0
        if widest > width {
            rows = laidOut(titleWidth: min(longestTitle, max(width - (widest - longestTitle), 8)))
                // A row still too wide (a long hint in a longer language) loses its end, never wraps.
                .map { DisplayWidth.truncateStyled($0, to: width) }
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
            let reason = Sanitized.line(vacation.reason)
            let until = Format.date(vacation.days.upperBound)
            let lastDay = vacation.days.upperBound == snapshot.now.day
            let text =
                switch (board.day < snapshot.now.day, lastDay, reason.isEmpty) {
                case (true, _, true): Message.boardVacationWas(date: until)
                case (true, _, false): Message.boardVacationWasReason(date: until, reason: reason)
                case (false, true, true): Message.boardVacationLastDay
                case (false, true, false): Message.boardVacationLastDayReason(reason: reason)
                case (false, false, true): Message.boardVacationUntil(date: until)
                case (false, false, false): Message.boardVacationUntilReason(date: until, reason: reason)
                }
            lines.append(style.cyan(text))
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
        lines += DisplayWidth.wrap(
            Message.boardSummary(
                done: board.completedCount, total: board.countedCount, streak: streak,
                balance: style.bold(Format.balance(snapshot.balance, labelled: true))), to: width)
        return (lines, selectedLine)
    }

    private func heading(_ state: QuestState, count: Int) -> String {
        switch state {
        case .available: return style.bold(style.green(Message.boardAvailable)) + " (\(Format.number(count)))"
        case .upcoming: return style.bold(style.yellow(Message.boardUpcoming)) + " (\(Format.number(count)))"
        case .missed: return style.bold(style.red(Message.boardMissed)) + " (\(Format.number(count)))"
        case .completed: return style.bold(style.dim(Message.boardCompleted)) + " (\(Format.number(count)))"
        case .skipped: return style.bold(style.dim(Message.boardSkipped)) + " (\(Format.number(count)))"
        }
    }

    /// The widths, in cells, of a row's number, time and reward columns.
    private struct Columns {
        let number: Int
        let time: Int
        let reward: Int
    }

    /// The row of `entry`, its reward worded `reward` and its title `title` (sanitized) fitted to `titleWidth`
    /// cells.
    private func row(_ entry: Board.Entry, reward: String, title: String, titleWidth: Int, columns widths: Columns)
        -> String
    {
        let number = DisplayWidth.padLeft("#\(entry.quest.number)", widths.number)
        let reward = DisplayWidth.padLeft(reward, widths.reward)
        // The title's, time's and reward's columns, each after two spaces. (Interpolated, each row into one
        // string, rather than added up piece by piece into a new string each time.)
        let time = DisplayWidth.pad(Format.time(entry.schedule.time), widths.time)
        func columns(reward: String) -> String {
            "  \(DisplayWidth.fit(title, titleWidth))  \(time)  \(reward)"
        }
        let quota = entry.quota.map { "  " + Format.quotaProgress($0) } ?? ""
        switch entry.state {
        case .available:
            return "  \(style.dim(number))\(columns(reward: style.green(reward)))\(quota)"
        case .upcoming:
            let opens = style.yellow(entry.schedule.time.map { Message.boardOpensAt(time: $0.description) } ?? "")
            return "  \(style.dim(number))\(columns(reward: reward))  \(opens)\(quota)"
        case .completed where !entry.completedThatDay:
            // A flexible quest whose quota other days met: nothing was done or paid that day.
            let blank = String(repeating: " ", count: widths.reward)
            return "  " + style.dim("\(number)\(columns(reward: blank))  \(Message.boardQuotaMet)\(quota)")
        case .completed:
            return "  " + style.dim("\(number)\(columns(reward: reward))  \(Message.boardDone)\(quota)")
        case .missed:
            let missed = style.red(Message.boardMissedRow)
            return "  \(style.dim(number))\(columns(reward: style.dim(reward)))  \(missed)\(quota)"
        case .skipped:
            return "  " + style.dim("\(number)\(columns(reward: reward))  \(Message.boardSkippedRow)\(quota)")
        }
    }
}
