/// The figures `quests stats` gives for a span of days: its summary, each quest's completion rate, the
/// rate on each weekday (the best and the worst), the rate of each week, and the amounts of counted and
/// limit quests. Every due day comes from the day rule, through `QuestHistory`: for all quests together,
/// and for each quest alone.
public struct PeriodStats: Sendable {
    public let summary: PeriodSummary
    /// Each quest due at least once in the span, in quest order.
    public let questRates: [(quest: Quest, rate: CompletionRate)]
    /// Each weekday the span has, from the week start on.
    public let weekdayRates: [(weekday: Weekday, rate: CompletionRate)]
    /// Each week (starting on the week start) that overlaps the span, with the rate of its days in the span.
    public let weeks: [(start: LocalDay, rate: CompletionRate)]
    /// Each counted or limit quest with a day that counts in the span (`AmountHistory`), in quest order.
    public let questAmounts: [(quest: Quest, amounts: AmountHistory)]

    /// - Parameters:
    ///   - completions: every completion from `from` through `through` (others are ignored).
    ///   - dayCounts: what the completions and skips of each day from `from` through `through` counted (others
    ///     are ignored).
    ///   - quotaCompletions: the completions of flexible quests from the start of the quota period holding
    ///     `from` through `through`: a period that began before the span is judged with all of its own.
    ///   - neutral: the skips and vacations: skipped quest-days are not due (`DayRule`).
    ///   - amountTotals: the day totals of counted and limit quests, by quest number and day (others are ignored).
    public init(
        from: LocalDay, through: LocalDay, quests: [Quest], completions: [(questNumber: Int, day: LocalDay)],
        dayCounts: [DayCount], quotaCompletions: [(questNumber: Int, day: LocalDay)],
        happenings: [Happening], rule: DayRule, today: LocalDay, weekStart: Weekday, neutral: NeutralDays = .none,
        amountTotals: [Int: [LocalDay: Amount]] = [:]
    ) {
        let inSpan = completions.filter { from <= $0.day && $0.day <= through }
        let tallies = QuestHistory(
            quests: quests, dayCounts: dayCounts.filter { from <= $0.day && $0.day <= through }, rule: rule,
            quotaCompletions: quotaCompletions, neutral: neutral
        ).tallies(from: from, through: through)
        summary = PeriodSummary(from: from, through: through, tallies: tallies, happenings: happenings, today: today)
        let byQuest = Dictionary(grouping: inSpan, by: \.questNumber)
        let quotaByQuest = Dictionary(grouping: quotaCompletions, by: \.questNumber)
        questRates = quests.compactMap { quest in
            let own = QuestHistory(
                quests: [quest],
                dayCounts: DayRule.counts(
                    of: quest, completedOn: byQuest[quest.number, default: []].map(\.day),
                    neutral: neutral),
                rule: rule, quotaCompletions: quotaByQuest[quest.number] ?? [], neutral: neutral.only(quest.number))
            let rate = CompletionRate(own.tallies(from: from, through: through), today: today)
            return rate.due > 0 ? (quest, rate) : nil
        }
        weekdayRates = Weekday.week(startingOn: weekStart).compactMap { weekday in
            let days = tallies.filter { $0.day.weekday == weekday }
            return days.isEmpty ? nil : (weekday, CompletionRate(days, today: today))
        }
        let firstWeek = from.firstDayOfWeek(startingOn: weekStart)
        weeks = stride(from: firstWeek.dayNumber, through: through.dayNumber, by: 7).map { start in
            let first = LocalDay(dayNumber: start)
            let week = tallies.filter { $0.day.firstDayOfWeek(startingOn: weekStart) == first }
            return (first, CompletionRate(week, today: today))
        }
        questAmounts = quests.compactMap { quest in
            guard quest.everMeasuresAmounts else { return nil }
            let amounts = AmountHistory(
                of: quest, totals: amountTotals[quest.number] ?? [:], from: from, through: through, today: today,
                neutral: neutral)
            return amounts.days.isEmpty ? nil : (quest, amounts)
        }
    }

    /// Each group's rate (its quests' due days and days done together, `Quest.group`), in the order its
    /// first quest comes; empty when no quest due in the span is in a group.
    public var groupRates: [(group: String, rate: CompletionRate)] {
        var order: [String] = []
        var rates: [String: (name: String, due: Int, done: Int)] = [:]
        for (quest, rate) in questRates where !quest.group.isEmpty {
            let key = quest.group.lowercased()
            if rates[key] == nil { order.append(key) }
            let sum = rates[key] ?? (quest.group, 0, 0)
            rates[key] = (sum.name, sum.due + rate.due, sum.done + rate.done)
        }
        return order.compactMap { key in rates[key].map { ($0.name, CompletionRate(due: $0.due, done: $0.done)) } }
    }

    /// The weekday with the highest rate (the first such in the week), among those with anything due.
    public var bestWeekday: (weekday: Weekday, rate: CompletionRate)? {
        weekdayRates.filter { $0.rate.due > 0 }.max { ($0.rate.percent ?? 0) < ($1.rate.percent ?? 0) }
    }

    /// The weekday with the lowest rate (the first such in the week), among those with anything due.
    public var worstWeekday: (weekday: Weekday, rate: CompletionRate)? {
        weekdayRates.filter { $0.rate.due > 0 }.min { ($0.rate.percent ?? 0) < ($1.rate.percent ?? 0) }
    }
}
