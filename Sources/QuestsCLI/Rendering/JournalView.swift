import QuestsCore
import QuestsStore

/// The journal as `quests journal` prints it: a day's numbered entries, a week by day, what a search found,
/// and the insights; every line fitted to the terminal.
struct JournalView {
    let style: TextStyle
    var width = Terminal.columns()

    /// The day's heading and its entries, numbered.
    func day(_ journal: JournalDay, today: LocalDay) -> String {
        let heading = style.bold(Format.day(journal.day, today: today))
        guard !journal.entries.isEmpty else {
            return [heading, Message.journalEmpty].joined(separator: "\n")
        }
        return ([heading] + numbered(journal.entries)).joined(separator: "\n")
    }

    /// Each day of a week, its heading and its entries (a dash when it has none).
    func week(_ days: [JournalDay], today: LocalDay) -> String {
        var lines: [String] = []
        for journal in days {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.bold(Format.day(journal.day, today: today)))
            lines += journal.entries.isEmpty ? [style.dim("  –")] : numbered(journal.entries)
        }
        return lines.joined(separator: "\n")
    }

    /// Entries found by a search, newest first, each under its day.
    func found(_ entries: [JournalEntry]) -> String {
        var lines: [String] = []
        for entry in entries {
            lines += text(entry.text, lead: style.dim(Format.date(entry.day)) + "  ")
        }
        return lines.joined(separator: "\n")
    }

    /// The streaks and totals, a bar per day of the last seven, and the month as a grid of four levels.
    func insights(_ insights: JournalInsights, today: LocalDay, weekStart: Weekday) -> String {
        let width = max(self.width, 40)
        let tenths = Int((insights.average * 10).rounded())
        var lines = [
            style.bold(Message.journalInsightsTitle),
            Message.journalInsightsCurrent(count: insights.current),
            Message.journalInsightsLongest(count: insights.longest),
            Message.journalInsightsEntries(count: insights.entries),
            Message.journalInsightsDays(count: insights.days),
            Message.journalInsightsAverage(whole: tenths / 10, tenths: tenths % 10),
            "", style.bold(Message.journalInsightsWeek),
        ]
        let labels = insights.week.map { Format.shortWeekday($0.day.weekday) }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 2
        let most = max(insights.week.map(\.entries).max() ?? 0, 1)
        let countWidth = String(most).count
        let room = max(min(width - labelWidth - countWidth - 2, 30), 1)
        for (label, day) in zip(labels, insights.week) {
            let length = day.entries == 0 ? 0 : max(day.entries * room / most, 1)
            let bar = String(repeating: "█", count: length)
            let count = Format.padLeft(String(day.entries), countWidth)
            lines.append("\(Format.pad(label, labelWidth)) \(count)" + (bar.isEmpty ? "" : " " + style.green(bar)))
        }
        lines += ["", style.bold(Format.month(Month(containing: today)))]
        let week = Weekday.week(startingOn: weekStart)
        let names = week.map { Format.shortWeekday($0) }
        let cell = max(names.map(DisplayWidth.of).max() ?? 2, 2) + 1
        lines.append(names.map { Format.pad($0, cell) }.joined().trimmingTrailingSpaces())
        guard let first = insights.month.first else { return lines.joined(separator: "\n") }
        var row = String(repeating: " ", count: first.day.weekday.daysSince(weekStart) * cell)
        for day in insights.month where day.day <= today {
            row += Format.pad(mark(JournalInsights.level(day.entries)), cell)
            if day.day.weekday.daysSince(weekStart) == 6 {
                lines.append(row.trimmingTrailingSpaces())
                row = ""
            }
        }
        if !row.isEmpty { lines.append(row.trimmingTrailingSpaces()) }
        lines.append(Message.journalInsightsLegend(marks: (0...3).map(mark).joined(separator: " ")))
        return lines.joined(separator: "\n")
    }

    /// The month grid's mark of a day: none, one entry, two, three or more.
    private func mark(_ level: Int) -> String {
        switch level {
        case 0: return style.dim("·")
        case 1: return style.green("░")
        case 2: return style.green("▒")
        default: return style.green("▓")
        }
    }

    /// Entries numbered from 1, each line of each wrapped under its number.
    private func numbered(_ entries: [JournalEntry]) -> [String] {
        let numberWidth = String(entries.count).count
        return entries.enumerated().flatMap { index, entry in
            text(entry.text, lead: " " + Format.padLeft(String(index + 1), numberWidth) + "  ")
        }
    }

    /// `text` after `lead`, each of its lines wrapped to the width and indented under the first.
    private func text(_ text: String, lead: String) -> [String] {
        let indent = String(repeating: " ", count: DisplayWidth.of(lead))
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let clean = Sanitized.line(String(line))
            lines += DisplayWidth.hanging(index == 0 ? lead : indent, clean, width: width)
        }
        return lines
    }
}

extension String {
    /// Without the spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
