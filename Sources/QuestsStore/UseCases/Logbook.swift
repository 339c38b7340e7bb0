import FoundationEssentials
import QuestsCore

/// What happened over a span of days, read in one snapshot, for `quests log` and `quests stats`.
public struct HistoryRecords: Sendable {
    public let from: LocalDay
    public let through: LocalDay
    public let quests: [Quest]
    /// Every completion of the span.
    public let completions: [(questNumber: Int, day: LocalDay)]
    /// What the completions and skips of each day of the span counted (the store's per-day counts, `DayRule.count`).
    public let dayCounts: [DayCount]
    /// The completions of flexible quests from a month before the span through its end: a quota period that
    /// began before the span is judged with those it had then.
    public let quotaCompletions: [(questNumber: Int, day: LocalDay)]
    /// The day totals of counted and limit quests in the span (`AmountEntry.total`), by quest number and
    /// day; a day holding only undone amounts has none.
    public let amountTotals: [Int: [LocalDay: Amount]]
    /// Everything that happened in the span, oldest day first, each day in `Happening.Kind` order.
    public let happenings: [Happening]
    public let rule: DayRule
    /// The skips and vacations (all of them: a flexible quest's period may reach outside the span).
    public let neutral: NeutralDays
    public let today: LocalDay
    public let weekStart: Weekday
}

/// What happened over a span of days, for the log and the stats.
public struct Logbook {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The records from `from` (nil: the first day any quest existed or any day had a focus) through `through` (nil: today), as
    /// of `now`. A completion earned what its ledger entries paid for it; a refund belongs to the day of
    /// its purchase (only that day's purchase can be refunded).
    public func records(from: LocalDay? = nil, through: LocalDay? = nil, now: Now) throws -> HistoryRecords {
        try records(from: from, through: through, spans: nil, now: now)
    }

    /// The records of `spans` only, as of `now`: as `records(from:through:now:)` from the first day
    /// of any span through the last, but nothing of a day between the spans is read (its completions, counts
    /// and happenings are left out). For comparing two spans apart, such as the same days of two months.
    public func records(of spans: [ClosedRange<LocalDay>], now: Now) throws -> HistoryRecords {
        try records(
            from: spans.map(\.lowerBound).min(), through: spans.map(\.upperBound).max(), spans: spans, now: now)
    }

