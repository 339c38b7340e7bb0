import FoundationEssentials
import QuestsCore

/// An achievement that is recorded as earned.
public struct EarnedAchievement: Sendable {
    public let achievement: Achievement
    public let day: LocalDay
}

extension Database {
    /// Every quest, and what the completions of each day from `since` (every day when nil) through `through`
    /// (nil: the last) counted, from the per-day counts the store keeps, with days read in `zone`. `settings`
    /// and `neutral` are read when nil; a caller that has read them in the same transaction passes them.
    func history(
        since: LocalDay? = nil, through: LocalDay? = nil, quests: [Quest]? = nil, zone: Zone, settings: Settings? = nil,
        neutral: NeutralDays? = nil
    ) throws -> QuestHistory {
        var reader = LocalDay.Reader()  // the days come in order
        // Without an end, no bound is tested on every row of years of days.
        let counts = try cached(
            "SELECT day, completed, unscheduled, skipped FROM day_count WHERE day "
                + (through == nil ? ">= ?" : "BETWEEN ? AND ?")
        )
        .rows([.text(since?.description ?? "")] + (through.map { [.day($0)] } ?? [])) { row -> DayCount in
            guard let day = row.parseText(0, { reader.parse($0) }) else {
                throw StoreError.damagedRecord(DamagedRecord(.dayCount, .text(row.text(0))))
            }
            return DayCount(day: day, completed: row.int(1), unscheduled: row.int(2), skipped: row.int(3))
        }
        let quests = try quests ?? self.quests()
        return QuestHistory(
            quests: quests, dayCounts: counts, rule: DayRule(zone: zone, settings: try settings ?? self.settings()),
            quotaCompletions: try quotaCompletions(of: quests, from: since, through: through),
            neutral: try neutral ?? neutralDays())
    }

    /// The completions of the flexible quests among `quests` (`Quest.quotaRuns`) from the start of the
    /// quota period holding `from` (every one when nil) through `through` (nil: the last), as a
    /// `QuestHistory` needs them to judge the periods of those days.
    func quotaCompletions(of quests: [Quest], from: LocalDay?, through: LocalDay? = nil) throws -> [(
        questNumber: Int, day: LocalDay
    )] {
        // A flexible quest's period may start up to a month before `from`. Without an end, no bound is tested
        // on every row.
        let bounds: [SQLValue] = [.text(from?.adding(days: -31).description ?? "")] + (through.map { [.day($0)] } ?? [])
        let sql = "SELECT day FROM completion WHERE quest = ? AND day " + (through == nil ? ">= ?" : "BETWEEN ? AND ?")
        var completions: [(questNumber: Int, day: LocalDay)] = []
        for quest in quests where !quest.quotaRuns.isEmpty {
            var reader = LocalDay.Reader()  // a quest's days come in order
            completions += try cached(sql).rows([.integer(Int64(quest.number))] + bounds) { row in
                guard let day = row.parseText(0, { reader.parse($0) }) else {
                    throw StoreError.damagedRecord(.record(.completions, .quest(quest.number), field: "day"))
                }
                return (quest.number, day)
            }
        }
        return completions
    }

    /// Every completion as `(quest number, day)`, for counting the days from.
    func completionPairs() throws -> [(questNumber: Int, day: LocalDay)] {
        try prepare("SELECT quest, day FROM completion").rows { row in
            guard let day = row.day(1) else {
                throw StoreError.damagedRecord(.record(.completions, .quest(row.int(0)), field: "day"))
            }
            return (row.int(0), day)
        }
    }

