import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests stats`: a month's figures, each against the month before.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract:
                "Show a month's completion rate, cleared days, Daily Dollars, quests, weekdays and weeks, against the month before.",
            discussion: """
                The completion rate is quests done of quests due (today counts once cleared); each figure \
                shows its change against the previous month (▲ 12 pts, ▼ 3 days). By default: the current month \
                so far, against the same days of the previous month. Weeks start on the week-start setting. \
                Groups get a rate each; counted and limit quests their total and average per day, in their \
                unit.

                Examples:
                  quests stats
                  quests stats --month 2026-10
                  quests stats --json | jq '.rate'
                """
        )

        @Option(help: ArgumentHelp("The month: YYYY-MM (default: the current month so far).", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let chosen = try self.month.map(Month.parse)
            let context = try CommandContext(options)
            let today = try Preferences(context.store).position(at: context.now).day
            let month = chosen ?? Month(containing: today)
            guard month.first <= today else { throw QuestsError.futureMonth(month.description) }
            let (current, previous) = Self.spans(of: month, today: today)
            // The days between the two spans (the rest of the previous month) are not read.
            let records = try Logbook(context.store).records(of: [previous, current], now: context.now)
            let stats = { (span: ClosedRange<LocalDay>) in
                PeriodStats(
                    from: span.lowerBound, through: span.upperBound, quests: records.quests,
                    completions: records.completions,
                    dayCounts: records.dayCounts, quotaCompletions: records.quotaCompletions,
                    happenings: records.happenings, rule: records.rule, today: records.today,
                    weekStart: records.weekStart,
                    neutral: records.neutral, amountTotals: records.amountTotals)
            }
            let comparison = StatsComparison(month: month, current: stats(current), previous: stats(previous))
            if json {
                try JSONOutput.print(JSONShapes.StatsDocument(comparison))
            } else {
                print(StatsView(comparison: comparison, style: context.style).lines().joined(separator: "\n"))
            }
        }

        /// The days of `month` up to `today`, and the same days of the month before (cut at its end).
        static func spans(of month: Month, today: LocalDay) -> (
            current: ClosedRange<LocalDay>, previous: ClosedRange<LocalDay>
        ) {
            let end = min(month.last, today)
            let previous = month.previous
            let previousEnd =
                end == month.last
                ? previous.last : min(previous.last, previous.first.adding(days: month.first.days(to: end)))
            return (month.first...end, previous.first...previousEnd)
        }
    }
}

/// A month's figures and the previous month's, for `quests stats`.
struct StatsComparison {
    let month: Month
    let current: PeriodStats
    let previous: PeriodStats

    /// The change of a rate in percentage points; nil when either side had nothing due.
    static func points(_ now: CompletionRate?, _ before: CompletionRate?) -> Int? {
        guard let now = now?.percent, let before = before?.percent else { return nil }
        return now - before
    }

    /// The previous month's rate of `quest`.
    func previousRate(of quest: Quest) -> CompletionRate? {
        previous.questRates.first { $0.quest.number == quest.number }?.rate
    }

    /// The previous month's rate of the group named `group`.
    func previousRate(ofGroup group: String) -> CompletionRate? {
        previous.groupRates.first { $0.group.lowercased() == group.lowercased() }?.rate
    }

    /// The previous month's amounts of `quest`, if it had a day that counts.
    func previousAmounts(of quest: Quest) -> AmountHistory? {
        previous.questAmounts.first { $0.quest.number == quest.number }?.amounts
    }

    /// The change of a quest's total and of its average per day, in thousandths; nil when either month had
    /// no day that counts.
    static func change(_ now: AmountHistory, _ before: AmountHistory?) -> (total: Int, average: Int)? {
        guard let before, let average = now.average, let previous = before.average else { return nil }
        return (now.total.thousandths - before.total.thousandths, average.thousandths - previous.thousandths)
    }

    /// The previous month's rate on `weekday`.
    func previousRate(on weekday: Weekday) -> CompletionRate? {
        previous.weekdayRates.first { $0.weekday == weekday }?.rate
    }
}
