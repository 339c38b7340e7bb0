import Foundation
import QuestsCore
import QuestsStore

/// A day's focus as text: the main quest standing out above the tasks, each task with its position,
/// standing, priority and time, then what an earlier day offers to carry over.
struct FocusView {
    let focus: FocusDay
    let today: LocalDay
    let style: TextStyle
    /// The columns a line may take: long titles are shortened to fit.
    var width = Terminal.columns()
    /// The task under the interactive board's cursor: its line is highlighted.
    var selectedTask: UUID? = nil

    /// The whole view, for `quests focus`.
    func render() -> String {
        let heading = style.bold(Message.focusViewHeading(day: Format.day(focus.day, today: today)))
        var lines = headed(heading)
        lines += body(emptyHint: true)
        return lines.joined(separator: "\n")
    }

    /// The lines the board shows above its quests (nothing on a day without a focus, but an offer).
    func boardLines() -> [String] { boardLayout().lines }

    /// The board's focus lines, and which of them is the selected task's.
    func boardLayout() -> (lines: [String], selectedLine: Int?) {
        let lines = body(emptyHint: false)
        guard !lines.isEmpty else { return ([], nil) }
        // The tasks follow the main quest's line, when there is one.
        let selectedLine = focus.entries.firstIndex { $0.task.id == selectedTask }.map {
            $0 + 1 + (focus.goal == nil ? 0 : 1)
        }
        let heading = headed(style.bold(Message.focusViewTitle))
        return (heading + lines, selectedLine.map { $0 + heading.count - 1 })
    }

    /// `heading` and the progress beside it, or below it when both do not fit the width.
    private func headed(_ heading: String) -> [String] {
        let progress = progress()
        guard !progress.isEmpty else { return [heading] }
        let line = heading + "  " + progress
        return DisplayWidth.of(line) <= width ? [line] : [heading, progress]
    }

    /// What starts the selected task's line, as it does the selected quest's row.
    static let selectionMark = ">"

    private func progress() -> String {
        guard !focus.entries.isEmpty else { return "" }
        let done = Message.focusViewProgress(done: focus.doneCount, total: focus.entries.count)
        return focus.isOverLimit ? done + " · " + style.red(Message.focusViewOverLimit(limit: focus.limit)) : done
    }

    private func body(emptyHint: Bool) -> [String] {
        var lines: [String] = []
        if let goal = focus.goal {
            lines.append(goalLine(goal))
        } else if emptyHint {
            lines += DisplayWidth.hint(Message.focusViewNoGoal(date: dateOption), width: width).map(style.dim)
        }
        let standingWidth = Self.standingWidth
        let positionWidth = String(focus.entries.count).count
        let titleWidth = focus.entries.map { DisplayWidth.of(Sanitized.line($0.task.title)) }.max() ?? 0
        let windowWidth = focus.entries.map { Self.window($0.task).count }.max() ?? 0
        for entry in focus.entries {
            let selected = entry.task.id == selectedTask
            let line = taskLine(
                entry, positionWidth: positionWidth, titleWidth: titleWidth, windowWidth: windowWidth,
                standingWidth: standingWidth, selected: selected)
            lines.append(selected ? style.reversed(line) : line)
        }
        if focus.entries.isEmpty && emptyHint {
            lines += DisplayWidth.hint(Message.focusViewNoTasks(date: dateOption), width: width).map(style.dim)
        }
        if focus.isOverLimit {
            lines.append(
                style.red(Message.focusViewOverLimitLine(count: focus.entries.count, limit: focus.limit)))
        }
        if let offer = focus.offer {
            lines += DisplayWidth.hint(Self.offerLine(offer, into: focus.day, today: today), width: width)
                .map(style.yellow)
        }
        return lines
    }