    /// Counts `days` again from their completions and skips with `DayRule.count` (every day when nil),
    /// replacing what the store kept for them. Every write that adds or removes a completion or a skip or
    /// changes a schedule calls it in the same transaction.
    func recount(days: [LocalDay]? = nil, quests: [Quest]? = nil) throws {
        let quests = try quests ?? self.quests()
        var byNumber: [Int: Quest] = [:]
        byNumber.reserveCapacity(quests.count)
        for quest in quests where byNumber.index(forKey: quest.number) == nil { byNumber[quest.number] = quest }
        func keep(_ count: DayCount) throws {
            // Replaces the row kept for the day, if any: one statement rather than a delete and an insert.
            try cached(
                "INSERT OR REPLACE INTO day_count (day, completed, unscheduled, skipped) VALUES (?, ?, ?, ?)"
            )
            .run([
                .day(count.day), .integer(Int64(count.completed)), .integer(Int64(count.unscheduled)),
                .integer(Int64(count.skipped)),
            ])
        }
        if let days {
            for day in Set(days) {
                let count = DayRule.count(
                    on: day, questNumbers: try completedQuestNumbers(on: day),
                    skippedNumbers: try skippedQuestNumbers(on: day), quests: byNumber)
                // A day with nothing left to count loses its row.
                if count == nil { try cached("DELETE FROM day_count WHERE day = ?").run([.day(day)]) }
                if let count { try keep(count) }
            }
        } else {
            try execute("DELETE FROM day_count")
            for count in QuestHistory.dayCounts(
                of: try completionPairs(), skips: try skips(), quests: Array(byNumber.values))
            {
                try keep(count)
            }
        }
    }

    /// The numbers of the quests skipped for `day`. (One statement for the day's recount and `complete`,
    /// which asks whether its completion lifts a skip.)
    func skippedQuestNumbers(on day: LocalDay) throws -> [Int] {
        try cached("SELECT quest FROM skip WHERE day = ?").rows([.day(day)]) { $0.int(0) }
    }

    /// Counts again the days from `day` on for which quest `number` was completed or skipped, after a
    /// change to its schedule from `day` on.
    func recount(daysOfQuest number: Int, from day: LocalDay) throws {
        let days = try cached(
            "SELECT day FROM completion WHERE quest = ? AND day >= ? UNION SELECT day FROM skip WHERE quest = ? AND day >= ?"
        )
        .rows([.integer(Int64(number)), .day(day), .integer(Int64(number)), .day(day)]) { $0.day(0) }
        if !days.isEmpty { try recount(days: days.compactMap { $0 }) }
    }

    /// The current streak as of `today`, from the checkpoint the current judgement of the achievements keeps
    /// (`StreakCheckpoint`): only the days since it are read, and none when it is today's and the caller
    /// knows whether today is cleared (`todayCleared`: `Board.isCleared` of today's board). `settings` and
    /// `neutral` are read when nil.
    func currentStreak(
        today: LocalDay, quests: [Quest], zone: Zone, settings: Settings? = nil,
        neutral: NeutralDays? = nil, todayCleared: Bool? = nil
    ) throws -> (days: Int, start: LocalDay?) {
        let checkpoint = try streakCheckpoint(today: today, zone: zone)
        if let checkpoint, checkpoint.day == today, let todayCleared {
            return checkpoint.currentStreak(onItsDayCleared: todayCleared)
        }
        let settings = try settings ?? self.settings()
        let neutral = try neutral ?? neutralDays()
        let firstDay = quests.map(\.createdDay).min() ?? today
        guard let checkpoint else {
            return try currentStreakWithoutCheckpoint(
                today: today, quests: quests, zone: zone, settings: settings, neutral: neutral, firstDay: firstDay)
        }
        let start = max(firstDay, checkpoint.day)
        return checkpoint.currentStreak(
            over: try history(
                since: start, through: today, quests: quests, zone: zone, settings: settings, neutral: neutral
            ).tallies(from: start, through: today), today: today)
    }

