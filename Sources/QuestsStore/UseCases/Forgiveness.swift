import FoundationEssentials
import QuestsCore

/// What `skip` or `unskip` did.
public struct SkipOutcome: Sendable {
    public let quest: Quest
    public let day: LocalDay
    /// Today, to word `day` relative to it.
    public let today: LocalDay
    /// Nothing changed: the quest-day was already skipped (`skip`).
    public let unchanged: Bool
}

/// The vacations, as `vacation list` shows them.
public struct VacationList: Sendable {
    public let vacations: [Vacation]
    public let today: LocalDay

    /// The vacation holding today, if any.
    public var current: Vacation? { vacations.first { $0.days.contains(today) } }
}

/// What `freeze buy` did.
public struct FreezeOutcome: Sendable {
    public let freeze: FreezePurchase
    public let price: Int
    public let balance: Int
    /// The freezes owned now, this one included.
    public let owned: Int
}

/// Skips, vacations and streak freezes: the days that do not count against a streak.
public struct Forgiveness {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Skips the quest `reference` names for `dayReference` (`quests skip`): the quest-day is not due and
    /// pays nothing. Refused for a future day, a day outside the back-fill window, a day the quest is not
    /// on, or a quest-day already completed; skipping it again changes nothing.
    public func skip(_ reference: ItemReference, on dayReference: DayReference = .today, reason: String = "", now: Now)
        throws -> SkipOutcome
    {
        try UserText.check(reason, as: .notes)
        return try store.write { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            let quest = try Quest.resolve(reference, among: try db.quests(), on: position.day)
            try CompletionRules.checkSkip(
                quest, on: day, completed: try db.completion(ofQuest: quest.number, on: day) != nil,
                now: position, zone: now.zone, settings: settings)
            // Derived from quest and day: the same quest-day skipped on two machines is one skip.
            let skip = Skip(
                id: NameUUID.skip(quest: quest.id, day: day), quest: quest.id, day: day,
                reason: reason, skippedAt: now.instant)
            return SkipOutcome(quest: quest, day: day, today: position.day, unchanged: !(try db.insert(skip)))
        }
    }

    /// Lifts the skip of the quest `reference` names for `dayReference` (`quests unskip`). Refused when
    /// that quest-day is not skipped, or is outside the back-fill window.
    public func unskip(_ reference: ItemReference, on dayReference: DayReference = .today, now: Now) throws
        -> SkipOutcome
    {
        try store.write { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let day = dayReference.day(today: position.day)
            let quest = try Quest.resolve(reference, among: try db.quests(), on: position.day)
            guard try db.skip(ofQuest: quest.number, on: day) != nil else {
                throw QuestsError.notSkipped(quest: quest.title, day: day)
            }
            try CompletionRules.checkUnskip(on: day, now: position, settings: settings)
            try db.deleteSkip(ofQuest: quest.number, on: day)
            // A quest deleted on another machine, kept here for this skip alone, goes with it.
            try db.sweepDeletedQuests()
            return SkipOutcome(quest: quest, day: day, today: position.day, unchanged: false)
        }
    }

    /// Adds a vacation from `start` through `end` (`start` alone when nil) (`quests vacation add`): every
    /// day of it is neutral for every quest. Refused when it ends before it starts, starts before the
    /// back-fill window, or overlaps another vacation.
    ///
    /// A weekday name (`DayReference.next`) as the end counts from the first day.
    public func addVacation(from start: DayReference, through end: DayReference? = nil, reason: String = "", now: Now)
        throws -> Vacation
    {
        try UserText.check(reason, as: .notes)
        return try store.write { db in
            let position = try db.position(at: now)
            let first = start.day(today: position.day)
            // A weekday name for the end is the next one from the first day (`vacation add fri mon`).
            let last = end.map { end in
                if case .next = end { return end.day(today: first) }
                return end.day(today: position.day)
            }
            let days = try CompletionRules.vacationDays(
                from: first, through: last,
                existing: try db.vacations().map(\.days), now: position, settings: try db.settings())
            let vacation = Vacation(
                id: db.ids.next(), first: days.lowerBound, last: days.upperBound, reason: reason, addedAt: now.instant)
            try db.insert(vacation)
            return vacation
        }
    }

    /// Every vacation, earliest first, read in one snapshot (shell completion offers their first days).
    public func allVacations() throws -> [Vacation] {
        try store.read { db in try db.vacations() }
    }

    /// Every vacation, earliest first (`quests vacation list`).
    public func vacationList(now: Now) throws -> VacationList {
        try store.read { db in VacationList(vacations: try db.vacations(), today: try db.position(at: now).day) }
    }

    /// Removes the vacation holding the day `dayReference` names (`quests vacation remove`); refused when
    /// no vacation holds it.
    public func removeVacation(on dayReference: DayReference, now: Now) throws -> Vacation {
        try store.write { db in
            let day = dayReference.day(today: try db.position(at: now).day)
            guard let vacation = try db.vacations().first(where: { $0.days.contains(day) }) else {
                throw QuestsError.noVacation(day)
            }
            try db.deleteVacation(vacation.id)
            return vacation
        }
    }

    /// Buys a streak freeze for the `freeze-price` setting: checks the balance (the shop's rule) and
    /// appends a `freeze` ledger entry with today's day, in one `BEGIN IMMEDIATE` transaction.
    public func buyFreeze(now: Now) throws -> FreezeOutcome {
        try store.write { db in
            let id = db.ids.next()
            let price = try db.settings().freezePrice
            try Reward.checkAffordable(.streakFreeze, price: price, balance: try db.balance())
            let today = try db.position(at: now).day
            try db.append(
                LedgerEntry(
                    id: id, at: now.instant, amount: -price, kind: .freeze, reference: nil, memo: "",
                    day: today))
            return FreezeOutcome(
                freeze: FreezePurchase(id: id, day: today), price: price, balance: try db.balance(),
                owned: try db.freezeCoverage(today: today, zone: now.zone).owned.count)
        }
    }
}

extension Database {
    /// The streak freezes bought and not refunded, in the order they are used (`Freezes.queue`: by day).
    func freezePurchases() throws -> [FreezePurchase] {
        // Ordered here, not by SQLite: its sorter costs more to compile and run than a few purchases' sort.
        Freezes.queue(
            try cached(
                """
                SELECT uuid, day FROM ledger_entry f WHERE kind = 'freeze'
                AND NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.reference = f.uuid AND e.kind = 'refund')
                """
            ).rows { row in
                guard let id = row.uuid(0), let day = row.day(1) else {
                    throw StoreError.damagedRecord(.record(.ledger, .text(row.text(0))))
                }
                return FreezePurchase(id: id, day: day)
            })
    }

    /// What the streak freezes did as of `today`, reading the history from the first freeze's day on.
    func freezeCoverage(today: LocalDay, zone: Zone) throws -> FreezeCoverage {
        let purchases = try freezePurchases()
        guard let first = purchases.first?.day, first <= today else {
            return Freezes.coverage(of: [], today: today, purchases: purchases)
        }
        let tallies = try history(since: first, zone: zone).tallies(from: first, through: today)
        return Freezes.coverage(of: tallies, today: today, purchases: purchases)
    }
}