    private func goalLine(_ goal: FocusGoal) -> String {
        let mark = goal.state.isAchieved ? "✓" : "★"
        let state =
            switch goal.state {
            case .open: ""
            case .notYet: "  " + Message.focusViewNotYet
            case .achieved, .achievedByItself: "  " + Message.focusViewAchieved
            }
        let carried = goal.carriedFrom == nil ? "" : "  " + Message.focusViewCarriedOver
        let reward = "  +\(Format.dd(goal.reward))"
        let prefix = "\(mark) \(Message.focusViewMainQuest)  "
        let rest = state + carried + reward
        let title = DisplayWidth.truncate(
            Sanitized.line(goal.title), to: max(width - DisplayWidth.of(prefix + rest), 8))
        let text = prefix + title
        return (goal.state.isAchieved ? style.green(style.bold(text)) : style.yellow(style.bold(text)))
            + style.dim(rest)
    }

    private func taskLine(
        _ entry: FocusDay.Entry, positionWidth: Int, titleWidth: Int, windowWidth: Int, standingWidth: Int,
        selected: Bool = false
    ) -> String {
        let lead = selected ? Self.selectionMark + " " : "  "
        let task = entry.task
        let standing =
            switch entry.standing {
            case .inFocus: "▶ " + Format.pad(Message.focusViewInFocus, standingWidth)
            case .nextUp: "  " + Format.pad(Message.focusViewNextUp, standingWidth)
            case .completed: "✓ " + Format.pad(Message.focusViewCompleted, standingWidth)
            }
        let priority = "[\(task.priority.rawValue.prefix(1).uppercased())]"
        let window = Self.window(task)
        let carried = task.carriedFrom == nil ? "" : "  " + Message.focusViewCarriedOver
        let number = Format.padLeft(String(entry.position), positionWidth)
        let prefix = "\(lead)\(number). \(standing)  \(priority) "
        let windowColumn = windowWidth == 0 ? "" : "  " + Format.pad(window, windowWidth)
        let suffix = windowColumn + "  " + Format.padLeft(Format.signedDD(task.reward), 7) + carried
        let fitted = min(titleWidth, max(width - DisplayWidth.of(prefix) - DisplayWidth.of(suffix), 8))
        let title = Format.pad(DisplayWidth.truncate(Sanitized.line(task.title), to: fitted), fitted)
        let paintedPriority =
            switch task.priority {
            case .high: style.cyan(priority)
            case .medium: style.yellow(priority)
            case .low: style.green(priority)
            }
        switch entry.standing {
        case .inFocus:
            return "\(lead)\(number). " + style.bold(style.green(standing)) + "  " + paintedPriority + " "
                + style.bold(title) + suffix
        case .nextUp:
            return "\(lead)\(number). " + standing + "  " + paintedPriority + " " + title + suffix
        case .completed:
            return style.dim(prefix + title + suffix)
        }
    }

    /// The cells of a task's standing column (after its mark): the widest of the three standings.
    static var standingWidth: Int {
        [Message.focusViewInFocus, Message.focusViewNextUp, Message.focusViewCompleted].map(DisplayWidth.of).max() ?? 0
    }

    /// `09:00-10:30`, `09:00`, or nothing.
    static func window(_ task: FocusTask) -> String {
        guard let at = task.at else { return "" }
        return at.description + (task.until.map { "-\($0)" } ?? "")
    }

    /// What the hints' commands need to act on the day shown: nothing for today, else its `--date`.
    private var dateOption: String { Self.dateOption(for: focus.day, today: today) }

    private static func dateOption(for day: LocalDay, today: LocalDay) -> String {
        day == today ? "" : " --date " + day.description
    }

    /// "From Thursday: the main quest and 2 tasks are not finished: quests focus carry", offered to `day`.
    static func offerLine(_ offer: FocusOffer, into day: LocalDay, today: LocalDay) -> String {
        let from =
            offer.from.days(to: today) < 7 && offer.from < today
            ? Format.weekday(offer.from.weekday) : Format.date(offer.from)
        let tasks = offer.tasks.count
        let date = dateOption(for: day, today: today)
        switch (offer.goal != nil, tasks) {
        case (true, 0): return Message.focusViewOfferGoal(from: from, date: date)
        case (true, _): return Message.focusViewOfferGoalTasks(from: from, count: tasks, date: date)
        case (false, _): return Message.focusViewOfferTasks(from: from, count: tasks, date: date)
        }
    }
}
