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
        let progress = progress()
        var lines = [
            style.bold("Focus · " + Format.day(focus.day, today: today)) + (progress.isEmpty ? "" : "  " + progress)
        ]
        lines += body(emptyHint: true)
        return lines.joined(separator: "\n")
    }

    /// The lines the board shows above its quests (nothing on a day without a focus, but an offer).
    func boardLines() -> [String] { boardLayout().lines }

    /// The board's focus lines, and which of them is the selected task's.
    func boardLayout() -> (lines: [String], selectedLine: Int?) {
        let lines = body(emptyHint: false)
        guard !lines.isEmpty else { return ([], nil) }
        let progress = progress()
        // The tasks follow the main quest's line, when there is one.
        let selectedLine = focus.entries.firstIndex { $0.task.id == selectedTask }.map {
            $0 + 1 + (focus.goal == nil ? 0 : 1)
        }
        return ([style.bold("Focus") + (progress.isEmpty ? "" : "  " + progress)] + lines, selectedLine)
    }

    /// What starts the selected task's line, as it does the selected quest's row.
    static let selectionMark = ">"

    private func progress() -> String {
        guard !focus.entries.isEmpty else { return "" }
        let done = "\(focus.doneCount) of \(focus.entries.count) done"
        return focus.isOverLimit ? done + " · " + style.red("over the limit of \(focus.limit)") : done
    }

    private func body(emptyHint: Bool) -> [String] {
        var lines: [String] = []
        if let goal = focus.goal {
            lines.append(goalLine(goal))
        } else if emptyHint {
            lines.append(style.dim("No main quest yet: quests focus goal \"What matters most today\""))
        }
        let positionWidth = String(focus.entries.count).count
        let titleWidth = focus.entries.map { DisplayWidth.of(Sanitized.line($0.task.title)) }.max() ?? 0
        let windowWidth = focus.entries.map { Self.window($0.task).count }.max() ?? 0
        for entry in focus.entries {
            let selected = entry.task.id == selectedTask
            let line = taskLine(
                entry, positionWidth: positionWidth, titleWidth: titleWidth, windowWidth: windowWidth,
                selected: selected)
            lines.append(selected ? style.reversed(line) : line)
        }
        if focus.entries.isEmpty && emptyHint {
            lines.append(style.dim("No focus tasks yet: quests focus add \"Write the intro\" --priority high"))
        }
        if focus.isOverLimit {
            lines.append(
                style.red(
                    "\(Format.count(focus.entries.count, "task")) on a day limited to \(focus.limit) (two machines each added one?): "
                        + "nothing was dropped; drop one to add more"))
        }
        if let offer = focus.offer { lines.append(style.yellow(Self.offerLine(offer, today: today))) }
        return lines
    }

    private func goalLine(_ goal: FocusGoal) -> String {
        let mark = goal.state.isAchieved ? "✓" : "★"
        let state =
            switch goal.state {
            case .open: ""
            case .notYet: "  not yet"
            case .achieved, .achievedByItself: "  achieved"
            }
        let carried = goal.carriedFrom == nil ? "" : "  carried over"
        let reward = "  +\(Format.dd(goal.reward))"
        let prefix = "\(mark) MAIN QUEST  "
        let rest = state + carried + reward
        let title = DisplayWidth.truncate(
            Sanitized.line(goal.title), to: max(width - DisplayWidth.of(prefix + rest), 8))
        let text = prefix + title
        return (goal.state.isAchieved ? style.green(style.bold(text)) : style.yellow(style.bold(text)))
            + style.dim(rest)
    }

    private func taskLine(
        _ entry: FocusDay.Entry, positionWidth: Int, titleWidth: Int, windowWidth: Int, selected: Bool = false
    ) -> String {
        let lead = selected ? Self.selectionMark + " " : "  "
        let task = entry.task
        let standing =
            switch entry.standing {
            case .inFocus: "▶ In Focus "
            case .nextUp: "  Next Up  "
            case .completed: "✓ Completed"
            }
        let priority = "[\(task.priority.rawValue.prefix(1).uppercased())]"
        let window = Self.window(task)
        let carried = task.carriedFrom == nil ? "" : "  carried over"
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

    /// `09:00-10:30`, `09:00`, or nothing.
    static func window(_ task: FocusTask) -> String {
        guard let at = task.at else { return "" }
        return at.description + (task.until.map { "-\($0)" } ?? "")
    }

    /// "From Thursday: the main quest and 2 tasks are not finished: quests focus carry".
    static func offerLine(_ offer: FocusOffer, today: LocalDay) -> String {
        var parts: [String] = []
        if offer.goal != nil { parts.append("the main quest") }
        if !offer.tasks.isEmpty { parts.append(offer.tasks.count == 1 ? "1 task" : "\(offer.tasks.count) tasks") }
        let verb = parts.count == 1 && offer.tasks.count <= 1 ? "is" : "are"
        let from =
            offer.from.days(to: today) < 7 && offer.from < today ? offer.from.weekday.name : offer.from.description
        return "From \(from): \(parts.joined(separator: " and ")) \(verb) not finished: quests focus carry"
    }
}
