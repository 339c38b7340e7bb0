import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Backup version 6 carries counted and limit quests and their amounts (SPEC 18); every older version still
/// restores and imports, with yes/no quests only.
@Suite struct AmountBackupTests {
    @Test func version6CarriesTargetsLimitsAndAmounts() throws {
        let backup = try Backup.decode(try BackupFixtureTests.fixture(version: 6))
        let water = try #require(backup.quests.first { $0.title == "Water" })
        let coffee = try #require(backup.quests.first { $0.title == "Coffee" })
        #expect(
            water.versions[0].schedule.measure == QuestMeasure(.target, Amount(thousandths: 8000)!, unit: "glasses"))
        #expect(coffee.versions[0].schedule.measure == QuestMeasure(.atMost, Amount(thousandths: 2000)!, unit: "cups"))
        #expect(backup.amounts.count == 7 && backup.amounts.count(where: \.undone) == 2)
        #expect(water.group == "Health" && backup.quests.filter { $0.group.isEmpty }.count == 6)
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
        let now = TemporaryStore.now("2026-04-01T20:00")
        let march31 = try QuestBoard(temporary.store).board(on: .yesterday, now: now).board
        let entries = Dictionary(uniqueKeysWithValues: march31.entries.map { ($0.quest.title, $0) })
        #expect(entries["Water"]?.amount == Amount(thousandths: 8000) && entries["Water"]?.state == .completed)
        #expect(entries["Coffee"]?.amount == Amount(thousandths: 1000) && entries["Coffee"]?.state == .completed)
        let april1 = try QuestBoard(temporary.store).board(now: now).board
        #expect(april1.entries.first { $0.quest.title == "Water" }?.amount == .zero)
        // Import merges amounts by UUID: twice changes nothing the second time, and pays each day once.
        let imported = try TemporaryStore()
        let first = try Backups(imported.store).importBackup(backup, dryRun: false, now: now)
        #expect(first[.amounts].added == 7)
        let second = try Backups(imported.store).importBackup(backup, dryRun: false, now: now)
        #expect(second[.amounts].present == 7 && second.balanceAfter == first.balanceAfter)
        #expect(try Bookkeeping(imported.store).balance() == Bookkeeping(temporary.store).balance())
        #expect(try StoreCheckup.examine(path: imported.path).isHealthy)
    }

    @Test func versionsBefore6HaveOnlyYesNoQuestsAndStillRestoreAndImport() throws {
        for version in 1..<6 {
            let backup = try Backup.decode(try BackupFixtureTests.fixture(version: version))
            #expect(
                backup.amounts.isEmpty
                    && backup.quests.allSatisfy { $0.versions.allSatisfy { $0.schedule.measure == nil } })
            let restored = try TemporaryStore()
            try Backups(restored.store).restore(backup, savingCurrentTo: nil)
            #expect(try StoreCheckup.examine(path: restored.path).isHealthy, "version \(version)")
            let imported = try TemporaryStore()
            _ = try Backups(imported.store).importBackup(backup, dryRun: false)
            #expect(try StoreCheckup.examine(path: imported.path).isHealthy, "version \(version)")
        }
    }

    @Test func anAmountOfAQuestTheDocumentLacksIsRefused() throws {
        let text = String(decoding: try BackupFixtureTests.fixture(version: 6), as: UTF8.self)
        let broken = text.replacingOccurrences(
            of: #""quest":"0E4282E4-58B8-4333-BBF4-22A9014CECB4","day":"2026-03-31","thousandths":5000"#,
            with: #""quest":"0E4282E4-58B8-4333-BBF4-22A9014CECB0","day":"2026-03-31","thousandths":5000"#)
        #expect(broken != text)
        #expect(throws: BackupError.self) { try Backup.decode(Array(broken.utf8)) }
        let negative = text.replacingOccurrences(of: #""thousandths":5000"#, with: #""thousandths":-5000"#)
        #expect(throws: BackupError.self) { try Backup.decode(Array(negative.utf8)) }
    }
}