    /// The current streak as of `today` without a checkpoint, reading the last 64 days first (or from the
    /// first freeze's day, when earlier: which days freezes cover depends on every day since) and the whole
    /// history only when the streak runs past them. Each further read covers only the days before those
    /// already read (a day's tally depends on nothing after it).
    private func currentStreakWithoutCheckpoint(
        today: LocalDay, quests: [Quest], zone: Zone, settings: Settings, neutral: NeutralDays, firstDay: LocalDay
    ) throws -> (days: Int, start: LocalDay?) {
        let purchases = try freezePurchases()
        // The tallies read so far: consecutive days through today.
        var read: [DayTally] = []
        func tallies(from start: LocalDay) throws -> [DayTally] {
            let end = (read.first?.day ?? today.adding(days: 1)).adding(days: -1)
            if start <= end {
                // The first read runs through today: any later days it reads (early completions) go unused, and
                // they cost less than a bound tested on every row.
                read =
                    try history(
                        since: start, through: read.isEmpty ? nil : end, quests: quests, zone: zone, settings: settings,
                        neutral: neutral
                    ).tallies(from: start, through: end) + read
            }
            return read
        }
        func walk(_ tallies: [DayTally], _ purchases: [FreezePurchase]) -> (
            days: Int, start: LocalDay?, reachedEarliest: Bool
        ) {
            let freezes = Freezes.coverage(of: tallies, today: today, purchases: purchases)
            return Streaks.currentStreak(of: tallies, today: today, isNeutral: freezes.covers)
        }
        // The last 64 days alone, first: freezes bought before them may or may not be used up by then (only
        // the days since tell), so the walk is made with all of them still unused and with all used up. An
        // unused freeze can only cover more, so the streak lies between the two: when they agree and stop
        // short of the first of those days, that is the streak.
        let lastDays = max(firstDay, today.adding(days: -63))
        if let first = purchases.first, first.day < lastDays {
            let tallies = try tallies(from: lastDays)
            let generous = walk(tallies, purchases)
            let strict = walk(tallies, purchases.filter { $0.day >= lastDays })
            if !generous.reachedEarliest, !strict.reachedEarliest, generous.days == strict.days,
                generous.start == strict.start
            {
                return (strict.days, strict.start)
            }
        }
        let recent = max(firstDay, min(today.adding(days: -63), purchases.first?.day ?? today))
        let recentWalk = walk(try tallies(from: recent), purchases)
        guard recentWalk.reachedEarliest, recent > firstDay else { return (recentWalk.days, recentWalk.start) }
        let whole = walk(try tallies(from: firstDay), purchases)
        return (whole.days, whole.start)
    }

    /// The streaks over `tallies` (every day of the history through `today`), the days the streak
    /// freezes covered being neutral, and what the freezes did.
    func streaks(over tallies: [DayTally], today: LocalDay) throws -> (summary: StreakSummary, freezes: FreezeCoverage)
    {
        let freezes = Freezes.coverage(of: tallies, today: today, purchases: try freezePurchases())
        return (Streaks.summary(of: tallies, today: today, isNeutral: freezes.covers), freezes)
    }

    /// The streaks as of `today` in `zone`, and what the streak freezes did. With the checkpoint the current
    /// judgement of the achievements keeps (`StreakCheckpoint`), only the days since it are walked, and the
    /// days since the first freeze read (which days freezes cover depends on every day since); else the
    /// whole history. The walk's `daysReachingLength` then holds only the lengths reached since.
    func streaks(today: LocalDay, zone: Zone, settings: Settings) throws -> (
        summary: StreakSummary, freezes: FreezeCoverage
    ) {
        guard let checkpoint = try streakCheckpoint(today: today, zone: zone) else {
            return try streaks(over: history(zone: zone, settings: settings).tallies(through: today), today: today)
        }
        let quests = try quests()
        let purchases = try freezePurchases()
        let firstDay = quests.map(\.createdDay).min() ?? today
        let walked = max(firstDay, checkpoint.day)
        let start = max(firstDay, min(walked, purchases.first?.day ?? walked))
        let tallies = try history(since: start, quests: quests, zone: zone, settings: settings)
            .tallies(from: start, through: today)
        let freezes = Freezes.coverage(of: tallies, today: today, purchases: purchases)
        let summary = Streaks.summary(
            of: Array(tallies.drop { $0.day < walked }), today: today, isNeutral: freezes.covers,
            continuing: checkpoint.before)
        return (summary, freezes)
    }

