import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

@Suite struct BackupStoreTests {
    static let exportedAt = Date(timeIntervalSince1970: 1_795_000_000)

    func now(_ text: String) -> Now { TemporaryStore.now(text) }

    /// A store with a bit of everything: an edited and an archived quest, completions and an undo,
    /// a removed reward, purchases, achievements, a celebration and changed settings.
    func richStore() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let start = now("2026-11-01T09:00")
        _ = try Preferences(store).set(.dayStart, to: "03:00")
        _ = try Preferences(store).set(.weekStart, to: "sunday")
        _ = try QuestBoard(store).add(
            title: "Read", notes: "20 pages \"at least\"", schedule: Schedule(reward: 30), now: start)
        _ = try QuestBoard(store).add(
            title: "Run", notes: "",
            schedule: Schedule(time: TimeOfDay(hour: 7, minute: 0), weekdays: .weekdays, reward: 50), now: start)
        _ = try QuestBoard(store).add(title: "Old habit", notes: "", schedule: Schedule(), now: start)
        for day in 1...9 {
            let moment = now("2026-11-0\(day)T10:00")
            _ = try Completing(store).complete("read", now: moment)
        }
        _ = try Completing(store).complete("run", now: now("2026-11-02T10:00"))
        _ = try Completing(store).undo("read", now: now("2026-11-09T11:00"))
        _ = try QuestBoard(store).edit("read", changes: QuestChanges(reward: 40), now: now("2026-11-05T12:00"))
        _ = try QuestBoard(store).archive("old", now: now("2026-11-06T12:00"))
        _ = try RewardShop(store).add(title: "Movie night", notes: "popcorn", price: 100)
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 20)
        _ = try RewardShop(store).buy("cake", now: now("2026-11-08T20:00"))
        _ = try RewardShop(store).buy("movie", now: now("2026-11-08T21:00"))
        _ = try RewardShop(store).remove("cake")
        return temporary
    }

    func encoded(_ store: QuestStore) throws -> String {
        String(
            decoding: try Backups(store).backup(appVersion: "9.9.9", exportedAt: Self.exportedAt).encoded(),
            as: UTF8.self)
    }

    @Test func backupThenRestoreIntoAFreshStoreGivesTheSameDocument() throws {
        let original = try richStore()
        let document = try encoded(original.store)
        let backup = try Backup.decode(Array(document.utf8))
        #expect(backup.quests.count == 3 && backup.completions.count == 9 && backup.redemptions.count == 2)
        #expect(backup.achievements.map(\.achievement.id).contains("redemptions-1"))
        #expect(backup.settings == [.dayStart: "03:00", .weekStart: "sunday"])

        let fresh = try TemporaryStore()
        try Backups(fresh.store).restore(backup, savingCurrentTo: fresh.folder + "/before.sqlite")
        #expect(try encoded(fresh.store) == document)
        #expect(try Bookkeeping(fresh.store).balance() == Bookkeeping(original.store).balance())
        #expect(try fresh.store.db.quests() == original.store.db.quests())
        #expect(try Preferences(fresh.store).settings() == Preferences(original.store).settings())
        #expect(try RewardShop(fresh.store).redemptions() == RewardShop(original.store).redemptions())
        #expect(
            try fresh.store.db.ledgerEntries().map(\.balanceAfter)
                == original.store.db.ledgerEntries().map(\.balanceAfter))
    }

    @Test func restoreReplacesEverythingAndSavesTheCurrentStoreBeside() throws {
        let source = try richStore()
        let backup = try Backup.decode(Array(try encoded(source.store).utf8))
        let target = try TemporaryStore()
        _ = try QuestBoard(target.store).add(
            title: "Only here", notes: "", schedule: Schedule(reward: 5), now: now("2026-11-20T09:00"))
        _ = try Completing(target.store).complete("only", now: now("2026-11-20T10:00"))
        let before = try target.dump()
        let savePath = target.folder + "/nested/saved.sqlite"
        try Backups(target.store).restore(backup, savingCurrentTo: savePath)
        #expect(try target.store.db.quests().map(\.title) == ["Read", "Run", "Old habit"])
        let saved = try QuestStore(path: savePath, ids: .counting())
        #expect(try saved.db.quests().map(\.title) == ["Only here"])
        #expect(try Bookkeeping(saved).balance() == 5)
        #expect(before.contains { $0.contains("Only here") })
        let permissions = try FileManager.default.attributesOfItem(atPath: savePath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        // A save path that exists already is refused before anything changes.
        let now = try target.dump()
        #expect(throws: StoreError.self) { try Backups(target.store).restore(backup, savingCurrentTo: savePath) }
        #expect(try target.dump() == now)
    }

    @Test func importingTheSameBackupTwiceChangesNothingTheSecondTime() throws {
        let source = try richStore()
        let backup = try Backup.decode(Array(try encoded(source.store).utf8))
        let target = try TemporaryStore()
        let first = try Backups(target.store).importBackup(backup, dryRun: false)
        #expect(
            first[.quests].added == 3 && first[.completions].added == 9 && first[.ledger].added == backup.ledger.count)
        #expect(first[.purchases].added == 2 && first[.rewards].added == 2 && first[.settings].added == 2)
        #expect(first.balanceAfter == (try Bookkeeping(source.store).balance()))
        let after = try target.dump()
        let second = try Backups(target.store).importBackup(backup, dryRun: false)
        #expect(
            second[.quests].added + second[.completions].added + second[.ledger].added + second[.purchases].added == 0)
        #expect(second[.completions].present == 9 && second[.ledger].present == backup.ledger.count)
        #expect(try target.dump() == after)
    }

    @Test func aDryRunReportsWithoutWriting() throws {
        let source = try richStore()
        let backup = try Backup.decode(Array(try encoded(source.store).utf8))
        let target = try TemporaryStore()
        let before = try target.dump()
        let report = try Backups(target.store).importBackup(backup, dryRun: true)
        #expect(report[.completions].added == 9)
        #expect(report.balanceAfter == (try Bookkeeping(source.store).balance()))
        #expect(try target.dump() == before)
    }

    /// What a user sees of a history, independent of local numbering.
    struct History: Equatable {
        var quests: [UUID: [ScheduleVersion]] = [:]
        var completions: Set<String> = []
        var balance = 0
        var redemptions: Set<UUID> = []
        var rewards: Set<UUID> = []
        var achievements: Set<String> = []

        init(_ store: QuestStore) throws {
            let backup = try Backups(store).backup(appVersion: "", exportedAt: Date())
            for quest in backup.quests { quests[quest.id] = quest.versions }
            completions = Set(backup.completions.map { "\($0.quest) \($0.day)" })
            balance = try Bookkeeping(store).balance()
            redemptions = Set(backup.redemptions.map(\.id))
            rewards = Set(backup.rewards.map(\.id))
            achievements = Set(backup.achievements.map(\.achievement.id))
        }
    }

    @Test func twoDivergedStoresExchangingBackupsEndUpWithTheSameHistory() throws {
        let base = try richStore()
        let common = try Backup.decode(Array(try encoded(base.store).utf8))
        let laptop = try TemporaryStore()
        let desktop = try TemporaryStore()
        try Backups(laptop.store).restore(common, savingCurrentTo: laptop.folder + "/a.sqlite")
        try Backups(desktop.store).restore(common, savingCurrentTo: desktop.folder + "/b.sqlite")

        // The laptop completes Run and buys a movie night; the desktop adds a quest, completes it,
        // undoes a shared completion, changes Read's reward, and both complete Read on the same day.
        _ = try Completing(laptop.store).complete("run", now: now("2026-11-10T10:00"))
        _ = try Completing(laptop.store).complete("read", now: now("2026-11-11T10:00"))
        _ = try RewardShop(laptop.store).buy("movie", now: now("2026-11-11T20:00"))
        _ = try QuestBoard(desktop.store).add(
            title: "Stretch", notes: "", schedule: Schedule(reward: 15), now: now("2026-11-10T08:00"))
        _ = try Completing(desktop.store).complete("stretch", now: now("2026-11-10T09:00"))
        _ = try Completing(desktop.store).undo("read", on: DayReference("2026-11-08"), now: now("2026-11-10T09:30"))
        _ = try Completing(desktop.store).complete("read", now: now("2026-11-11T11:00"))
        _ = try QuestBoard(desktop.store).edit("read", changes: QuestChanges(reward: 45), now: now("2026-11-12T09:40"))

        let fromLaptop = try Backup.decode(Array(try encoded(laptop.store).utf8))
        let fromDesktop = try Backup.decode(Array(try encoded(desktop.store).utf8))
        let laptopReport = try Backups(laptop.store).importBackup(fromDesktop, dryRun: false)
        let desktopReport = try Backups(desktop.store).importBackup(fromLaptop, dryRun: false)

        #expect(laptopReport.undoneCompletions == 1)
        #expect(laptopReport[.completions].skipped == 1, "Read on 2026-11-11 is already completed on the laptop")
        #expect(desktopReport[.completions].skipped == 2, "undone here, and Read on 2026-11-11 already completed")
        #expect(laptopReport.scheduleChanges == 1)
        let laptopHistory = try History(laptop.store)
        let desktopHistory = try History(desktop.store)
        #expect(laptopHistory == desktopHistory)
        #expect(laptopHistory.quests.count == 4)
        #expect(
            !laptopHistory.completions.contains {
                $0.hasSuffix("2026-11-08") && $0.hasPrefix(common.quests[0].id.uuidString)
            })
        // Read 2026-11-11 is paid once on each machine: each keeps its own completion.
        let ledgerSum = try laptop.store.db.allLedgerEntries().reduce(0) { $0 + $1.amount }
        #expect(ledgerSum == (try Bookkeeping(laptop.store).balance()))

        // Exchanging again changes nothing on either side.
        let laptopAfter = try laptop.dump()
        let again = try Backups(laptop.store).importBackup(
            try Backup.decode(Array(try encoded(desktop.store).utf8)), dryRun: false)
        #expect(again[.completions].added == 0 && again[.ledger].added == 0 && again.undoneCompletions == 0)
        #expect(try laptop.dump() == laptopAfter)
    }

    @Test func anImportThatWouldOverdrawIsRefusedWhole() throws {
        let base = try TemporaryStore()
        _ = try QuestBoard(base.store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 100), now: now("2026-11-01T09:00"))
        _ = try Completing(base.store).complete("run", now: now("2026-11-01T10:00"))
        _ = try RewardShop(base.store).add(title: "Movie", notes: "", price: 80)
        let common = try Backup.decode(Array(try encoded(base.store).utf8))
        let other = try TemporaryStore()
        try Backups(other.store).restore(common, savingCurrentTo: other.folder + "/saved.sqlite")
        _ = try RewardShop(base.store).buy("movie", now: now("2026-11-01T20:00"))
        _ = try RewardShop(other.store).buy("movie", now: now("2026-11-01T21:00"))
        let before = try base.dump()
        #expect(throws: BackupError.overdraw(path: "ledger[1]", balance: -60)) {
            try Backups(base.store).importBackup(try Backup.decode(Array(try encoded(other.store).utf8)), dryRun: false)
        }
        #expect(try base.dump() == before)
    }

    @Test func aRecordWithThisStoresUUIDButOtherContentIsRefused() throws {
        let source = try richStore()
        var backup = try Backup.decode(Array(try encoded(source.store).utf8))
        let original = backup.completions[0]
        // A completion's UUID stands for its quest and day (docs/sync.md): another day under it is a conflict.
        backup.completions[0] = Completion(
            id: original.id, quest: original.quest, day: original.day.adding(days: -1),
            completedAt: original.completedAt)
        let before = try source.dump()
        #expect(throws: BackupError.self) { try Backups(source.store).importBackup(backup, dryRun: false) }
        #expect(try source.dump() == before)
    }

    /// The same quest-day completed on two machines has one UUID (from quest and day) and other moments:
    /// an import keeps this store's completion and pays it once.
    @Test func theSameQuestDayDoneAtAnotherMomentIsOneCompletionPaidOnce() throws {
        let source = try richStore()
        var backup = try Backup.decode(Array(try encoded(source.store).utf8))
        let original = backup.completions[0]
        backup.completions[0] = Completion(
            id: original.id, quest: original.quest, day: original.day,
            completedAt: original.completedAt.addingTimeInterval(60))
        backup.ledger = backup.ledger.map { entry in
            guard entry.reference == original.id else { return entry }
            return LedgerEntry(
                id: UUID(), at: entry.at, amount: entry.amount, kind: entry.kind, reference: entry.reference,
                memo: entry.memo)
        }
        let balance = try Bookkeeping(source.store).balance()
        let report = try Backups(source.store).importBackup(backup, dryRun: false)
        #expect(report[.completions].skipped == 1)
        #expect(try Bookkeeping(source.store).balance() == balance)
    }
}

