import QuestsCore
import QuestsStore

/// `quests log` as text: month by month, newest first, each opening with its summary, then each day with
/// what happened on it, newest first. Text people typed is sanitised; every line fits `width`.
struct LogView {
    let months: [MonthLog]
    let style: TextStyle
    var width = Terminal.columns()

    func lines() -> [String] {
        var lines: [String] = []
        for (index, entry) in months.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.bold(entry.month.name))
            lines += Self.joined(Self.summaryParts(entry.summary), width: width, indent: "  ").map { style.dim($0) }
            if entry.days.isEmpty { lines.append("  nothing happened") }
            for (day, happenings) in entry.days {
                lines.append(DisplayWidth.truncate("  \(day.weekday.name) \(day)", to: width))
                for happening in happenings { lines += self.lines(for: happening) }
            }
        }
        return lines
    }

    static func summaryParts(_ summary: PeriodSummary) -> [String] {
        // The focus only in a month that had one.
        let focus =
            summary.mainQuests == 0 && summary.focusTasksDone == 0
            ? []
            : [
                "main quest achieved on \(summary.mainQuestsAchieved) of \(Format.count(summary.mainQuests, "day"))",
                Format.count(summary.focusTasksDone, "focus task") + " done",
            ]
        return [
            "\(summary.clearedDays) of \(Format.count(summary.scheduledDays, "day")) cleared",
            Format.count(summary.completions, "completion"),
        ] + focus
            + [
                "\(Format.dd(summary.earned)) earned", "\(Format.dd(summary.spent)) spent",
                Format.count(summary.purchases, "purchase"),
            ]
    }

    /// `parts` joined with " · ", starting a new line (after `indent`) rather than going past `width`.
    static func joined(_ parts: [String], width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            let candidate = line.isEmpty ? indent + part : line + " · " + part
            if !line.isEmpty, DisplayWidth.of(candidate) > width {
                lines.append(line)
                line = indent + part
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }

    private func lines(for happening: Happening) -> [String] {
        let title = Sanitized.line(happening.title)
        let text: String
        switch happening.kind {
        case .mainQuest:
            // The day's headline: it stands out from the tasks under it.
            let state = happening.isAchieved ? " · achieved · \(Format.signedDD(happening.amount))" : " · not achieved"
            let line = DisplayWidth.truncate(
                "    " + (happening.isAchieved ? "★" : "☆") + " MAIN QUEST  " + title + state, to: width)
            return [happening.isAchieved ? style.yellow(style.bold(line)) : style.bold(line)]
        case .focusTask: text = "task done    \(title) · \(Format.signedDD(happening.amount))"
        case .completion: text = "done         \(title) · \(Format.signedDD(happening.amount))"
        case .skip: text = "skipped      \(title)"
        case .purchase: text = "bought       \(title) · \(Format.signedDD(happening.amount))"
        case .refund: text = "refunded     \(title) · \(Format.signedDD(happening.amount))"
        case .ledger:
            let label = happening.ledgerKind?.rawValue ?? "ledger"
            text = "\(Format.pad(label, 12)) \(title) · \(Format.signedDD(happening.amount))"
        case .achievement: text = "achievement  \(title)"
        case .celebration: text = "all clear    every quest done"
        }
        let line = DisplayWidth.truncate("    " + text, to: width)
        guard !happening.note.isEmpty else { return [line] }
        let notes = happening.note.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { DisplayWidth.wrap(Sanitized.line(String($0)), to: max(10, width - 17)) }
            .map { style.dim(String(repeating: " ", count: 17) + $0) }
        return [line] + notes
    }
}
