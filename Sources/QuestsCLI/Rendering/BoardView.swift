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
        // The lines are drawn as UTF-8 bytes and made a `String` once: a row is thirty pieces or more, and
        // appending each to a `String` cost more than the rest of drawing the board.
        let lines = drawn().lines
        var text = TextBytes(capacity: lines.reduce(lines.count) { $0 + $1.bytes.count })
        for (index, line) in lines.enumerated() {
            if index > 0 { text.append(byte: UInt8(ascii: "\n")) }
            text.append(line)
        }
        return text.text
    }

    /// The board's lines, and which of them is the selected quest's row.
    func layout() -> (lines: [String], selectedLine: Int?) {
        let (lines, selectedLine) = drawn()
        return (lines.map(\.text), selectedLine)
    }

    /// `layout()`, its lines as UTF-8 bytes.
    private func drawn() -> (lines: [TextBytes], selectedLine: Int?) {
        let board = snapshot.board
        var lines = [TextBytes(style.bold(Format.day(board.day, today: snapshot.now.day)))]
        if board.entries.isEmpty {
            lines.append(TextBytes("Nothing scheduled. Add a quest: quests add \"Read\" --at 21:00"))
            lines.append(TextBytes("or start from a ready-made pack: quests pack list"))
        }
        let numberWidth = board.entries.map { "#\($0.quest.number)".count }.max() ?? 0
        let titles = board.entries.map { Sanitized.line($0.quest.title) }
        let longestTitle = titles.map(DisplayWidth.of).max() ?? 0
        // The rows drawn with every title fitted to the longest: when that is the width they get, as it is on
        // a terminal wide enough, they are drawn once. A row is its other columns plus its title fitted to
        // exactly the title width, so with printable ASCII titles (a cell a byte, joining no neighbour) the
        // widest of them less the longest title is the other columns' width; other titles are measured
        // with the title left out.
        let places = board.entries.indices
        var rows = places.map { row(board.entries[$0], title: titles[$0], titleWidth: longestTitle, numberWidth: numberWidth) }
        let rest = titles.allSatisfy(DisplayWidth.isPrintableASCII)
            ? (rows.map(\.width).max() ?? 0) - longestTitle
            : places.map { row(board.entries[$0], title: titles[$0], titleWidth: 0, numberWidth: numberWidth).width }.max() ?? 0
        let titleWidth = min(longestTitle, max(width - rest, 8))
        if titleWidth != longestTitle {
            rows = places.map { row(board.entries[$0], title: titles[$0], titleWidth: titleWidth, numberWidth: numberWidth) }
        }
        var selectedLine: Int?
        if let vacation = snapshot.vacation {
            let reason = vacation.reason.isEmpty ? "" : " (\(Sanitized.line(vacation.reason)))"
            let until = vacation.days.upperBound == snapshot.now.day ? ", last day today" : " until \(vacation.days.upperBound)"
            lines.append(TextBytes(style.cyan("On vacation\(until)\(reason): your streak is safe, and what you do still pays.")))
        }
        for state in [QuestState.available, .missed, .upcoming, .completed, .skipped] {
            let places = board.places(in: state)
            guard !places.isEmpty else { continue }
            lines.append(TextBytes())
            lines.append(TextBytes(heading(state, count: places.count)))
            for place in places {
                let line = rows[place]
                if board.entries[place].quest.number == selected {
                    selectedLine = lines.count
                    lines.append(TextBytes(style.reversed(">" + line.text.dropFirst())))
                } else {
                    lines.append(line)
                }
            }
        }
        lines.append(TextBytes())
        let streak = "streak " + Format.count(snapshot.streak, "day")
        lines.append(TextBytes("\(board.completedCount) of \(board.countedCount) done · \(streak) · \(style.bold(Format.balance(snapshot.balance, label: "balance")))"))
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
    private func row(_ entry: Board.Entry, title: String, titleWidth: Int, numberWidth: Int) -> TextBytes {
        var line = TextBytes(capacity: 64 + titleWidth)
        func number(_ line: inout TextBytes) {
            line.append(padded: numberWidth, left: true) { $0.append("#"); $0.append(String(entry.quest.number)) }
        }
        // The number's, title's, time's and reward's columns, each after two spaces.
        func columns(_ line: inout TextBytes, reward: (inout TextBytes) -> Void) {
            line.append("  ")
            line.append(padded: titleWidth) { $0.append(DisplayWidth.truncate(title, to: titleWidth)) }
            line.append("  ")
            line.append(padded: 8) { $0.append(Format.time(entry.schedule.time)) }
            line.append("  ")
            reward(&line)
        }
        func reward(_ line: inout TextBytes) {
            line.append(padded: 8, left: true) { $0.append(Format.signedDD(entry.reward)) }
        }
        func quota(_ line: inout TextBytes) {
            if let quota = entry.quota {
                line.append("  ")
                line.append(Format.quotaProgress(quota))
            }
        }
        line.append("  ")
        switch entry.state {
        case .available:
            style.append(.dim, to: &line, number)
            columns(&line) { style.append(.green, to: &$0, reward) }
            quota(&line)
        case .upcoming:
            style.append(.dim, to: &line, number)
            columns(&line, reward: reward)
            line.append("  ")
            style.append(.yellow, to: &line) { line in entry.schedule.time.map { line.append("opens at \($0)") } }
            quota(&line)
        case .completed where !entry.completedThatDay:
            // A flexible quest whose quota other days met: nothing was done or paid that day.
            style.append(.dim, to: &line) { line in
                number(&line)
                columns(&line) { $0.appendSpaces(8) }
                line.append("  quota met")
                quota(&line)
            }
        case .completed:
            style.append(.dim, to: &line) { line in
                number(&line)
                columns(&line, reward: reward)
                line.append("  done")
                quota(&line)
            }
        case .missed:
            style.append(.dim, to: &line, number)
            columns(&line) { style.append(.dim, to: &$0, reward) }
            line.append("  ")
            style.append(.red, to: &line) { $0.append("missed") }
            quota(&line)
        case .skipped:
            style.append(.dim, to: &line) { line in
                number(&line)
                columns(&line, reward: reward)
                line.append("  skipped")
                quota(&line)
            }
        }
        return line
    }
}
