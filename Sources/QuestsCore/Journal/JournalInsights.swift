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
        var byDay: [LocalDay: Int] = [:]
        for count in counts where count.entries > 0 { byDay[count.day, default: 0] += count.entries }
        entries = byDay.values.reduce(0, +)
        days = byDay.count
        var longest = 0
        var run = 0
        var previous: LocalDay?
        for day in byDay.keys.sorted() {
            run = previous.map { $0.adding(days: 1) == day } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        self.longest = longest
        var current = 0
        var day = byDay[today] == nil ? today.adding(days: -1) : today
        while byDay[day] != nil {
            current += 1
            day = day.adding(days: -1)
        }
        self.current = current
        week = (0..<7).map { offset in
            let day = today.adding(days: offset - 6)
            return (day, byDay[day] ?? 0)
        }
        let (year, month, _) = today.components
        let first = LocalDay(year: year, month: month, day: 1) ?? today
        var monthDays: [(day: LocalDay, entries: Int)] = []
        var next = first
        while next.components.month == month {
            monthDays.append((next, byDay[next] ?? 0))
            next = next.adding(days: 1)
        }
        self.month = monthDays
    }
}
