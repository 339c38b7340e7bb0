import FoundationEssentials

/// A streak freeze bought with `quests freeze buy`: the ledger entry that paid for it and the local day it
/// was bought on (recorded with the entry, so that every machine reads the same day).
public struct FreezePurchase: Hashable, Sendable {
    /// The ledger entry of the purchase.
    public let id: UUID
    /// The local day of the purchase: the first day the freeze may cover.
    public let day: LocalDay

    public init(id: UUID, day: LocalDay) {
        self.id = id
        self.day = day
    }
}

/// A missed day a freeze covered.
public struct CoveredDay: Hashable, Sendable {
    public let day: LocalDay
    /// The freeze used up on it.
    public let freeze: UUID

    public init(day: LocalDay, freeze: UUID) {
        self.day = day
        self.freeze = freeze
    }
}

/// What the freezes did: the days they covered and the freezes still owned.
public struct FreezeCoverage: Hashable, Sendable {
    /// The covered days, oldest first.
    public let covered: [CoveredDay]
    /// The freezes bought and not used yet, oldest first.
    public let owned: [FreezePurchase]
    private let days: Set<LocalDay>

    init(covered: [CoveredDay], owned: [FreezePurchase]) {
        self.covered = covered
        self.owned = owned
        days = Set(covered.map(\.day))
    }

    /// No freezes at all.
    public static let none = FreezeCoverage(covered: [], owned: [])

    /// Whether a freeze covered `day`: then the day is neutral for the streak.
    public func covers(_ day: LocalDay) -> Bool {
        // Asked about every day of years of history: most lie outside the covered ones, found without hashing.
        guard let first = covered.first?.day, let last = covered.last?.day, first <= day, day <= last else {
            return false
        }
        return days.contains(day)
    }

    /// The day the freeze `id` covered, if it covered one (then its purchase can no longer be undone).
    public func day(coveredBy id: UUID) -> LocalDay? { covered.first { $0.freeze == id }?.day }

    /// `tallies` with the days a freeze covered marked frozen (`DayTally.isFrozen`), for the views.
    public func marking(_ tallies: [DayTally]) -> [DayTally] {
        guard !covered.isEmpty else { return tallies }
        return tallies.map { tally in
            guard covers(tally.day) else { return tally }
            return DayTally(
                day: tally.day, scheduled: tally.scheduled, completed: tally.completed, skipped: tally.skipped,
                isVacation: tally.isVacation, isFrozen: true)
        }
    }
}

/// The one rule of streak freezes, derived whenever it is read (nothing is stored when a freeze is used):
/// walking the days in order, a day that `DayRule.status` finds missed (after the other neutral days) is
/// covered by the oldest unused freeze bought on or before that day, which is then used up. A freeze
/// bought on a day may cover that very day (bought in the evening of a day that goes on to be missed),
/// never a day before it: a freeze insures what comes, it does not repair a streak already broken, so a
/// purchase never rewrites the past. Freezes are taken oldest first, by day and then by identity, so that
/// every machine that holds the same purchases and days derives the same coverage, whatever its ledger
/// order.
public enum Freezes {
    /// `purchases` in the order their freezes are used: by day, then by identity (compared as its text).
    public static func queue(_ purchases: [FreezePurchase]) -> [FreezePurchase] {
        purchases.sorted { $0.day != $1.day ? $0.day < $1.day : UUIDText.precedes($0.id, $1.id) }
    }

    /// The coverage of `purchases` over `tallies` (consecutive days, from at least the first purchase's day
    /// or the first day of the history through `today`); other neutral days (skips, vacations) come in as
    /// `isNeutral` and use no freeze.
    public static func coverage(
        of tallies: [DayTally], today: LocalDay, purchases: [FreezePurchase],
        isNeutral: (LocalDay) -> Bool = { _ in false }
    ) -> FreezeCoverage {
        guard !purchases.isEmpty else { return .none }
        let queue = queue(purchases)
        var next = 0  // the oldest freeze not used yet; freezes are used in queue order
        var covered: [CoveredDay] = []
        for tally in tallies where next < queue.count && queue[next].day <= tally.day {
            guard DayRule.status(of: tally, today: today, isNeutral: isNeutral) == .missed else { continue }
            covered.append(CoveredDay(day: tally.day, freeze: queue[next].id))
            next += 1
        }
        return FreezeCoverage(covered: covered, owned: Array(queue[next...]))
    }
}
