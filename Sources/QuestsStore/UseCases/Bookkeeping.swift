import Foundation
import QuestsCore

/// The quests as `quests list` shows them.
public struct QuestList: Sendable {
    /// Every quest, archived ones included, by number.
    public let quests: [Quest]
    public let today: LocalDay
}

/// The last days' tallies, for the heatmap.
public struct HeatmapDays: Sendable {
    /// One tally per day, oldest first, ending today.
    public let tallies: [DayTally]
    public let weekStart: Weekday
}

/// Ledger entries and the balance, as `wallet` and `ledger` show them.
public struct LedgerPage: Sendable {
    public let balance: Int
    /// The entries, newest first, each with the balance after it.
    public let lines: [(entry: LedgerEntry, balanceAfter: Int)]
}

extension QuestStore {
    /// Every quest, archived ones included, with its schedule history, read in one snapshot.
    public func allQuests() throws -> [Quest] {
        try read { db in try db.quests() }
    }

    /// Every quest and today's day, as of `now`, in one snapshot.
    public func questList(now: Now) throws -> QuestList {
        try read { db in QuestList(quests: try db.quests(), today: try db.position(at: now).day) }
    }

    /// The tallies of the last `days` days through today, as of `now`.
    public func heatmap(days: Int, now: Now) throws -> HeatmapDays {
        try read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let start = today.adding(days: 1 - days)
            return HeatmapDays(
                tallies: try db.history(since: start, zone: now.zone, settings: settings).tallies(
                    from: start, through: today),
                weekStart: settings.weekStart)
        }
    }

    /// The balance and the ledger entries, newest first, optionally only of `kinds`, from the start of the
    /// day `since` names on, and at most `limit`, as of `now`.
    public func ledger(kinds: Set<LedgerKind> = [], since: DayReference? = nil, limit: Int? = nil, now: Now) throws
        -> LedgerPage
    {
        try read { db in
            let start = try since.map { since in
                let settings = try db.settings()
                let day = since.day(today: now.position(dayStart: settings.dayStart).day)
                return now.zone.startOfDay(for: day, dayStart: settings.dayStart)
            }
            return LedgerPage(
                balance: try db.balance(), lines: try db.ledgerEntries(kinds: kinds, since: start, limit: limit))
        }
    }
}
