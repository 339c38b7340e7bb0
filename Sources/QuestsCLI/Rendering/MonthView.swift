import QuestsCore

/// A month of focus as a grid of weeks (`quests month`): each day its number, its main quest (★ achieved,
/// ☆ not), ✓ when its quests were cleared, and a mark per focus task in its priority's colour (● done,
/// ○ not); without colour the marks are H, M, L (lowercase when not done). The cells follow the
/// terminal, from 5 columns each (35 in all, within 40; no room for marks) to 16.
struct MonthView {
    let month: FocusMonth
    let style: TextStyle
    var width = Terminal.columns()

    /// The columns of a cell, its separating space included.
    var cellWidth: Int { min(max(width / 7, 5), 16) }

    func render() -> String {
        let inner = cellWidth - 1
        let tasks =
            month.taskCount == 0
            ? Message.monthViewNoFocusTasks
            : Message.monthViewTasksDone(done: month.tasksDone, count: month.taskCount)
        let goals =
            month.goalDays == 0
            ? Message.monthViewNoMainQuest
            : Message.monthViewGoalsAchieved(achieved: month.goalsAchieved, count: month.goalDays)
        var lines = DisplayWidth.hanging(style.bold(Format.month(month.month)) + "  ", tasks, width: width)
        lines += DisplayWidth.wrap(
            goals + " · " + Message.monthViewClearedDays(count: month.clearedDays), to: width)
        lines.append("")
        lines.append(
            style.dim(
                month.weekdays.map { Format.pad(DisplayWidth.truncate(Format.shortWeekday($0), to: inner), inner) }
                    .joined(separator: " ")
                    .trimmingTrailingSpaces()))
        for week in month.weeks {
            lines.append(
                week.map { $0.map { cell($0, inner: inner) } ?? String(repeating: " ", count: inner) }.joined(
                    separator: " "
                )
                .trimmingTrailingSpaces())
        }
        lines.append("")
        lines += legend()
        return lines.joined(separator: "\n")
    }

    /// A day's cell, `inner` columns wide.
    func cell(_ day: FocusMonth.Day, inner: Int) -> String {
        let spaced = inner >= 10
        let number = Format.padLeft(String(day.day.components.day), 2)
        let future = day.day > month.today
        let paintedNumber =
            day.day == month.today ? style.reversed(style.bold(number)) : future ? style.dim(number) : number
        let goal =
            switch (day.goal, day.goalAchieved) {
            case (nil, _): " "
            case (_, true): style.yellow(style.bold("★"))
            case (_, false): "☆"
            }
        let cleared = day.cleared ? style.green("✓") : " "
        let head = paintedNumber + (spaced ? " " : "") + goal + cleared + (spaced ? " " : "")
        // The marks that fit, the last place taken by + when some do not; none in the narrowest cells.
        let room = max(inner - (spaced ? 6 : 4), 0)
        let shown = day.marks.count > room ? Array(day.marks.prefix(max(room - 1, 0))) : day.marks
        let more = room > 0 && shown.count < day.marks.count
        var marks = shown.map(mark).joined()
        if more { marks += style.dim("+") }
        let used = 2 + (spaced ? 2 : 0) + 2 + shown.count + (more ? 1 : 0)
        return head + marks + String(repeating: " ", count: max(inner - used, 0))
    }

    /// A task's mark: ● or ○ in its priority's colour, or its priority's letter without colour.
    func mark(_ mark: FocusMonth.Mark) -> String {
        guard style.enabled else {
            let letter = mark.priority.rawValue.prefix(1)
            return mark.done ? letter.uppercased() : letter.lowercased()
        }
        let symbol = mark.done ? "●" : "○"
        return switch mark.priority {
        case .high: style.cyan(symbol)
        case .medium: style.yellow(symbol)
        case .low: style.green(symbol)
        }
    }

    private func legend() -> [String] {
        let first = Message.monthViewLegend
        let second =
            style.enabled
            ? Message.monthViewColourLegend(
                high: style.cyan(Message.monthViewHigh), medium: style.yellow(Message.monthViewMedium),
                low: style.green(Message.monthViewLow))
            : Message.monthViewLetterLegend
        // Each fits the terminal: a longer language wraps.
        return DisplayWidth.wrap(first, to: width).map(style.dim)
            + DisplayWidth.wrap(second, to: width).map { style.enabled ? $0 : style.dim($0) }
    }
}
