/// A counted or limit quest's daily totals over a span of days, and what `show` and `stats` tell of them
/// (SPEC 18): the total, the average per day, a counted quest's best day, the days a limit quest went over.
public struct AmountHistory: Sendable, Hashable {
    /// One day that counts: its total, and what it was measured against that day.
    public struct Day: Sendable, Hashable {
        public let day: LocalDay
        public let total: Amount
        public let measure: QuestMeasure
    }

    /// The span asked for (its days after today are never counted).
    public let from: LocalDay
    public let through: LocalDay
    /// The days that count, oldest first: each day of the span through today whose schedule measures
    /// amounts and which either holds an amount or was scheduled and not set aside (a skip, a vacation).
    /// Today counts once it holds an amount: a day still going is not a day short.
    public let days: [Day]

    /// - Parameter totals: the quest's day totals (`AmountEntry.total`), by day; others are ignored.
    public init(
        of quest: Quest, totals: [LocalDay: Amount], from: LocalDay, through: LocalDay, today: LocalDay,
        neutral: NeutralDays = .none
    ) {
        self.from = from
        self.through = through
        var days: [Day] = []
        var day = from
        while day <= min(through, today) {
            if let measure = quest.schedule(on: day)?.measure {
                let total = totals[day]
                let counts =
                    total != nil
                    || (day < today && quest.isScheduled(on: day) && !neutral.isSkipped(quest.number, on: day)
                        && !neutral.isVacation(day))
                if counts { days.append(Day(day: day, total: total ?? .zero, measure: measure)) }
            }
            day = day.adding(days: 1)
        }
        self.days = days
    }

    /// The unit of the latest day that counts, as typed; empty when none.
    public var unit: String { days.last?.measure.unit ?? "" }

    /// The sum of the days' totals (`Amount.maximum` at most).
    public var total: Amount {
        Amount(thousandths: days.reduce(0) { min($0 + $1.total.thousandths, Amount.maximum.thousandths) }) ?? .maximum
    }

    /// The total per day that counts, to the nearest thousandth; nil when no day counts.
    public var average: Amount? {
        guard !days.isEmpty else { return nil }
        return Amount(thousandths: (total.thousandths * 2 + days.count) / (2 * days.count))
    }

    /// The day with the highest total among those measured against a target (the latest of equals); nil
    /// when none holds an amount.
    public var best: Day? {
        days.reduce(nil as Day?) { best, day in
            guard day.measure.kind == .target, day.total > .zero else { return best }
            return best.map { day.total >= $0.total ? day : $0 } ?? day
        }
    }

    /// How many days went over their limit.
    public var daysOver: Int { days.count { $0.measure.isOver($0.total) } }
}
