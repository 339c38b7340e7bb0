import FoundationEssentials
import QuestsCore

/// Streaks, achievement facts and the settings they were computed with, from one snapshot.
public struct ProgressSnapshot: Sendable {
    public let history: QuestHistory
    public let streaks: StreakSummary
    public let facts: ProgressFacts
    public let settings: Settings
    public let today: LocalDay
    /// Where the current streak stood at the start of today, kept with the judgement.
    let checkpoint: StreakCheckpoint
}

/// The last days' tallies, for the heatmap.
public struct HeatmapDays: Sendable {
    /// One tally per day, oldest first, ending today.
    public let tallies: [DayTally]
    public let weekStart: Weekday
}

/// Streaks, achievements and the heatmap: what the history adds up to.
public struct ProgressTracker {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The streaks as of `now`, and what the streak freezes did. Walked from the achievements' judgement when
    /// it is current (`Database.streaks(today:zone:settings:)`): then the summary's `daysReachingLength` holds
    /// only the lengths reached since it; the achievements read those from `achievements(now:)`.
    public func streaks(now: Now) throws -> (summary: StreakSummary, freezes: FreezeCoverage, today: LocalDay) {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let (summary, freezes) = try db.streaks(today: today, zone: now.zone, settings: settings)
            return (summary, freezes, today)
        }
    }

    /// Achievements recorded as earned, oldest first, and the progress behind them. Records
    /// any newly earned first (after an import or a back-fill, say); a read-only store shows them unrecorded.
    public func achievements(now: Now) throws -> (earned: [EarnedAchievement], progress: ProgressSnapshot) {
        let readOnly = store.inDatabase { $0.isReadOnly }
        let body = { (db: Database) in
            let progress = try db.progress(now: now)
            if !readOnly { _ = try db.recordAchievements(earnedIn: progress, now: now) }
            var days = Dictionary(
                uniqueKeysWithValues: try db.prepare("SELECT key, earned_day FROM achievement").rows {
                    ($0.text(0), $0.day(1))
                })
            if readOnly {
                for (achievement, day) in progress.facts.earned() where days[achievement.id] == nil {
                    days[achievement.id] = day
                }
            }
            let earned = Achievement.all.compactMap { achievement in
                days[achievement.id].flatMap { $0 }.map { EarnedAchievement(achievement: achievement, day: $0) }
            }.sorted { $0.day < $1.day }
            return (earned, progress)
        }
        return readOnly ? try store.read(body) : try store.write(body)
    }

    /// The tallies of the last `days` days through today, as of `now`, the days a streak freeze covered
    /// marked frozen.
    public func heatmap(days: Int, now: Now) throws -> HeatmapDays {
        try store.read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let start = today.adding(days: 1 - days)
            let tallies = try db.history(since: start, zone: now.zone, settings: settings).tallies(
                from: start, through: today)
            return HeatmapDays(
                tallies: try db.freezeCoverage(today: today, zone: now.zone).marking(tallies),
                weekStart: settings.weekStart)
        }
    }
}