/// Quests, read through their declarations with their schedule versions.
@Suite struct QuestDeclarationStoreTests {
    @Test func aQuestWithSeveralVersionsAnAchievementAndACelebrationRestoreAsTheyWere() throws {
        let day = LocalDay("2026-11-02")!
        let achievement = try #require(Achievement.all.first { $0.id == "completions-1" })
        let quest = Quest(
            id: UUID(uuidString: "3C4D5E6F-7A8B-4C9D-8E0F-1A2B3C4D5E6F")!, number: 7, title: "Run", createdDay: day,
            versions: [
                ScheduleVersion(
                    effectiveFrom: day, schedule: Schedule(time: TimeOfDay(hour: 7, minute: 30), reward: 25)),
                ScheduleVersion(effectiveFrom: day.adding(days: 3), schedule: Schedule(weekdays: .weekends, reward: 5)),
                ScheduleVersion(effectiveFrom: day.adding(days: 9), schedule: Schedule(reward: 5, archived: true)),
            ])
        let backup = Backup(
            appVersion: "9.9.9", exportedAt: BackupStoreTests.exportedAt, quests: [quest],
            achievements: [
                Backup.AchievementRecord(
                    achievement: achievement, earnedDay: day, recordedAt: BackupStoreTests.exportedAt)
            ],
            celebrations: [day])
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        #expect(try temporary.store.db.quests() == [quest])
        #expect(
            try Backups(temporary.store).backup(appVersion: "9.9.9", exportedAt: BackupStoreTests.exportedAt) == backup)
        // Imported into another store, the quest takes that store's next number and keeps its versions.
        let other = try TemporaryStore()
        _ = try QuestBoard(other.store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-01T09:00"))
        _ = try Backups(other.store).importBackup(backup, dryRun: false)
        let imported = try #require(try other.store.db.quests().first { $0.id == quest.id })
        #expect(imported.number == 2 && imported.versions == quest.versions)
        #expect(try Backups(other.store).backup(appVersion: "", exportedAt: .distantPast).celebrations == [day])
    }
}