    private func records(from: LocalDay?, through: LocalDay?, spans: [ClosedRange<LocalDay>]?, now: Now) throws
        -> HistoryRecords
    {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let quests = try db.quests()
            // Without a first day: the first any quest existed or any day had a focus.
            let start =
                try from ?? (quests.map(\.createdDay) + [try db.firstFocusDay()].compactMap { $0 }).min() ?? today
            let end = through ?? today
            // The spans in order, overlapping or touching ones as one.
            var ranges: [ClosedRange<LocalDay>] = []
            for range in (spans ?? [start...end]).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = ranges.last, range.lowerBound <= last.upperBound.adding(days: 1) {
                    ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    ranges.append(range)
                }
            }
            /// The rows of `sql`, whose two parameters are a span's first and last day, for each span in order.
            @discardableResult
            func inSpans<T>(_ sql: String, _ map: (Row) throws -> T) throws -> [T] {
                let statement = try db.prepare(sql)
                return try ranges.flatMap { try statement.rows([.day($0.lowerBound), .day($0.upperBound)], map) }
            }
            let dayCounts = try inSpans(
                "SELECT day, completed, unscheduled, skipped FROM day_count WHERE day BETWEEN ? AND ?"
            ) { row -> DayCount in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord(DamagedRecord(.dayCount, .text(row.text(0))))
                }
                return DayCount(day: day, completed: row.int(1), unscheduled: row.int(2), skipped: row.int(3))
            }
            let quotaCompletions = try db.quotaCompletions(of: quests, from: start, through: end)
            let titles = Dictionary(quests.map { ($0.number, $0.title) }, uniquingKeysWith: { first, _ in first })
            // Each completion with the entries that refer to it, one row each (a join, not a sum per completion),
            // each day's in the order they were made.
            var made: [(questNumber: Int, day: LocalDay, note: String, amount: Int)] = []
            // Room for as many as the days' counts say (only a capacity: the rows decide), grown once.
            made.reserveCapacity(dayCounts.reduce(0) { $0 + $1.completed })
            // Their UUIDs: the ledger entries below that refer to one of them stand for it.
            var spanCompletions = Set<UUID>(minimumCapacity: made.capacity)
            try inSpans(
                """
                SELECT c.quest, c.day, c.note, coalesce(e.amount, 0), c.uuid
                FROM completion c LEFT JOIN ledger_entry e ON e.reference = c.uuid
                WHERE c.day BETWEEN ? AND ? ORDER BY c.day, c.completed_at, c.quest
                """
            ) { row in
                let number = row.int(0)
                guard let day = row.day(1) else {
                    throw StoreError.damagedRecord(.record(.completions, .quest(number), field: "day"))
                }
                if let last = made.last, last.questNumber == number, last.day == day {
                    made[made.count - 1].amount += row.int(3)
                } else {
                    made.append((number, day, row.text(2), row.int(3)))
                    if let id = row.uuid(4) { spanCompletions.insert(id) }
                }
            }
            let completions = made.map { (questNumber: $0.questNumber, day: $0.day) }
            // The amounts recorded, each day's in the order recorded, with the day's total after each; those of
            // a day whose schedule measures nothing (changed from that day on) count for nothing.
            let byNumber = Dictionary(quests.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
            var amountTotals: [Int: [LocalDay: Amount]] = [:]
            let recordedAmounts = try inSpans(
                """
                SELECT quest, day, amount, undone FROM amount_entry WHERE day BETWEEN ? AND ?
                ORDER BY day, recorded_at, id
                """
            ) { row -> Happening? in
                let number = row.int(0)
                guard let day = row.day(1), let amount = Amount(thousandths: row.int(2)) else {
                    throw StoreError.damagedRecord(.record(.amounts, .quest(number)))
                }
                guard let quest = byNumber[number], let measure = quest.schedule(on: day)?.measure else { return nil }
                let undone = row.int(3) != 0
                var total = amountTotals[number]?[day] ?? .zero
                if !undone {
                    total = Amount.adding(total, amount) ?? .maximum
                    amountTotals[number, default: [:]][day] = total
                }
                return Happening(
                    day: day, kind: .amount, title: quest.title,
                    recorded: .init(amount: amount, total: total, measure: measure, undone: undone))
            }.compactMap { $0 }
            var happenings =
                recordedAmounts
                + made.map { completion in
                    Happening(
                        day: completion.day, kind: .completion, title: titles[completion.questNumber] ?? "",
                        amount: completion.amount, note: completion.note)
                }
            // Purchases, by day (redemption_by_day), read once for the whole range: the few of the days between the
            // spans are left out below.
            try db.prepare(
                """
                SELECT r.day, r.title, r.price, coalesce((SELECT sum(e.amount) FROM ledger_entry e WHERE e.reference = r.uuid AND e.kind = 'refund'), 0)
                FROM redemption r WHERE r.day BETWEEN ? AND ? ORDER BY r.id
                """
            ).rows([.day(start), .day(end)]) { row in
                guard let day = row.day(0) else { throw StoreError.damagedRecord(.record(.purchases, field: "day")) }
                guard ranges.contains(where: { $0.contains(day) }) else { return }
                happenings.append(Happening(day: day, kind: .purchase, title: row.text(1), amount: -row.int(2)))
                if row.int(3) != 0 {
                    happenings.append(Happening(day: day, kind: .refund, title: row.text(1), amount: row.int(3)))
                }
            }
            // The ledger entries no completion or purchase stands for: freezes, bonuses, adjustments, and the
            // reward and undo of a completion undone, with the undos that took back nothing (`unpaid_undo`) as
            // undos of 0 DD. Their day is where their moment falls; each span's are found from the start of its
            // first day to the start of the day after its last. Most of them pay the span's completions, read
            // above; any other that refers to a record is looked up, one by one.
            let rule = DayRule(zone: now.zone, settings: settings)
            let entries = try db.prepare(
                """
                SELECT e.at, e.amount, e.kind, e.memo, e.reference, e.id FROM ledger_entry e
                WHERE e.at >= ?1 AND e.at < ?2 AND e.kind <> 'redemption' AND e.kind <> 'refund'
                UNION ALL SELECT u.at, 0, 'undo', u.memo, NULL, u.id FROM unpaid_undo u WHERE u.at >= ?1 AND u.at < ?2
                ORDER BY 1, 6
                """
            )
            let standsForARecord = try db.prepare(
                """
                SELECT EXISTS (SELECT 1 FROM completion WHERE uuid = ?1)
                    OR EXISTS (SELECT 1 FROM focus_task WHERE uuid = ?1 AND state = 'done')
                    OR EXISTS (SELECT 1 FROM focus_goal WHERE uuid = ?1 AND state IN ('achieved', 'achieved-by-itself'))
                """
            )
            for range in ranges {
                try entries.rows([
                    .timestamp(now.zone.startOfDay(for: range.lowerBound, dayStart: settings.dayStart)),
                    .timestamp(now.zone.startOfDay(for: range.upperBound.adding(days: 1), dayStart: settings.dayStart)),
                ]) { row in
                    guard let at = row.timestamp(0), let kind = LedgerKind(rawValue: row.text(2)) else {
                        throw StoreError.damagedRecord(.record(.ledger, .text(row.text(0))))
                    }
                    if let id = row.uuid(4), spanCompletions.contains(id) { return }
                    if let reference = row.optionalText(4),
                        try standsForARecord.firstRow([.text(reference)], { $0.int(0) }) == 1
                    {
                        return
                    }
                    let day = DayPosition(moment: at, zone: now.zone, dayStart: settings.dayStart).day
                    guard ranges.contains(where: { $0.contains(day) }) else { return }
                    happenings.append(
                        Happening(day: day, kind: .ledger, title: row.text(3), amount: row.int(1), ledgerKind: kind))
                }
            }
            // Each day's main quest, and its focus tasks done, with what they were paid net (an undone task's
            // payment and undo stay ledger entries above, as an undone completion's do).
            try inSpans(
                """
                SELECT g.day, g.title, g.state, coalesce((SELECT sum(e.amount) FROM ledger_entry e WHERE e.reference = g.uuid), 0)
                FROM focus_goal g WHERE g.day BETWEEN ? AND ? ORDER BY g.day
                """
            ) { row in
                guard let day = row.day(0), let state = FocusGoalState(rawValue: row.text(2)) else {
                    throw StoreError.damagedRecord(.record(.goals, .text(row.text(0))))
                }
                happenings.append(
                    Happening(
                        day: day, kind: .mainQuest, title: row.text(1), amount: state.isAchieved ? row.int(3) : 0,
                        isAchieved: state.isAchieved))
            }
            try inSpans(
                """
                SELECT t.day, t.title, coalesce((SELECT sum(e.amount) FROM ledger_entry e WHERE e.reference = t.uuid), 0)
                FROM focus_task t WHERE t.day BETWEEN ? AND ? AND t.state = 'done' ORDER BY t.day, t.added_at, t.id
                """
            ) { row in
                guard let day = row.day(0) else {
                    throw StoreError.damagedRecord(.record(.tasks, .text(row.text(0)), field: "day"))
                }
                happenings.append(Happening(day: day, kind: .focusTask, title: row.text(1), amount: row.int(2)))
            }
            try inSpans("SELECT key, earned_day FROM achievement WHERE earned_day BETWEEN ? AND ?") { row in
                guard let achievement = Achievement.all.first(where: { $0.id == row.text(0) }), let day = row.day(1)
                else { return }
                happenings.append(.earned(achievement, on: day))
            }
            try inSpans("SELECT day FROM celebration WHERE day BETWEEN ? AND ?") { row in
                if let day = row.day(0) { happenings.append(Happening(day: day, kind: .celebration, title: "")) }
            }
            // A vacation where it starts, or where the days listed start inside it.
            for vacation in try db.vacations() {
                for range in ranges where vacation.days.overlaps(range) {
                    happenings.append(
                        Happening(
                            day: max(vacation.days.lowerBound, range.lowerBound), kind: .vacation, title: "",
                            note: vacation.reason, lastDay: vacation.days.upperBound))
                }
            }
            // A missed day a streak freeze covered.
            for day in try db.freezeCoverage(today: today, zone: now.zone).covered.map(\.day)
            where ranges.contains(where: { $0.contains(day) }) {
                happenings.append(Happening(day: day, kind: .frozen, title: ""))
            }
            let neutral = try db.neutralDays()
            let numbers = Dictionary(quests.map { ($0.id, $0.number) }, uniquingKeysWith: { first, _ in first })
            for skip in try db.records(
                Skip<UUID>.declaration, where: "day BETWEEN ? AND ?", [.day(start), .day(end)], orderBy: "day, quest")
            {
                guard let number = numbers[skip.quest], neutral.isSkipped(number, on: skip.day),
                    ranges.contains(where: { $0.contains(skip.day) })
                else { continue }
                happenings.append(Happening(day: skip.day, kind: .skip, title: titles[number] ?? "", note: skip.reason))
            }
            // Stable: completions keep their time order within a day. Their positions are sorted, not the happenings.
            let ordered = happenings.indices.sorted {
                (happenings[$0].day.dayNumber, happenings[$0].kind, $0) < (
                    happenings[$1].day.dayNumber, happenings[$1].kind, $1
                )
            }.map { happenings[$0] }
            return HistoryRecords(
                from: start, through: end, quests: quests, completions: completions, dayCounts: dayCounts,
                quotaCompletions: quotaCompletions, amountTotals: amountTotals, happenings: ordered,
                rule: rule, neutral: neutral, today: today, weekStart: settings.weekStart)
        }
    }
}
