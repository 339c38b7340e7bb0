import FoundationEssentials
import QuestsCore

/// Where the streaks stood at the start of a day, as a walk over the whole history found it: kept with the
/// achievements' judgement (which makes that walk), so that while the judgement is current the streaks walk
/// only the days since (`Database.currentStreak`, `Database.streaks`). While it is current, no day before its
/// day changed and no freeze was bought or refunded: a write either judges in full or changes only the
/// judgement's day (`stillJudged`).
struct StreakCheckpoint {
    /// The first day not walked.
    let day: LocalDay
    /// The streak that ended the day before `day`, and the longest before it.
    let before: StreakStanding
    /// The streak freezes not used before `day`, in the order they are used.
    let unusedFreezes: [FreezePurchase]

    /// The checkpoint at `today` of `tallies` (every day of the history through `today`) and `freezes`, what
    /// the streak freezes did over them (no freeze covers today, which is never missed).
    init(today: LocalDay, tallies: [DayTally], freezes: FreezeCoverage) {
        day = today
        before =
            Streaks.summary(of: Array(tallies.prefix { $0.day < today }), today: today, isNeutral: freezes.covers)
            .standing
        unusedFreezes = freezes.owned
    }

    init(day: LocalDay, before: StreakStanding, unusedFreezes: [FreezePurchase]) {
        (self.day, self.before, self.unusedFreezes) = (day, before, unusedFreezes)
    }

    /// The current streak as of `today` (not before `day`), walking back over `tallies`: consecutive days
    /// from `day` (or the history's first day, when later) through `today`.
    func currentStreak(over tallies: [DayTally], today: LocalDay) -> (days: Int, start: LocalDay?) {
        let freezes = Freezes.coverage(of: tallies, today: today, purchases: unusedFreezes)
        return Streaks.currentStreak(
            of: tallies, today: today, isNeutral: freezes.covers, continuing: (before.current, before.currentStart))
    }

    /// The current streak on the checkpoint's own day, which `cleared` says is cleared or not: today is never
    /// missed (`DayRule.status`), so it extends the streak or leaves it as it stood, and no freeze covers it.
    func currentStreak(onItsDayCleared cleared: Bool) -> (days: Int, start: LocalDay?) {
        cleared ? (before.current + 1, before.currentStart ?? day) : (before.current, before.currentStart)
    }

    /// `unusedFreezes` as the store keeps them: `YYYY-MM-DD/UUID` each (purchase day and ledger entry),
    /// separated by spaces.
    var freezeList: String {
        unusedFreezes.map { "\($0.day)/\($0.id.uuidString)" }.joined(separator: " ")
    }

    /// The freezes of a list `freezeList` wrote; nil when it does not read.
    static func freezes(in list: UnsafeBufferPointer<UInt8>) -> [FreezePurchase]? {
        var freezes: [FreezePurchase] = []
        for item in list.split(separator: UInt8(ascii: " ")) {
            guard item.count == 47, item[item.startIndex + 10] == UInt8(ascii: "/"),
                let day = LocalDay.parse(item.prefix(10)), let id = UUIDText.parse(item.suffix(36))
            else { return nil }
            freezes.append(FreezePurchase(id: id, day: day))
        }
        return freezes
    }
}

extension Database {
    /// The checkpoint the store's current judgement of the achievements keeps, when it was made in `zone` no
    /// later than `today`; nil when there is none, or it keeps none (a judgement older than the checkpoint).
    func streakCheckpoint(today: LocalDay, zone: Zone) throws -> StreakCheckpoint? {
        try cached(
            """
            SELECT j.day, j.streak_days, j.streak_start, j.freezes_unused, j.longest_days, j.longest_start,
                j.longest_end
            FROM achievements_judged j, store_change c
            WHERE j.zone = ? AND j.changes = c.count AND j.day <= ? AND j.streak_days IS NOT NULL
                AND j.longest_days IS NOT NULL
            """
        ).firstRow([.text(zone.fingerprint), .day(today)]) { row -> StreakCheckpoint? in
            // A streak has its days exactly when it is longer than 0, and none is longer than the longest;
            // anything else did not read.
            let before = StreakStanding(
                current: row.int(1), currentStart: row.day(2), longest: row.int(4), longestStart: row.day(5),
                longestEnd: row.day(6))
            guard let day = row.day(0), let unused = row.parseText(3, StreakCheckpoint.freezes(in:)),
                (before.current > 0) == (before.currentStart != nil), before.current <= before.longest,
                (before.longest > 0) == (before.longestStart != nil), (before.longest > 0) == (before.longestEnd != nil)
            else { return nil }
            return StreakCheckpoint(day: day, before: before, unusedFreezes: unused)
        } ?? nil
    }
}
