import QuestsCore

/// `quests stats` as text: the month's figures with their change against the previous month, each quest's
/// rate, and a bar per week. Every line fits `width`.
struct StatsView {
    let comparison: StatsComparison
    let style: TextStyle
    var width = Terminal.columns()

    func lines() -> [String] {
        let now = comparison.current
        let before = comparison.previous
        let header =
            "\(Self.span(now.summary, of: comparison.month)) against \(Self.span(before.summary, of: comparison.month.previous))"
        var lines = [style.bold(DisplayWidth.truncate(header, to: width))]
        let best = now.bestWeekday
        let worst = now.worstWeekday
        let figures: [[String]] = [
            [
                "Completion rate", Format.rate(now.summary.rate),
                Self.change(StatsComparison.points(now.summary.rate, before.summary.rate), "pt"),
            ],
            [
                "Cleared days", "\(now.summary.clearedDays) of \(now.summary.scheduledDays)",
                Self.change(now.summary.clearedDays - before.summary.clearedDays, "day"),
            ],
            [
                "Completions", "\(now.summary.completions)",
                Self.change(now.summary.completions - before.summary.completions, ""),
            ],
            ["Earned", Format.dd(now.summary.earned), Self.change(now.summary.earned - before.summary.earned, "DD")],
            ["Spent", Format.dd(now.summary.spent), Self.change(now.summary.spent - before.summary.spent, "DD")],
            [
                "Best weekday", best.map { "\($0.weekday.name) \(Self.percent($0.rate))" } ?? "–",
                Self.change(
                    best.flatMap { StatsComparison.points($0.rate, comparison.previousRate(on: $0.weekday)) }, "pt"),
            ],
            [
                "Worst weekday", worst.map { "\($0.weekday.name) \(Self.percent($0.rate))" } ?? "–",
                Self.change(
                    worst.flatMap { StatsComparison.points($0.rate, comparison.previousRate(on: $0.weekday)) }, "pt"),
            ],
        ]
        // The focus only when either month had one.
        let hadFocus = [now.summary, before.summary].contains { $0.mainQuests > 0 || $0.focusTasksDone > 0 }
        let focus: [[String]] =
            !hadFocus
            ? []
            : [
                [
                    "Main quests achieved", "\(now.summary.mainQuestsAchieved) of \(now.summary.mainQuests)",
                    Self.change(now.summary.mainQuestsAchieved - before.summary.mainQuestsAchieved, ""),
                ],
                [
                    "Focus tasks done", "\(now.summary.focusTasksDone)",
                    Self.change(now.summary.focusTasksDone - before.summary.focusTasksDone, ""),
                ],
            ]
        lines += table(Array(figures.prefix(5)) + focus + figures.dropFirst(5), indent: "  ")
        if !now.questRates.isEmpty {
            lines += ["", style.bold("Quests")]
            lines += table(
                now.questRates.map { entry in
                    [
                        Sanitized.line(entry.quest.title), Format.rate(entry.rate),
                        Self.change(StatsComparison.points(entry.rate, comparison.previousRate(of: entry.quest)), "pt"),
                    ]
                }, indent: "  ")
        }
        lines += ["", style.bold("Weeks")] + weekBars()
        return lines
    }

    /// "November 2026" for a whole month, "November 2026, 1–21" for part of one.
    static func span(_ summary: PeriodSummary, of month: Month) -> String {
        summary.from == month.first && summary.through == month.last
            ? month.name
            : "\(month.name), \(summary.from.components.day)–\(summary.through.components.day)"
    }

    static func percent(_ rate: CompletionRate) -> String { rate.percent.map { "\($0)%" } ?? "–" }

    /// "▲ 12 pts", "▼ 1 day", "= 0 DD"; "–" when there is nothing to compare with.
    static func change(_ value: Int?, _ unit: String) -> String {
        guard let value else { return "–" }
        let sign = value > 0 ? "▲" : value < 0 ? "▼" : "="
        switch unit {
        case "": return "\(sign) \(abs(value))"
        case "DD": return "\(sign) \(Format.dd(abs(value)))"
        default: return "\(sign) \(Format.count(abs(value), unit))"
        }
    }

    /// Rows in aligned columns; the first column gives way (shortened with "…") so that each row fits.
    private func table(_ rows: [[String]], indent: String) -> [String] {
        let widths = (0..<3).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let first = max(4, min(widths[0], width - indent.count - widths[1] - widths[2] - 4))
        return rows.map { row in
            let line =
                indent + Format.pad(DisplayWidth.truncate(row[0], to: first), first) + "  "
                + Format.pad(row[1], widths[1]) + "  " + row[2]
            return DisplayWidth.truncate(line.trimmingTrailingSpaces(), to: width)
        }
    }

    /// One bar per week: the share of its due quests done, "·" for a week with nothing due.
    private func weekBars() -> [String] {
        let labels = comparison.current.weeks.map { entry in
            entry.rate.percent.map { "\($0)% (\(entry.rate.done) of \(entry.rate.due))" } ?? "nothing due"
        }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let barWidth = max(5, min(20, width - 2 - 10 - 2 - 2 - labelWidth))
        return zip(comparison.current.weeks, labels).map { entry, label in
            let filled = entry.rate.due > 0 ? entry.rate.done * barWidth / entry.rate.due : 0
            let bar =
                entry.rate.due > 0
                ? String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
                : String(repeating: "·", count: barWidth)
            return DisplayWidth.truncate("  \(entry.start)  \(style.green(bar))  \(label)", to: width)
        }
    }
}