    /// Everything achievements are judged on, as of `now`.
    func progress(now: Now, quests: [Quest]? = nil) throws -> ProgressSnapshot {
        let settings = try settings()
        let today = now.position(dayStart: settings.dayStart).day
        let history = try history(quests: quests, zone: now.zone)
        let tallies = history.tallies(through: today)
        let (streaks, freezes) = try self.streaks(over: tallies, today: today)
        let checkpoint = StreakCheckpoint(today: today, tallies: tallies, freezes: freezes)
        let recorded = Set(try cached("SELECT key FROM achievement").rows { $0.text(0) })
        // Daily Dollars earned: everything not paid out for purchases and freezes (each debited its price
        // exactly once) or booked as a bonus, adjustment or refund was earned by quests.
        let earned =
            try balance()
            + integer(
                """
                SELECT (SELECT coalesce(sum(price), 0) FROM redemption)
                     - (SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE kind = 'freeze')
                     - (SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE \(Self.otherLedgerKinds))
                """)
        let earnings = try measure(.earned, recorded: recorded, total: earned) {
            try prepare(
                "SELECT at, amount FROM ledger_entry WHERE kind IN ('quest-reward', 'undo', 'focus-task', 'focus-goal') ORDER BY id"
            )
            .rows { row -> (day: LocalDay, amount: Int) in
                guard let instant = row.timestamp(0) else {
                    throw StoreError.damagedRecord(.record(.ledger, .text(row.text(0)), field: "at"))
                }
                return (DayPosition(moment: instant, zone: now.zone, dayStart: settings.dayStart).day, row.int(1))
            }
        }
        let redemptions = try measure(.redemptions, recorded: recorded, total: try keptPurchaseCount()) {
            try prepare(
                """
                SELECT day FROM redemption r
                WHERE NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.kind = 'refund' AND e.reference = r.uuid)
                """
            ).rows { row -> (day: LocalDay, amount: Int) in
                guard let day = row.day(0) else { throw StoreError.damagedRecord(.record(.purchases, field: "day")) }
                return (day, 1)
            }
        }
        var facts = ProgressFacts(
            tallies: tallies, streaks: streaks,
            perfectWeekEnds: Streaks.perfectWeekEnds(of: tallies, today: today, weekStart: settings.weekStart),
            earnings: earnings, redemptions: redemptions)
        try addJournalMilestones(to: &facts, tallies: tallies, today: today)
        return ProgressSnapshot(
            history: history, streaks: streaks, facts: facts, settings: settings, today: today, checkpoint: checkpoint)
    }

    /// The journal's milestones' facts: entries written and days journaled, by day, and each day of
    /// `tallies` (the whole history) with a quest done (docs/journal.md).
    private func addJournalMilestones(to facts: inout ProgressFacts, tallies: [DayTally], today: LocalDay) throws {
        // A store examined by doctor may predate the journal.
        let hasJournal = try cached("SELECT 1 FROM sqlite_master WHERE name = 'journal_entry'").firstRow { $0.int(0) }
        let counts = hasJournal == nil ? [] : try journalDayCounts().filter { $0.day <= today }
        facts.events[.journalEntries] = counts.map { ($0.day, $0.entries) }
        facts.events[.journalDays] = counts.map { ($0.day, 1) }
        facts.events[.questDays] = tallies.filter { $0.completed > 0 }.map { ($0.day, 1) }
    }

    /// A measure's `total`, or its dated events (a costlier read) when an achievement of `kind` that is
    /// not `recorded` yet has been reached and needs its day.
    private func measure(
        _ kind: AchievementKind, recorded: Set<String>, total: Int,
        dated: () throws -> [(day: LocalDay, amount: Int)]
    ) throws -> Measure {
        let reached = Achievement.all.contains { $0.kind == kind && $0.threshold <= total && !recorded.contains($0.id) }
        return reached ? .dated(try dated()) : .total(total)
    }

