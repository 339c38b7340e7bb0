import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Flexible and every-N-days schedules in the store: migrated, kept, backed up, and counted by the day rule.
@Suite struct FlexibleScheduleStoreTests {
    @Test func aStoreFromBeforeKindsMigratesToWeekdayQuests() throws {
        let temporary = try TemporaryStore()
        let path = temporary.folder + "/old.sqlite"
        let old = try TemporaryStore.olderStore(version: Migrations.latestVersion - 1, at: path)
        try old.execute(
            """
            INSERT INTO quest (number, uuid, title, created_day) VALUES (1, '84E909CB-6C07-48A0-8A4D-0E5C64B977BA', 'Read', '2026-11-16');
            INSERT INTO quest_version (quest, effective_from, weekdays, reward) VALUES (1, '2026-11-16', 31, 10);
            """)
        let store = try QuestStore(path: path, ids: .counting())
        let quest = try #require(try store.db.quests().first)
        #expect(quest.versions.map(\.schedule.kind) == [.weekdays])
        #expect(quest.versions.first?.schedule.weekdays == .weekdays)
    }

    @Test func version1BackupsRestoreAndImportAsWeekdayQuests() throws {
        let backup = try Backup.decode(try BackupFixtureTests.fixture(version: 1))
        #expect(backup.quests.flatMap(\.versions).allSatisfy { $0.schedule.kind == .weekdays })
        let restored = try TemporaryStore()
        try Backups(restored.store).restore(backup, savingCurrentTo: restored.folder + "/saved.sqlite")
        #expect(try restored.store.db.quests().flatMap(\.versions).allSatisfy { $0.schedule.kind == .weekdays })
        let imported = try TemporaryStore()
        _ = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(try imported.store.db.quests().flatMap(\.versions).allSatisfy { $0.schedule.kind == .weekdays })
    }

    @Test func version2BackupsCarryTheKinds() throws {
        let backup = try Backup.decode(try BackupFixtureTests.fixture(version: 2))
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        let kinds = try temporary.store.db.quests().map { $0.versions.last?.schedule.kind }
        #expect(
            kinds.suffix(3) == [
                .quota(times: 3, per: .week), .every(days: 3, from: LocalDay("2026-03-29")),
                .quota(times: 2, per: .month),
            ])
    }

    @Test func aWeekEndingShortBreaksTheStreakOnItsLastDay() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let monday = TemporaryStore.now("2026-11-16T08:00")
        _ = try QuestBoard(store).add(
            title: "Gym", notes: "", schedule: Schedule(kind: .quota(times: 2, per: .week)), now: monday)
        _ = try Completing(store).complete("gym", now: monday)
        #expect(try ProgressTracker(store).streaks(now: TemporaryStore.now("2026-11-22T08:00")).summary.current == 1)
        #expect(try ProgressTracker(store).streaks(now: TemporaryStore.now("2026-11-23T08:00")).summary.current == 0)
        // The streak read from recent history only agrees.
        let quests = try store.db.quests()
        #expect(
            try store.read { db in try db.currentStreak(today: LocalDay("2026-11-23")!, quests: quests, zone: .utc) }
                .days
                == 0)
        #expect(
            try store.read { db in try db.currentStreak(today: LocalDay("2026-11-22")!, quests: quests, zone: .utc) }
                .days
                == 1)
    }

    @Test func aMetQuotaRefusesAnotherCompletionAndChangesNothing() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let monday = TemporaryStore.now("2026-11-16T08:00")
        _ = try QuestBoard(store).add(
            title: "Gym", notes: "", schedule: Schedule(kind: .quota(times: 1, per: .week)), now: monday)
        _ = try Completing(store).complete("gym", now: monday)
        let before = try temporary.dump()
        #expect(
            throws: QuestsError.quotaAlreadyMet(quest: "Gym", times: 1, period: "week", day: LocalDay("2026-11-16")!)
        ) {
            try Completing(store).complete("gym", now: TemporaryStore.now("2026-11-18T08:00"))
        }
        #expect(try temporary.dump() == before)
    }
}
