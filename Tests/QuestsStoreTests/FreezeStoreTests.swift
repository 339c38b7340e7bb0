import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

/// Streak freezes in the store: the ledger rules, backups of version 3, and the earned total.
@Suite struct FreezeStoreTests {
    static func fixture(_ version: Int) throws -> [UInt8] { try BackupFixtureTests.fixture(version: version) }

    @Test func version3CarriesFreezesAndTheirDays() throws {
        let backup = try Backup.decode(try Self.fixture(3))
        let freezes = backup.ledger.filter { $0.kind == .freeze }
        #expect(
            freezes.map(\.day) == [LocalDay("2026-03-31"), LocalDay("2026-03-31")]
                && backup.settings[.freezePrice] == "40")
        let restored = try TemporaryStore()
        try Backups(restored.store).restore(backup, savingCurrentTo: restored.folder + "/saved.sqlite")
        // One of the two was refunded: one is owned.
        #expect(try restored.store.db.freezePurchases().map(\.id) == [freezes[0].id])
        #expect(try restored.store.db.ledgerProblems().isEmpty)
        #expect(try RewardShop(restored.store).redemptions().map(\.isFreeze) == [true, true, false])
        let imported = try TemporaryStore()
        #expect(try Backups(imported.store).importBackup(backup, dryRun: false)[.ledger].added == backup.ledger.count)
        #expect(try imported.store.db.freezePurchases().map(\.id) == [freezes[0].id])
        // Importing it again finds every entry present, the freezes' days included.
        #expect(try Backups(imported.store).importBackup(backup, dryRun: false)[.ledger].present == backup.ledger.count)
    }

    @Test func aFreezeNeedsItsDayAndNothingElseHasOne() throws {
        let text = String(decoding: try Self.fixture(3), as: UTF8.self)
        let noDay = text.replacingOccurrences(
            of: #""memo":"streak freeze","day":"2026-03-31""#, with: #""memo":"streak freeze","day":null"#)
        #expect(throws: BackupError.invalid(JSONError(path: "ledger[13].day", problem: .missing))) {
            try Backup.decode(Array(noDay.utf8))
        }
        let dayOnUndo = text.replacingOccurrences(
            of: #""memo":"undo Drink water · 2026-03-30","day":null"#,
            with: #""memo":"undo Drink water · 2026-03-30","day":"2026-03-30""#)
        #expect(throws: BackupError.invalid(JSONError(path: "ledger[8].day", problem: .dayOnlyForFreeze))) {
            try Backup.decode(Array(dayOnUndo.utf8))
        }
        // A version-2 document has no day field at all, and still reads.
        #expect(try Backup.decode(try Self.fixture(2)).ledger.allSatisfy { $0.day == nil })
    }

    @Test func theLedgerRulesKnowFreezesAndTheirRefunds() {
        typealias Entry = LedgerAudit.Entry<String>
        let earned = Entry(id: "e", amount: 100, kind: .bonus, reference: nil)
        let freeze = Entry(id: "f", amount: -50, kind: .freeze, reference: nil)
        func problems(_ ledger: [Entry]) -> [LedgerProblem<String>] {
            LedgerAudit.problems(
                schedules: [:], completions: [LedgerAudit.Completion<String>](), ledger: ledger,
                purchases: [LedgerAudit.Purchase<String>]())
        }
        #expect(problems([earned, freeze, Entry(id: "r", amount: 50, kind: .refund, reference: "f")]).isEmpty)
        #expect(
            problems([earned, freeze, Entry(id: "r", amount: 40, kind: .refund, reference: "f")])
                == [.wrongAmount(entry: "r", kind: .refund, amount: 40, expected: 50)])
        #expect(
            problems([
                earned, freeze, Entry(id: "r", amount: 50, kind: .refund, reference: "f"),
                Entry(id: "s", amount: 50, kind: .refund, reference: "f"),
            ]) == [.refundedAgain(entry: "s", purchase: "f")])
        #expect(
            problems([earned, Entry(id: "f", amount: 50, kind: .freeze, reference: nil)])
                == [.wrongAmount(entry: "f", kind: .freeze, amount: 50, expected: -50)])
    }

    @Test func freezesAreNotRewardsAndCostNothingEarned() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Big", notes: "", schedule: Schedule(reward: 300), now: TemporaryStore.now("2026-11-20T08:00"))
        _ = try Completing(store).complete("big", now: TemporaryStore.now("2026-11-20T09:00"))
        let now = TemporaryStore.now("2026-11-21T09:00")
        let bought = try Forgiveness(store).buyFreeze(now: now)
        #expect(bought.balance == 250 && bought.owned == 1 && bought.freeze.day == LocalDay("2026-11-21"))
        #expect(try store.read { db in try db.progress(now: now) }.facts.value(of: .earned) == 300)
        #expect(try store.read { db in try db.keptPurchaseCount() } == 0)
        _ = try RewardShop(store).refundLastPurchase(now: now)
        #expect(try store.read { db in try db.keptPurchaseCount() } == 0)
        #expect(try store.read { db in try db.progress(now: now) }.facts.value(of: .earned) == 300)
    }

    /// The current streak the board reads from the last days alone, freezes bought long before included,
    /// is the one the whole history gives, on histories from patchy (freezes used at once) to nearly
    /// perfect (freezes kept for months).
    @Test(arguments: [(1, 0.6), (2, 0.85), (3, 0.95), (4, 0.99)])
    func theBoardsStreakIsTheWholeHistorysWithOldFreezes(seed: UInt64, rate: Double) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-01")!
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-03-01T08:00"))
        for offset in 0..<120 {
            let day = first.adding(days: offset)
            if Double.random(in: 0..<1, using: &random) < rate {
                _ = try Completing(store).complete(ItemReference("1"), now: TemporaryStore.now("\(day)T12:00"))
            }
            if offset < 40, offset % 8 == 7 {
                _ = try? Forgiveness(store).buyFreeze(now: TemporaryStore.now("\(day)T13:00"))
            }
            guard offset >= 70 else { continue }
            let board = try QuestBoard(store).board(now: TemporaryStore.now("\(day)T20:00"))
            let whole = try store.wholeHistoryStreaks(now: TemporaryStore.now("\(day)T20:00")).summary
            #expect(board.streak == whole.current, "seed \(seed), \(day)")
            #expect(
                try store.read { db in try db.currentStreak(today: day, quests: try db.quests(), zone: .utc) }.start
                    == whole.currentStart)
        }
        #expect(try store.db.freezePurchases().count >= 2)
    }

    /// The same with flexible quests (whose quota periods run across the spans the streak reads one after
    /// another), skips and vacations: the board's streak, read from a checkpoint of today or from the last
    /// days and then from the days before them, is the whole history's.
    @Test(arguments: [(5, 0.7), (6, 0.9), (7, 0.97)])
    func theBoardsStreakIsTheWholeHistorysWithFlexibleQuests(seed: UInt64, rate: Double) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-01-05")!
        let start = TemporaryStore.now("2026-01-05T08:00")
        _ = try QuestBoard(store).add(title: "Read", notes: "", schedule: Schedule(), now: start)
        _ = try QuestBoard(store).add(
            title: "Gym", notes: "", schedule: Schedule(kind: .quota(times: 2, per: .week)), now: start)
        _ = try QuestBoard(store).add(
            title: "Call", notes: "", schedule: Schedule(kind: .quota(times: 1, per: .month)), now: start)
        for offset in 0..<170 {
            let day = first.adding(days: offset)
            if offset % 17 == 3 {
                _ = try Forgiveness(store).addVacation(
                    from: .today, through: .date(day.adding(days: Int(random.next() % 3))),
                    now: TemporaryStore.now("\(day)T06:00"))
            }
            for number in 1...3 where Double.random(in: 0..<1, using: &random) < (number == 1 ? rate : rate / 2) {
                _ = try? Completing(store).complete(ItemReference("\(number)"), now: TemporaryStore.now("\(day)T12:00"))
            }
            if Double.random(in: 0..<1, using: &random) < 0.03 {
                _ = try? Forgiveness(store).skip(ItemReference("1"), now: TemporaryStore.now("\(day)T07:00"))
            }
            if offset < 60, offset % 9 == 8 {
                _ = try? Forgiveness(store).buyFreeze(now: TemporaryStore.now("\(day)T13:00"))
            }
            guard offset >= 100 else { continue }
            let board = try QuestBoard(store).board(now: TemporaryStore.now("\(day)T20:00"))
            let whole = try store.wholeHistoryStreaks(now: TemporaryStore.now("\(day)T20:00")).summary
            #expect(board.streak == whole.current, "seed \(seed), \(day)")
            #expect(
                try store.read { db in try db.currentStreak(today: day, quests: try db.quests(), zone: .utc) }.start
                    == whole.currentStart)
        }
        #expect(try store.db.freezePurchases().count >= 2)
    }

    /// Without freezes, the streak the board reads from the last days, then the whole history, is the whole
    /// history's, for streaks short and long.
    @Test(arguments: [(8, 0.9), (9, 0.97), (10, 1.0)])
    func theBoardsStreakIsTheWholeHistorysWithoutFreezes(seed: UInt64, rate: Double) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-01")!
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-03-01T08:00"))
        var lengths: Set<Int> = []
        for offset in 0..<100 {
            let day = first.adding(days: offset)
            if Double.random(in: 0..<1, using: &random) < rate {
                _ = try Completing(store).complete(ItemReference("1"), now: TemporaryStore.now("\(day)T12:00"))
            }
            let board = try QuestBoard(store).board(now: TemporaryStore.now("\(day)T20:00"))
            let whole = try store.wholeHistoryStreaks(now: TemporaryStore.now("\(day)T20:00")).summary
            #expect(board.streak == whole.current, "seed \(seed), \(day)")
            #expect(
                try store.read { db in try db.currentStreak(today: day, quests: try db.quests(), zone: .utc) }.start
                    == whole.currentStart)
            lengths.insert(whole.current)
        }
        if rate == 1.0 { #expect(lengths.contains(10) && lengths.contains(70)) }
    }

    /// Boards on the days after a judgement of the achievements, with no write between, walk only the days
    /// since it (`StreakCheckpoint`); their streak is the whole history's, the freezes left unused by then
    /// covering days missed since, a flexible quest's periods ending since included.
    @Test(arguments: [(11, 0.8), (12, 0.97)])
    func theBoardsStreakFromAnEarlierJudgementIsTheWholeHistorys(seed: UInt64, rate: Double) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-02")!
        let start = TemporaryStore.now("2026-03-02T08:00")
        _ = try QuestBoard(store).add(title: "Read", notes: "", schedule: Schedule(reward: 30), now: start)
        _ = try QuestBoard(store).add(
            title: "Gym", notes: "", schedule: Schedule(kind: .quota(times: 2, per: .week)), now: start)
        for offset in 0..<60 {
            let day = first.adding(days: offset)
            for number in 1...2 where Double.random(in: 0..<1, using: &random) < (number == 1 ? rate : rate / 3) {
                _ = try? Completing(store).complete(ItemReference("\(number)"), now: TemporaryStore.now("\(day)T12:00"))
            }
            if offset % 10 == 9 || offset >= 57 {
                _ = try Forgiveness(store).buyFreeze(now: TemporaryStore.now("\(day)T13:00"))
            }
        }
        let judged = first.adding(days: 59)
        _ = try ProgressTracker(store).achievements(now: TemporaryStore.now("\(judged)T21:00"))
        var coveredSince = 0
        for offset in 0..<12 {
            let day = judged.adding(days: offset)
            let now = TemporaryStore.now("\(day)T20:00")
            #expect(try store.read { db in try db.streakCheckpoint(today: day, zone: now.zone)?.day } == judged)
            let whole = try store.wholeHistoryStreaks(now: now)
            #expect(try QuestBoard(store).board(now: now).streak == whole.summary.current, "seed \(seed), \(day)")
            #expect(
                try store.read { db in try db.currentStreak(today: day, quests: try db.quests(), zone: .utc) }.start
                    == whole.summary.currentStart, "seed \(seed), \(day)")
            coveredSince = whole.freezes.covered.filter { $0.day >= judged }.count
        }
        #expect(coveredSince >= 2)
        // Before its day the checkpoint does not hold: the clock set back walks the whole history.
        let zone = TemporaryStore.now("\(judged)T21:00").zone
        #expect(try store.read { db in try db.streakCheckpoint(today: judged.adding(days: -1), zone: zone) } == nil)
    }

    /// A write that judges the achievements keeps a checkpoint of what it saw: a completion of the
    /// judgement's own day or of an earlier one. A write of what this machine keeps for itself alone, or of
    /// the focus when its pay cannot earn anything, leaves it current. Any other write, such as a skip of a past day, an undo of one or a freeze bought, leaves
    /// the checkpoint behind, and the board walks the history.
    @Test func aCheckpointHoldsOnlyWhileNoWriteCameAfterItsJudgement() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-02")!
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(reward: 60), now: TemporaryStore.now("2026-03-02T08:00"))
        _ = try QuestBoard(store).add(
            title: "Walk", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-03-02T08:00"))
        for offset in 0..<20 where offset != 16 {
            let now = TemporaryStore.now("\(first.adding(days: offset))T12:00")
            for number in ["1", "2"] { _ = try Completing(store).complete(ItemReference(number), now: now) }
        }
        let today = first.adding(days: 20)
        let now = TemporaryStore.now("\(today)T12:00")
        _ = try ProgressTracker(store).achievements(now: now)
        func checkpoint() throws -> LocalDay? {
            try store.read { db in try db.streakCheckpoint(today: today, zone: now.zone)?.day }
        }
        func streak() throws -> Int {
            let board = try QuestBoard(store).board(now: now).streak
            #expect(board == (try store.wholeHistoryStreaks(now: now).summary.current))
            return board
        }
        #expect(try checkpoint() == today && streak() == 3)
        _ = try Completing(store).complete(ItemReference("1"), now: now)
        #expect(try checkpoint() == today && streak() == 3)
        // What this machine keeps for itself (the reminders it sent, the cheer it showed last) changes
        // nothing the judgement saw.
        #expect(try Reminding(store).reminders(now: now, record: true).entries.map(\.quest.number) == [2])
        _ = try Cheers(store).next("done", among: 5)
        #expect(try checkpoint() == today && store.read { db in try db.isJudged(today: today, zone: now.zone) })
        // Nor does the day's focus, while what it pays cannot reach an achievement not recorded yet: here
        // one for the DD earned is not, and paying a task leaves the store to be judged by the next command.
        _ = try FocusPlanner(store).addTask("Stretch", now: now)
        #expect(try checkpoint() == today && streak() == 3)
        _ = try FocusPlanner(store).completeTask(ItemReference(number: 1), now: now)
        #expect(try checkpoint() == nil && streak() == 3)
        _ = try ProgressTracker(store).achievements(now: now)
        // Skipping what was due on the missed day excuses it; the skip does not judge, and the checkpoint,
        // which saw the day missed, no longer holds.
        for number in ["1", "2"] {
            _ = try Forgiveness(store).skip(ItemReference(number), on: .date(first.adding(days: 16)), now: now)
        }
        #expect(try checkpoint() == nil && streak() == 19)
        _ = try ProgressTracker(store).achievements(now: now)
        #expect(try checkpoint() == today && streak() == 19)
        _ = try Completing(store).undo(ItemReference("2"), on: .date(first.adding(days: 18)), now: now)
        #expect(try checkpoint() == nil && streak() == 1)
        // Completing an earlier day judges in full, and keeps what it saw.
        _ = try Completing(store).complete(ItemReference("2"), on: .date(first.adding(days: 18)), now: now)
        #expect(try checkpoint() == today && streak() == 19)
        _ = try Forgiveness(store).buyFreeze(now: now)
        #expect(try checkpoint() == nil && streak() == 19)
    }

    /// An undo that takes away a quest deleted on another machine (kept here for that completion alone)
    /// changes every day the quest was due on: the store is left unjudged, and the board's streak is the
    /// whole history's, the days it alone missed no longer missed.
    @Test func anUndoThatTakesAwayADeletedQuestLeavesTheStoreUnjudged() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-02")!
        let start = TemporaryStore.now("2026-03-02T08:00")
        _ = try QuestBoard(store).add(title: "Read", notes: "", schedule: Schedule(reward: 60), now: start)
        let walk = try QuestBoard(store).add(title: "Walk", notes: "", schedule: Schedule(), now: start)
        for offset in 0..<10 {
            _ = try Completing(store).complete(
                ItemReference("1"), now: TemporaryStore.now("\(first.adding(days: offset))T12:00"))
        }
        let today = first.adding(days: 10)
        let now = TemporaryStore.now("\(today)T12:00")
        _ = try Completing(store).complete(ItemReference("2"), now: now)
        _ = try ProgressTracker(store).achievements(now: now)
        #expect(try QuestBoard(store).board(now: now).streak == 0)
        // As a sync brings it: Walk was deleted on another machine, and stays here for today's completion.
        try store.db.execute(
            """
            INSERT INTO sync_register (kind, key, field, value, stamp) VALUES
            ('quest', '\(walk.id.uuidString)', 'deleted', '1', '2026-03-12T11:00:00Z')
            """)
        _ = try ProgressTracker(store).achievements(now: now)
        #expect(try store.read { db in try db.streakCheckpoint(today: today, zone: now.zone) } != nil)
        _ = try Completing(store).undo(ItemReference("2"), now: now)
        #expect(try store.read { db in try db.quests() }.map(\.title) == ["Read"])
        #expect(try store.read { db in try db.streakCheckpoint(today: today, zone: now.zone) } == nil)
        let whole = try store.wholeHistoryStreaks(now: now).summary.current
        #expect(try whole == 10 && QuestBoard(store).board(now: now).streak == whole)
    }

    /// A judgement made before the checkpoint was kept (version 27) or before it kept the longest streak, or a
    /// checkpoint whose freezes or streaks do not read, is no checkpoint: the board walks the history, and the
    /// next full judgement keeps one again.
    @Test(arguments: [
        "streak_days = NULL, streak_start = NULL, freezes_unused = NULL", "freezes_unused = '2026-03-09/not-a-uuid'",
        "streak_start = NULL", "streak_days = 0", "longest_days = NULL, longest_start = NULL, longest_end = NULL",
        "longest_end = NULL", "longest_days = 3",
    ])
    func aJudgementWithoutAReadableCheckpointIsWalkedPast(damage: String) throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let first = LocalDay("2026-03-02")!
        _ = try QuestBoard(store).add(
            title: "Read", notes: "", schedule: Schedule(reward: 60), now: TemporaryStore.now("2026-03-02T08:00"))
        for offset in 0..<10 where offset != 4 {
            _ = try Completing(store).complete(
                ItemReference("1"), now: TemporaryStore.now("\(first.adding(days: offset))T12:00"))
            if offset == 2 {
                _ = try Forgiveness(store).buyFreeze(now: TemporaryStore.now("\(first.adding(days: offset))T13:00"))
            }
        }
        let today = first.adding(days: 10)
        let now = TemporaryStore.now("\(today)T12:00")
        _ = try ProgressTracker(store).achievements(now: now)
        try store.db.execute("UPDATE achievements_judged SET \(damage)")
        #expect(try store.read { db in try db.isJudged(today: today, zone: now.zone) })
        #expect(try store.read { db in try db.streakCheckpoint(today: today, zone: now.zone) } == nil)
        // The day missed in between is covered by the freeze.
        #expect(try QuestBoard(store).board(now: now).streak == 9)
        _ = try Completing(store).complete(ItemReference("1"), now: now)
        #expect(try store.read { db in try db.streakCheckpoint(today: today, zone: now.zone)?.before.current } == 9)
        #expect(try QuestBoard(store).board(now: now).streak == 10)
    }

    @Test func anOlderStoreMigratesAndTakesFreezes() throws {
        let temporary = try TemporaryStore()
        let path = temporary.folder + "/older.sqlite"
        do {
            // The store as it was before the freeze step.
            let freezeStep = try #require(Migrations.steps.firstIndex { $0.name.hasPrefix("allow streak freeze") })
            let old = try TemporaryStore.olderStore(version: freezeStep, at: path)
            try old.execute(
                """
                INSERT INTO ledger_entry (id, uuid, at, amount, kind, reference, memo, running_balance) VALUES
                    (3, 'A', '2026-11-01T10:00:00Z', 70, 'bonus', NULL, 'gift', 70);
                """)
        }
        let store = try QuestStore(path: path, ids: .counting())
        #expect(
            try store.db.prepare("SELECT id, uuid, day FROM ledger_entry").rows {
                "\($0.int(0)) \($0.text(1)) \($0.optionalText(2) ?? "-")"
            }
                == ["3 A -"])
        #expect(try Forgiveness(store).buyFreeze(now: TemporaryStore.now("2026-11-02T10:00")).balance == 20)
        // The CHECK ties the day to the kind.
        #expect(throws: DatabaseError.self) {
            try store.db.execute(
                "INSERT INTO ledger_entry (uuid, at, amount, kind, running_balance) VALUES ('X', '', -5, 'freeze', 15)")
        }
    }
}
