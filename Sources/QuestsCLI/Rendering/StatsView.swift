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
        let header = Message.statsViewHeader(
            now: Self.span(now.summary, of: comparison.month),
            before: Self.span(before.summary, of: comparison.month.previous))
        var lines = [style.bold(DisplayWidth.truncate(header, to: width))]
        let best = now.bestWeekday
        let worst = now.worstWeekday
        let figures: [[String]] = [
            [
                Message.statsViewCompletionRate, Format.rate(now.summary.rate),
                Self.change(StatsComparison.points(now.summary.rate, before.summary.rate), .points),
            ],
            [
                Message.statsViewClearedDays,
                Message.statsViewOf(done: now.summary.clearedDays, total: now.summary.scheduledDays),
                Self.change(now.summary.clearedDays - before.summary.clearedDays, .days),
            ],
            [
                Message.statsViewCompletions, Format.number(now.summary.completions),
                Self.change(now.summary.completions - before.summary.completions, .count),
            ],
            [
                Message.statsViewEarned, Format.dd(now.summary.earned),
                Self.change(now.summary.earned - before.summary.earned, .dd),
            ],
            [
                Message.statsViewSpent, Format.dd(now.summary.spent),
                Self.change(now.summary.spent - before.summary.spent, .dd),
            ],
            [
                Message.statsViewBestWeekday,
                best.map { "\(Format.weekday($0.weekday)) \(Self.percent($0.rate))" } ?? "–",
                Self.change(
                    best.flatMap { StatsComparison.points($0.rate, comparison.previousRate(on: $0.weekday)) }, .points),
            ],
            [
                Message.statsViewWorstWeekday,
                worst.map { "\(Format.weekday($0.weekday)) \(Self.percent($0.rate))" } ?? "–",
                Self.change(
                    worst.flatMap { StatsComparison.points($0.rate, comparison.previousRate(on: $0.weekday)) }, .points),
            ],
        ]
        // The focus only when either month had one.
        let hadFocus = [now.summary, before.summary].contains { $0.mainQuests > 0 || $0.focusTasksDone > 0 }
        let focus: [[String]] =
            !hadFocus
            ? []
            : [
                [
                    Message.statsViewMainQuestsAchieved,
                    Message.statsViewOf(done: now.summary.mainQuestsAchieved, total: now.summary.mainQuests),
                    Self.change(now.summary.mainQuestsAchieved - before.summary.mainQuestsAchieved, .count),
                ],
                [
                    Message.statsViewFocusTasksDone, Format.number(now.summary.focusTasksDone),
                    Self.change(now.summary.focusTasksDone - before.summary.focusTasksDone, .count),
                ],
            ]
        lines += table(Array(figures.prefix(5)) + focus + figures.dropFirst(5), indent: "  ")
        if !now.questRates.isEmpty {
            lines += ["", style.bold(Message.statsViewQuests)]
            lines += table(
                now.questRates.map { entry in
                    [
                        Sanitized.line(entry.quest.title), Format.rate(entry.rate),
                        Self.change(
                            StatsComparison.points(entry.rate, comparison.previousRate(of: entry.quest)), .points),
                    ]
                }, indent: "  ")
        }
        let groups = now.groupRates
        if !groups.isEmpty {
            lines += ["", style.bold(Message.statsViewGroups)]
            lines += table(
                groups.map { entry in
                    [
                        Sanitized.line(entry.group), Format.rate(entry.rate),
                        Self.change(
                            StatsComparison.points(entry.rate, comparison.previousRate(ofGroup: entry.group)), .points),
                    ]
                }, indent: "  ")
        }
        if !now.questAmounts.isEmpty {
            lines += ["", style.bold(Message.statsViewAmounts)]
            // Two rows a quest: its total in its unit, then its average per day, each with its change.
            lines += table(
                now.questAmounts.flatMap { entry in
                    let amounts = entry.amounts
                    let change = StatsComparison.change(amounts, comparison.previousAmounts(of: entry.quest))
                    return [
                        [
                            Sanitized.line(entry.quest.title), Format.amount(amounts.total, unit: amounts.unit),
                            Self.change(change?.total, .amount),
                        ],
                        [
                            "", amounts.average.map { Message.formatPerDay(amount: Format.amount($0)) } ?? "–",
                            Self.change(change?.average, .amount),
                        ],
                    ]
                }, indent: "  ")
        }
        lines += ["", style.bold(Message.statsViewWeeks)] + weekBars()
        return lines
    }

    /// "November 2026" for a whole month, "November 2026, 1–21" for part of one.
    static func span(_ summary: PeriodSummary, of month: Month) -> String {
        summary.from == month.first && summary.through == month.last
            ? Format.month(month)
            : Message.statsViewPartOfMonth(
                month: Format.month(month), from: summary.from.components.day, through: summary.through.components.day)
    }

    static func percent(_ rate: CompletionRate) -> String { rate.percent.map(Format.percent) ?? "–" }

    /// What a change counts: percentage points, days, Daily Dollars, things, or an amount in thousandths.
    enum Unit { case points, days, dd, count, amount }

    /// "▲ 12 pts", "▼ 1 day", "= 0 DD", "▲ 1.5"; "–" when there is nothing to compare with.
    static func change(_ value: Int?, _ unit: Unit) -> String {
        guard let value else { return "–" }
        let sign = value > 0 ? "▲" : value < 0 ? "▼" : "="
        switch unit {
        case .amount: return "\(sign) \(Format.amount(Amount(thousandths: abs(value)) ?? .maximum))"
        case .count: return "\(sign) \(Format.number(abs(value)))"
        case .dd: return "\(sign) \(Format.dd(abs(value)))"
        case .points: return "\(sign) \(Message.statsViewPoints(count: abs(value)))"
        case .days: return "\(sign) \(Message.statsViewDays(count: abs(value)))"
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
            entry.rate.percent == nil ? Message.statsViewNothingDue : Format.rate(entry.rate)
        }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let starts = comparison.current.weeks.map { Format.date($0.start) }
        let startWidth = starts.map(DisplayWidth.of).max() ?? 10
        let barWidth = max(5, min(20, width - 2 - startWidth - 2 - 2 - labelWidth))
        return zip(comparison.current.weeks, zip(starts, labels)).map { entry, texts in
            let (start, label) = texts
            let filled = entry.rate.due > 0 ? entry.rate.done * barWidth / entry.rate.due : 0
            let bar =
                entry.rate.due > 0
                ? String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
                : String(repeating: "·", count: barWidth)
            return DisplayWidth.truncate("  \(Format.pad(start, startWidth))  \(style.green(bar))  \(label)", to: width)
        }
    }
}
