import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests log`: everything that happened, newest first, month by month.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "List everything that happened, newest first, grouped by month.",
            discussion: """
                Each month opens with a summary: days cleared of days with quests due, completions, Daily \
                Dollars earned (by that month's completions) and spent (purchases less refunds), purchases. \
                Each day then lists its completions with their notes, the amounts recorded for counted and \
                limit quests (with where the day stood; an undone one under undo), purchases and refunds, \
                achievements and its all-clear. Read-only. On a terminal, long output goes through $PAGER (default less -R).

                Examples:
                  quests log
                  quests log --month 2026-11
                  quests log --month 2026-11 --json | jq '.months[0].clearedDays'
                  quests log --csv > quests.csv
                """
        )

        @Option(help: ArgumentHelp("Only this month: YYYY-MM.", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @Flag(
            help:
                "Print the events that moved Daily Dollars and the amounts recorded as CSV (RFC 4180), oldest first, for spreadsheets."
        )
        var csv = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if json && csv { throw ValidationError(Message.logJsonOrCsv) }
        }

        func run() throws {
            let month = try month.map(Month.parse)
            let context = try CommandContext(options)
            let records = try Logbook(context.store).records(from: month?.first, through: month?.last, now: context.now)
            if csv {
                print(LogCSV.document(records.happenings), terminator: "")
            } else if json {
                try JSONOutput.print(JSONShapes.LogDocument(months: Self.months(of: records, only: month)))
            } else {
                Pager.print(LogView(months: Self.months(of: records, only: month), style: context.style).lines())
            }
        }

        /// The months of `records` (only `month` when given, else from the first through today's), newest
        /// first, each with its summary and its days with anything, newest first.
        static func months(of records: HistoryRecords, only month: Month?) -> [MonthLog] {
            let tallies = QuestHistory(
                quests: records.quests, dayCounts: records.dayCounts, rule: records.rule,
                quotaCompletions: records.quotaCompletions, neutral: records.neutral
            )
            .tallies(from: records.from, through: min(records.through, records.today))
            // The happenings come in day order: each month's, and each day's, are one run of them.
            var byMonth: [Month: [Happening]] = [:]
            var start = records.happenings.startIndex
            while start < records.happenings.endIndex {
                let month = Month(containing: records.happenings[start].day)
                let (first, last) = (month.first, month.last)
                var end = start + 1
                while end < records.happenings.endIndex, first <= records.happenings[end].day,
                    records.happenings[end].day <= last
                { end += 1 }
                byMonth[month, default: []] += records.happenings[start..<end]
                start = end
            }
            var months: [Month] = []
            if let month {
                months = [month]
            } else {
                var current = Month(containing: records.today)
                while current >= Month(containing: records.from) {
                    months.append(current)
                    current = current.previous
                }
            }
            return months.map { month in
                let happenings = byMonth[month] ?? []
                let byDay = Dictionary(grouping: happenings, by: \.day)
                // The tallies run day by day from `records.from`: the month's are one slice of them.
                let start = min(max(0, records.from.days(to: month.first)), tallies.count)
                let end = min(max(start, records.from.days(to: month.last) + 1), tallies.count)
                return MonthLog(
                    month: month,
                    summary: PeriodSummary(
                        from: month.first, through: month.last, tallies: Array(tallies[start..<end]),
                        happenings: happenings, today: records.today),
                    days: byDay.keys.sorted(by: >).map { ($0, byDay[$0] ?? []) })
            }
        }
    }
}

/// One month of `quests log`: its summary, and its days with anything, newest first.
struct MonthLog {
    let month: Month
    let summary: PeriodSummary
    let days: [(day: LocalDay, happenings: [Happening])]
}
