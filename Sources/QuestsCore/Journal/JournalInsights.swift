/// What `journal --insights` shows of the practice: streaks, totals, the last seven days and a month.
public struct JournalInsights: Sendable {
    /// The journaling streak: consecutive days with an entry, walking back from today (today without one yet
    /// does not break it).
    public let current: Int
    public let longest: Int
    /// Entries written (deleted ones left out) and days journaled.
    public let entries: Int
    public let days: Int
    /// The seven days ending today, oldest first, each with its entries.
    public let week: [(day: LocalDay, entries: Int)]
    /// The days of today's month, first to last, each with its entries.
    public let month: [(day: LocalDay, entries: Int)]

    /// Average entries per journaled day, 0 without any.
    public var average: Double { days == 0 ? 0 : Double(entries) / Double(days) }

    /// The month grid's four intensity levels: none, one entry, two, three or more.
    public static func level(_ entries: Int) -> Int { min(max(entries, 0), 3) }

    /// The insights of `counts` (each journaled day with its entries, in any order) as of `today`.
    public init(counts: [(day: LocalDay, entries: Int)], today: LocalDay) {
        // One count per journaled day, in order (the store gives them so: sorting them is then one pass).
        var journaled: [(day: LocalDay, entries: Int)] = []
        for count in counts.sorted(by: { $0.day < $1.day }) where count.entries > 0 {
            if journaled.last?.day == count.day {
                journaled[journaled.count - 1].entries += count.entries
            } else {
                journaled.append(count)
            }
        }
        entries = journaled.reduce(0) { $0 + $1.entries }
        days = journaled.count
        // The current streak is the run ending on the last journaled day up to today, if that is today or
        // yesterday.
        let lastUpToToday = journaled.lastIndex(where: { $0.day <= today })
        var longest = 0
        var current = 0
        var run = 0
        for index in journaled.indices {
            let follows = index > 0 && journaled[index - 1].day.adding(days: 1) == journaled[index].day
            run = follows ? run + 1 : 1
            longest = max(longest, run)
            if index == lastUpToToday, journaled[index].day >= today.adding(days: -1) { current = run }
        }
        self.longest = longest
        self.current = current
        let (year, month, _) = today.components
        let first = LocalDay(year: year, month: month, day: 1) ?? today
        // The entries of the days the week and the month show, the only ones looked up by day.
        let earliest = min(first, today.adding(days: -6))
        let shown = Dictionary(
            uniqueKeysWithValues: journaled.reversed().prefix(while: { $0.day >= earliest }).map {
                ($0.day, $0.entries)
            })
        week = (0..<7).map { offset in
            let day = today.adding(days: offset - 6)
            return (day, shown[day] ?? 0)
        }
        var monthDays: [(day: LocalDay, entries: Int)] = []
        var next = first
        while next.components.month == month {
            monthDays.append((next, shown[next] ?? 0))
            next = next.adding(days: 1)
        }
        self.month = monthDays
    }
}
