import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

/// The per-day counts the store keeps (filled in Swift with `DayRule.count`) must always say what the
/// domain says when it counts the completions itself.
@Suite struct DayCountTests {
    /// The store's tallies against the domain's count of the raw completions.
    func expectCountsAgree(
        _ store: QuestStore, through today: LocalDay, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let quests = try store.db.quests()
        let kept = try store.db.history(quests: quests, zone: DayRule.utc.zone).tallies(through: today)
        let counted = QuestHistory(
            quests: quests, completions: try store.db.completionPairs(), neutral: try store.db.neutralDays()
        ).tallies(through: today)
        #expect(kept == counted, comment, sourceLocation: sourceLocation)
    }

    /// Random completes, back-fills, undos, skips, unskips, vacations, schedule edits (also of days already
    /// completed or skipped) and archives over six weeks; the counts agree after every day, and after a
    /// restore of the result.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func countsFollowEveryChange(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        let start = LocalDay("2026-10-01")!
        let patterns: [WeekdaySet] = [.daily, .weekdays, .weekends, WeekdaySet([.monday, .thursday])]
        for number in 1...5 {
            _ = try QuestBoard(store).add(
                title: "Quest \(number)", notes: "", schedule: Schedule(weekdays: patterns[number % patterns.count]),
                now: TemporaryStore.now("\(start)T08:00"))
        }
        for offset in 0..<42 {
            let today = start.adding(days: offset)
            for _ in 0..<Int.random(in: 2...8, using: &random) {
                let now = TemporaryStore.now(
                    "\(today)T\(String(format: "%02d", Int.random(in: 8...22, using: &random))):00")
                let quest = ItemReference(String(Int.random(in: 1...6, using: &random)))  // #6 does not exist: refused
                let day = DayReference.date(today.adding(days: -Int.random(in: 0...3, using: &random)))
                switch Int.random(in: 0..<13, using: &random) {
                case 0..<6: _ = try? Completing(store).complete(quest, on: day, now: now)
                case 6..<8: _ = try? Completing(store).undo(quest, on: day, now: now)
                case 10: _ = try? Forgiveness(store).skip(quest, on: day, now: now)
                case 11: _ = try? Forgiveness(store).unskip(quest, on: day, now: now)
                case 12:
                    _ = try? Forgiveness(store).addVacation(
                        from: day, through: .date(today.adding(days: Int.random(in: 0...3, using: &random))), now: now)
                case 8:
                    _ = try? QuestBoard(store).edit(
                        quest, changes: QuestChanges(weekdays: patterns.randomElement(using: &random)), now: now)
                default:
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        _ = try? QuestBoard(store).archive(quest, now: now)
                    }
                }
            }
            try expectCountsAgree(store, through: today, "seed \(seed), \(today)")
        }
        let end = start.adding(days: 41)
        let copy = try TemporaryStore()
        try Backups(copy.store).restore(
            try Backups(store).backup(appVersion: "test", exportedAt: Date()),
            savingCurrentTo: copy.folder + "/saved.sqlite")
        try expectCountsAgree(copy.store, through: end, "seed \(seed), restored")
        #expect(
            try copy.store.db.history(zone: DayRule.utc.zone).tallies(through: end)
                == store.db.history(zone: DayRule.utc.zone).tallies(through: end))
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    /// Importing a schedule change made on another machine recounts the days it reaches back to; the
    /// completion made before it stays part of its day.
    @Test func importedScheduleChangesRecount() throws {
        let laptop = try TemporaryStore()
        let created = TemporaryStore.now("2026-11-01T08:00")
        _ = try QuestBoard(laptop.store).add(title: "Read", notes: "", schedule: Schedule(), now: created)
        let desktop = try TemporaryStore()
        try Backups(desktop.store).restore(
            try Backups(laptop.store).backup(appVersion: "test", exportedAt: Date()),
            savingCurrentTo: desktop.folder + "/saved.sqlite")
        // The desktop completes Read on Monday the 16th; the laptop had made Read weekends-only from the 10th.
        _ = try Completing(desktop.store).complete(
            "read", on: DayReference("2026-11-16"), now: TemporaryStore.now("2026-11-16T20:00"))
        _ = try QuestBoard(laptop.store).edit(
            "read", changes: QuestChanges(weekdays: .weekends), now: TemporaryStore.now("2026-11-10T08:00"))
        _ = try Backups(desktop.store).importBackup(
            try Backups(laptop.store).backup(appVersion: "test", exportedAt: Date()), dryRun: false)
        let today = LocalDay("2026-11-21")!
        try expectCountsAgree(desktop.store, through: today)
        #expect(
            try desktop.store.db.history(zone: DayRule.utc.zone).tally(on: LocalDay("2026-11-16")!)
                == DayTally(day: LocalDay("2026-11-16")!, scheduled: 1, completed: 1))
        #expect(
            try desktop.store.db.prepare("SELECT day, completed, unscheduled FROM day_count").rows {
                "\($0.text(0))=\($0.int(1))/\($0.int(2))"
            }
                == ["2026-11-16=1/1"])
    }

    /// A store written before the counts existed gets them when it is upgraded: every completion counts,
    /// those of quests not scheduled on their day (or before the quest existed) as unscheduled ones.
    @Test func upgradingAnOlderStoreCountsItsHistory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quests-upgrade-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/old.sqlite"
        let old = try TemporaryStore.olderStore(version: 3, at: path)
        try old.execute(
            """
            INSERT INTO quest (number, uuid, title, created_day) VALUES (1, '6532BFC7-AA2F-474C-A762-C0354C5D592A', 'Run', '2026-11-02'), (2, '6532BFC7-AA2F-474C-A762-C0354C5D592B', 'Read', '2026-11-02');
            INSERT INTO quest_version (quest, effective_from, weekdays, reward) VALUES (1, '2026-11-02', 31, 10), (2, '2026-11-02', 127, 10);
            INSERT INTO completion (uuid, quest, day, completed_at) VALUES
                ('c1', 1, '2026-11-02', 'x'), ('c2', 2, '2026-11-02', 'x'),  -- Monday: both count
                ('c3', 1, '2026-11-08', 'x'), ('c4', 2, '2026-11-08', 'x'),  -- Sunday: the run is not scheduled
                ('c5', 1, '2026-11-01', 'x');                                -- before the quest existed
            """)
        let store = try QuestStore(path: path, ids: .counting())
        #expect(
            try store.db.prepare("SELECT day, completed, unscheduled FROM day_count ORDER BY day").rows {
                "\($0.text(0))=\($0.int(1))/\($0.int(2))"
            }
                == ["2026-11-01=1/1", "2026-11-02=2/0", "2026-11-08=2/1"])
        try expectCountsAgree(store, through: LocalDay("2026-11-21")!)
    }
}
