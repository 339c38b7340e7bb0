import Foundation
import QuestsCore

/// Streaks, achievement facts and the settings they were computed with, from one snapshot.
public struct ProgressSnapshot: Sendable {
    public let history: QuestHistory
    public let streaks: StreakSummary
    public let facts: ProgressFacts
    public let settings: Settings
    public let today: LocalDay
}

/// An achievement that is recorded as earned.
public struct EarnedAchievement: Sendable {
    public let achievement: Achievement
    public let day: LocalDay
}

extension QuestStore {
    /// Every quest, and how many were completed each day from `since` on (every day when nil), from the
    /// per-day counts the store keeps.
    public func history(since: LocalDay? = nil, quests: [Quest]? = nil) throws -> QuestHistory {
        let counts = try connection.cached("SELECT day, completed FROM completed_day WHERE day >= ?")
            .rows([.text(since?.description ?? "")]) { row -> (day: LocalDay, completed: Int) in
                guard let day = row.day(0) else { throw StoreError.damagedRecord("completed day \(row.text(0))") }
                return (day, row.int(1))
            }
        return QuestHistory(quests: try quests ?? self.quests(), completedCounts: counts)
    }

    /// Every completion as `(quest number, day)`, for checking the per-day counts against.
    func completionPairs() throws -> [(questNumber: Int, day: LocalDay)] {
        try connection.prepare("SELECT quest, day FROM completion").rows { row in
            guard let day = row.day(1) else { throw StoreError.damagedRecord("completion of quest #\(row.int(0))") }
            return (row.int(0), day)
        }
    }

    /// The current streak as of `today`, reading the last 64 days first and the whole history only when
    /// the streak runs past them. Call inside a transaction.
    public func currentStreak(today: LocalDay, quests: [Quest]) throws -> (days: Int, start: LocalDay?) {
        let firstDay = quests.map(\.createdDay).min() ?? today
        let recent = max(firstDay, today.adding(days: -63))
        let walk = Streaks.currentStreak(of: try history(since: recent, quests: quests), today: today, earliest: recent)
        guard walk.reachedEarliest, recent > firstDay else { return (walk.days, walk.start) }
        let whole = Streaks.currentStreak(of: try history(quests: quests), today: today, earliest: firstDay)
        return (whole.days, whole.start)
    }

    /// The streaks as of `now`.
    public func streaks(now: Now) throws -> (summary: StreakSummary, today: LocalDay) {
        try read {
            let today = try position(at: now).day
            return (Streaks.summary(of: try history(), today: today), today)
        }
    }

    /// Everything achievements are judged on, as of `now`. Call inside a transaction.
    public func progress(now: Now, quests: [Quest]? = nil) throws -> ProgressSnapshot {
        let settings = try settings()
        let today = now.position(dayStart: settings.dayStart).day
        let history = try history(quests: quests)
        let tallies = history.tallies(through: today)
        let streaks = Streaks.summary(of: tallies, today: today)
        let recorded = Set(try connection.cached("SELECT key FROM achievement").rows { $0.text(0) })
        // Daily Dollars earned: everything not paid out for purchases (each debited its price exactly
        // once) or booked as a bonus or adjustment was earned by quests.
        let earned = try balance() + integer("SELECT coalesce(sum(price), 0) FROM redemption")
            - integer("SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE kind IN ('bonus', 'adjustment')")
        let earnings = try measure(.earned, recorded: recorded, total: earned) {
            try connection.prepare("SELECT at, amount FROM ledger_entry WHERE kind IN ('quest-reward', 'undo') ORDER BY id")
                .rows { row -> (day: LocalDay, amount: Int) in
                    guard let instant = row.timestamp(0) else { throw StoreError.damagedRecord("ledger time \(row.text(0))") }
                    return (DayPosition(moment: instant, zone: now.zone, dayStart: settings.dayStart).day, row.int(1))
                }
        }
        let redemptions = try measure(.redemptions, recorded: recorded, total: integer("SELECT count(*) FROM redemption")) {
            try connection.prepare("SELECT day FROM redemption").rows { row -> (day: LocalDay, amount: Int) in
                guard let day = row.day(0) else { throw StoreError.damagedRecord("redemption day") }
                return (day, 1)
            }
        }
        let facts = ProgressFacts(tallies: tallies, streaks: streaks,
                                  perfectWeekEnds: Streaks.perfectWeekEnds(of: tallies, today: today, weekStart: settings.weekStart),
                                  earnings: earnings, redemptions: redemptions)
        return ProgressSnapshot(history: history, streaks: streaks, facts: facts, settings: settings, today: today)
    }

    /// A measure's `total`, or its dated events (a costlier read) when an achievement of `kind` that is
    /// not `recorded` yet has been reached and needs its day.
    private func measure(_ kind: AchievementKind, recorded: Set<String>, total: Int,
                         dated: () throws -> [(day: LocalDay, amount: Int)]) throws -> Measure {
        let reached = Achievement.all.contains { $0.kind == kind && $0.threshold <= total && !recorded.contains($0.id) }
        return reached ? .dated(try dated()) : .total(total)
    }

    /// The one number `sql` selects.
    private func integer(_ sql: String) throws -> Int {
        try connection.cached(sql).firstRow { $0.int(0) } ?? 0
    }

    /// Records every achievement the history now earns and returns the ones new to the store. Call inside
    /// a write transaction; the key makes a second award impossible, even from a concurrent process.
    func recordAchievements(now: Now, quests: [Quest]? = nil) throws -> [EarnedAchievement] {
        try recordAchievements(earnedIn: try progress(now: now, quests: quests), now: now)
    }

    private func recordAchievements(earnedIn progress: ProgressSnapshot, now: Now) throws -> [EarnedAchievement] {
        var new: [EarnedAchievement] = []
        for (achievement, day) in progress.facts.earned() where try record(achievement, earnedOn: day, at: now.instant) {
            new.append(EarnedAchievement(achievement: achievement, day: day))
        }
        return new
    }

    /// Records `achievement` as earned on `day` unless it already is; true only the first time.
    func record(_ achievement: Achievement, earnedOn day: LocalDay, at moment: Date) throws -> Bool {
        try connection.cached("INSERT INTO achievement (key, earned_day, recorded_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING")
            .run([.text(achievement.id), .day(day), .timestamp(moment)])
        return connection.changes == 1
    }

    /// Achievements recorded as earned, oldest first, and the progress behind them. Records
    /// any newly earned first (after an import or a back-fill, say).
    public func achievements(now: Now) throws -> (earned: [EarnedAchievement], progress: ProgressSnapshot) {
        try write {
            let progress = try progress(now: now)
            _ = try recordAchievements(earnedIn: progress, now: now)
            let days = Dictionary(uniqueKeysWithValues: try connection.prepare("SELECT key, earned_day FROM achievement").rows { ($0.text(0), $0.text(1)) })
            let earned = Achievement.all.compactMap { achievement in
                days[achievement.id].flatMap(LocalDay.init).map { EarnedAchievement(achievement: achievement, day: $0) }
            }.sorted { $0.day < $1.day }
            return (earned, progress)
        }
    }

    /// Marks `day` as celebrated; true only the first time.
    func markCelebrated(_ day: LocalDay) throws -> Bool {
        try connection.prepare("INSERT INTO celebration (day) VALUES (?) ON CONFLICT (day) DO NOTHING").run([.day(day)])
        return connection.changes == 1
    }
}