    /// How many purchases of rewards count towards achievements: those not refunded (each refund refunds
    /// a different purchase, as `LedgerAudit` checks); streak freezes are not rewards.
    func keptPurchaseCount() throws -> Int {
        // The partial index's condition comes first so that SQLite may use the index (it cannot tell that
        // kind = 'refund' implies it) instead of scanning the whole ledger.
        try integer(
            """
            SELECT (SELECT count(*) FROM redemption)
                 - (SELECT count(*) FROM ledger_entry e WHERE \(Self.otherLedgerKinds) AND kind = 'refund'
                    AND NOT EXISTS (SELECT 1 FROM ledger_entry f WHERE f.uuid = e.reference AND f.kind = 'freeze'))
            """)
    }

    /// The condition of the partial index `ledger_entry_other_kinds` (migration step 15), spelled as the
    /// index has it: SQLite reads a partial index only for a query that states its condition.
    static let otherLedgerKinds = "(kind = 'bonus' OR kind = 'adjustment' OR kind = 'refund')"

    /// The one number `sql` selects.
    private func integer(_ sql: String) throws -> Int {
        try cached(sql).firstRow { $0.int(0) } ?? 0
    }

    /// Records every achievement the history now earns, after the write it is part of changed the store,
    /// and returns the ones new to the store. The key makes a second award impossible, even from a
    /// concurrent process.
    func recordAchievements(now: Now, quests: [Quest]? = nil) throws -> [EarnedAchievement] {
        try recordAchievements(earnedIn: try progress(now: now, quests: quests), now: now, afterWriting: true)
    }

    /// Records what a write that made only `change` earned, and returns the achievements new to the store:
    /// nothing to judge when the store was judged in full before the write (`judgedBefore`, from
    /// `isJudged(today:zone:)` read before it) and the change cannot have earned anything
    /// (`ProgressChange`); else the whole history is judged.
    /// - Parameter boardCleared: false when the board of the change's day, made after it, is not cleared:
    ///   then neither is the day's tally (`Board.isCleared`: its due quests are the ones the tally counts),
    ///   which need not be read.
    func recordAchievements(
        after change: ProgressChange, judgedBefore: Bool, boardCleared: Bool = true, now: Now, settings: Settings,
        quests: [Quest]
    ) throws -> [EarnedAchievement] {
        if judgedBefore,
            try stillJudged(after: change, boardCleared: boardCleared, now: now, settings: settings, quests: quests)
        {
            return []
        }
        return try recordAchievements(now: now, quests: quests)
    }

    /// Whether the store, judged in full before a write that made only `change`, still holds every
    /// achievement its history earns, with its day; then it is marked judged again. Only when
    /// `isJudged(today:zone:)` was true before the write. `quests` are read when nil and asked for.
    func stillJudged(
        after change: ProgressChange, boardCleared: Bool = true, now: Now, settings: Settings, quests: [Quest]?
    ) throws -> Bool {
        let today = now.position(dayStart: settings.dayStart).day
        // The recorded days by key, read straight into the dictionary (a first use of any other type, such as
        // an array of pairs, costs `complete` its metadata).
        var recorded: [String: LocalDay] = [:]
        var unreadable = false
        try cached("SELECT key, earned_day FROM achievement").forEachRow { row in
            guard let day = row.day(1) else {
                unreadable = true
                return
            }
            let key = row.text(0)
            if recorded[key] == nil { recorded[key] = day }
        }
        // A day that does not read is left to the full judgement, as before.
        guard !unreadable else { return false }
        let mayChange = try change.mayChangeAchievements(
            today: today, weekStart: settings.weekStart, recorded: recorded,
            completions: { try integer("SELECT count(*) FROM completion") },
            todayCleared: {
                try boardCleared
                    && history(since: today, quests: quests, zone: now.zone, settings: settings).tally(on: today)
                        .isCleared
            },
            currentStreak: {
                try currentStreak(today: today, quests: quests ?? self.quests(), zone: now.zone, settings: settings)
                    .days
            })
        if mayChange { return false }
        try renewJudgement()
        return true
    }

    /// Whether a full judgement as of `today` in `zone` recorded every achievement the history earns, and
    /// no write came after it (it keeps the store's write count it was made at: `countWrite`).
    func isJudged(today: LocalDay, zone: Zone) throws -> Bool {
        try cached(
            """
            SELECT 1 FROM achievements_judged j, store_change c WHERE j.day = ? AND j.zone = ? AND j.changes = c.count
            """
        ).firstRow([.day(today), .text(zone.fingerprint)]) { _ in true } ?? false
    }

    /// Marks the store judged as of `checkpoint`'s day in `zone`: every achievement its history earns is
    /// recorded, and the checkpoint is kept with the mark. The last thing a write does, so the mark holds the
    /// count its transaction ends with.
    private func markJudged(_ checkpoint: StreakCheckpoint, zone: Zone) throws {
        try cached(
            """
            INSERT OR REPLACE INTO achievements_judged (
                id, day, zone, changes, streak_days, streak_start, freezes_unused, longest_days, longest_start,
                longest_end)
            VALUES (1, ?, ?, (SELECT count + 1 FROM store_change), ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .day(checkpoint.day), .text(zone.fingerprint), .integer(Int64(checkpoint.before.current)),
            checkpoint.before.currentStart.map { .day($0) } ?? .null, .text(checkpoint.freezeList),
            .integer(Int64(checkpoint.before.longest)), checkpoint.before.longestStart.map { .day($0) } ?? .null,
            checkpoint.before.longestEnd.map { .day($0) } ?? .null,
        ])
    }

    /// Marks the judgement current again after a write that changed only its day (`stillJudged`): the days
    /// before it are as it saw them. The last thing a write does.
    private func renewJudgement() throws {
        try cached("UPDATE achievements_judged SET changes = (SELECT count + 1 FROM store_change)").run()
    }

    /// Records the achievements `progress` earns, and returns the ones new to the store. `afterWriting`: the
    /// write this is part of changed the store already.
    func recordAchievements(earnedIn progress: ProgressSnapshot, now: Now, afterWriting: Bool = false) throws
        -> [EarnedAchievement]
    {
        var new: [EarnedAchievement] = []
        for (achievement, day) in progress.facts.earned() where try record(achievement, earnedOn: day, at: now.instant)
        {
            new.append(EarnedAchievement(achievement: achievement, day: day))
        }
        // Every achievement the history earns is now recorded, with its earliest day. Marked so unless a mark
        // made before holds still, which only a command that wrote nothing keeps (it then writes nothing): the
        // count of a write that changed the store moves past its mark.
        if try afterWriting || !isJudged(today: progress.today, zone: now.zone) {
            try markJudged(progress.checkpoint, zone: now.zone)
        }
        return new
    }

    /// Records `achievement` as earned on `day`, or moves its recorded day back to `day` when that is
    /// earlier (a back-fill made the history meet its goal sooner); never later. True only the first time.
    func record(_ achievement: Achievement, earnedOn day: LocalDay, at moment: Date) throws -> Bool {
        let record = Backup.AchievementRecord(achievement: achievement, earnedDay: day, recordedAt: moment)
        let declaration = Backup.AchievementRecord.declaration
        // Its recorded day alone is read: a row whose day does not read is left as it is (`doctor` reports it)
        // rather than failing the command that earned it again.
        if let recorded = try cached("SELECT earned_day FROM achievement WHERE key = ?").firstRow(
            [.text(achievement.id)], { $0.day(0) })
        {
            if let recorded, day < recorded {
                try update(record, as: declaration, on: "key", omitting: ["recorded_at"])
            }
            return false
        }
        return try insertIfAbsent(record, as: declaration)
    }

    /// Marks `day` as celebrated; true only the first time.
    func markCelebrated(_ day: LocalDay) throws -> Bool {
        try insertIfAbsent(day, as: Backup.Celebration.declaration)
    }
}
