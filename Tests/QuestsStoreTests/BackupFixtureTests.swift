import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Every backup schema version ever released stays readable: one golden document per version, made by
/// the quests of that version (three quests over the 2026 change to summer time in Berlin, with an
/// undo, a schedule edit, an archived quest, a removed reward, a purchase, achievements, celebrations
/// and changed settings).
@Suite struct BackupFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(version: Int) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent("backup-v\(version).json")))
    }

    @Test func thereIsAFixtureForEveryVersion() throws {
        for version in 1...Backup.schemaVersion {
            #expect(throws: Never.self) { try Self.fixture(version: version) }
        }
    }

    @Test func version1RestoresToTheHistoryItRecords() throws {
        let backup = try Backup.decode(try Self.fixture(version: 1))
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        let store = temporary.store
        #expect(try Bookkeeping(store).balance() == 80)
        let quests = try store.db.quests()
        #expect(quests.map(\.title) == ["Drink water", "Morning run", "Léa's piano ♪"])
        let march31 = try #require(LocalDay("2026-03-31"))
        #expect(quests[1].schedule(on: march31)?.reward == 25)
        #expect(quests[1].schedule(on: march31.adding(days: -1))?.reward == 20)
        #expect(quests[2].isArchived(on: march31))
        #expect(quests[1].notes == #"Around the "park" \ 5 km"#)
        #expect(Set(try store.db.paidCompletions(on: march31).keys) == [1, 2])
        #expect(Set(try store.db.paidCompletions(on: march31.adding(days: -1)).keys) == [2, 3])
        let settings = try Preferences(store).settings()
        #expect(settings.dayStart.description == "03:00")
        #expect(settings.weekStart == .sunday)
        #expect(try RewardShop(store).rewards().map(\.removed) == [true, false])
        #expect(try RewardShop(store).redemptions().map(\.price) == [15])
        #expect(Set(backup.achievements.map(\.achievement.id)) == ["completions-1", "redemptions-1"])
        #expect(backup.celebrations.map(\.description) == ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
    }

    @Test func version1HasNoNotesAndStillRestoresAndImports() throws {
        let backup = try Backup.decode(try Self.fixture(version: 1))
        #expect(backup.completions.count == 8)
        #expect(backup.completions.allSatisfy { $0.note.isEmpty })
        let restored = try TemporaryStore()
        try Backups(restored.store).restore(backup, savingCurrentTo: restored.folder + "/saved.sqlite")
        #expect(
            try Backups(restored.store).backup(appVersion: "x", exportedAt: backup.exportedAt).completions
                == backup.completions)
        let imported = try TemporaryStore()
        let report = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(report[.completions].added == 8)
    }

    @Test func version2CarriesEachCompletionsNote() throws {
        let backup = try Backup.decode(try Self.fixture(version: 2))
        let notes = backup.completions.map(\.note).filter { !$0.isEmpty }
        #expect(notes == [#"Rain, 5 km — "felt great" \o/"#, "Knee sore\nslow pace"])
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        let march30 = try #require(LocalDay("2026-03-30"))
        let run = try #require(try temporary.store.db.completion(ofQuest: 2, on: march30))
        #expect(run.note == "Knee sore\nslow pace")
    }

    @Test func aNoteIsRequiredFromVersion2AndOptionalBefore() throws {
        let version2 = String(decoding: try Self.fixture(version: 2), as: UTF8.self)
        let withoutNote = version2.replacingOccurrences(of: #","note":"Knee sore\nslow pace""#, with: "")
        #expect(throws: BackupError.self) { try Backup.decode(Array(withoutNote.utf8)) }
        let asVersion1 = withoutNote.replacingOccurrences(of: #""schemaVersion": 2"#, with: #""schemaVersion": 1"#)
        #expect(try Backup.decode(Array(asVersion1.utf8)).completions.filter { !$0.note.isEmpty }.count == 1)
        let nul = version2.replacingOccurrences(of: "Knee sore", with: #"Knee\u0000sore"#)
        #expect(throws: BackupError.self) { try Backup.decode(Array(nul.utf8)) }
    }

    @Test func versionsBefore4HaveNoSkipsNorVacationsAndStillRestoreAndImport() throws {
        for version in 1...3 {
            let backup = try Backup.decode(try Self.fixture(version: version))
            #expect(backup.skips.isEmpty && backup.vacations.isEmpty)
            let restored = try TemporaryStore()
            try Backups(restored.store).restore(backup, savingCurrentTo: nil)
            #expect(try restored.store.db.neutralDays() == .none)
            let imported = try TemporaryStore()
            let report = try Backups(imported.store).importBackup(backup, dryRun: false)
            #expect(report[.skips] == ImportCounts() && report[.vacations] == ImportCounts())
        }
    }

    @Test func version4CarriesSkipsAndVacations() throws {
        let backup = try Backup.decode(try Self.fixture(version: 4))
        #expect(backup.skips.map(\.reason) == [#"Fasting "day" \ no water"#])
        #expect(
            backup.vacations.map { "\($0.first)…\($0.last)" } == ["2026-03-28…2026-03-28", "2026-04-02…2026-04-06"])
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        let march30 = try #require(LocalDay("2026-03-30"))
        // Drink water (#1) skipped on the 30th: that day's due quests, the run and the piano, were done.
        let neutral = try temporary.store.db.neutralDays()
        let april3 = try #require(LocalDay("2026-04-03"))
        #expect(neutral.isSkipped(1, on: march30) && neutral.isVacation(april3))
        let tally = try temporary.store.read { db in
            try db.history(zone: Zone(TimeZone(identifier: "Europe/Berlin")!))
        }.tally(on: march30)
        #expect(tally.skipped == 1 && tally.isCleared)
        // A skip without its quest, two skips of one quest-day, or a vacation ending before it starts are refused.
        let text = String(decoding: try Self.fixture(version: 4), as: UTF8.self)
        for broken in [
            text.replacingOccurrences(
                of: #""quest":"84E909CB-6C07-48A0-8A4D-0E5C64B977BA","day":"2026-03-30""#,
                with: #""quest":"00000000-6C07-48A0-8A4D-0E5C64B977BA","day":"2026-03-30""#),
            text.replacingOccurrences(of: #""first":"2026-04-02""#, with: #""first":"2026-04-09""#),
        ] {
            #expect(broken != text)
            #expect(throws: BackupError.self) { try Backup.decode(Array(broken.utf8)) }
        }
        // Import merges by UUID: twice changes nothing the second time.
        let imported = try TemporaryStore()
        let first = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(first[.skips].added == 1 && first[.vacations].added == 2)
        let second = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(
            second[.skips].added == 0 && second[.skips].present == 1 && second[.vacations].added == 0
                && second[.vacations].present == 2)
        #expect(
            try Backups(imported.store).backup(appVersion: "x", exportedAt: backup.exportedAt).skips == backup.skips)
    }

    @Test func version4SaysTheStoreSyncedAndCarriesItsDebt() throws {
        let backup = try Backup.decode(try Self.fixture(version: 4))
        #expect(backup.synced)
        // Movie night bought on another machine with the same Daily Dollars: 80 - 100.
        #expect(backup.ledger.reduce(0) { $0 + $1.amount } == -20)
        let restored = try TemporaryStore()
        try Backups(restored.store).restore(backup, savingCurrentTo: nil)
        #expect(try Bookkeeping(restored.store).balance() == -20)
        #expect(try StoreCheckup.examine(path: restored.path).isHealthy)
        let imported = try TemporaryStore()
        #expect(try Backups(imported.store).importBackup(backup, dryRun: false).balanceAfter == -20)
        #expect(try StoreCheckup.examine(path: imported.path).isHealthy)
        // The same document saying the store never synced, or as version 3 (no such field), is refused.
        let text = String(decoding: try Self.fixture(version: 4), as: UTF8.self)
        let refusal = BackupError.invalid(JSONError(path: "ledger[16]", problem: .belowZero(balance: -20)))
        #expect(throws: refusal) {
            try Backup.decode(Array(text.replacingOccurrences(of: #""synced": true"#, with: #""synced": false"#).utf8))
        }
        // Version 3 had none of version 4's fields: skips, vacations, synced (the document's last three).
        let asVersion3 = (text.components(separatedBy: ",\n  \"skips\"")[0] + "\n}\n")
            .replacingOccurrences(of: #""schemaVersion": 4"#, with: #""schemaVersion": 3"#)
        #expect(throws: refusal) { try Backup.decode(Array(asVersion3.utf8)) }
        // A field of version 4 is required in a version-4 document.
        let withoutField = text.replacingOccurrences(of: ",\n  \"synced\": true", with: "")
        #expect(throws: BackupError.self) { try Backup.decode(Array(withoutField.utf8)) }
    }

    @Test func versions1To3RestoreAndImportAsStoresThatNeverSynced() throws {
        for version in 1...3 {
            let backup = try Backup.decode(try Self.fixture(version: version))
            #expect(!backup.synced)
            let restored = try TemporaryStore()
            try Backups(restored.store).restore(backup, savingCurrentTo: nil)
            #expect(try !restored.store.allowsDebt())
            let imported = try TemporaryStore()
            _ = try Backups(imported.store).importBackup(backup, dryRun: false)
            #expect(try !imported.store.allowsDebt() && StoreCheckup.examine(path: imported.path).isHealthy)
        }
    }

    @Test func versionsBefore5HaveNoFocusAndStillRestoreAndImport() throws {
        for version in 1...4 {
            let backup = try Backup.decode(try Self.fixture(version: version))
            #expect(backup.focusGoals.isEmpty && backup.focusTasks.isEmpty)
            let restored = try TemporaryStore()
            try Backups(restored.store).restore(backup, savingCurrentTo: nil)
            #expect(
                try restored.store.db.records(FocusTask.declaration, orderedBy: "id").isEmpty
                    && StoreCheckup.examine(path: restored.path).isHealthy)
            let imported = try TemporaryStore()
            let report = try Backups(imported.store).importBackup(backup, dryRun: false)
            #expect(report[.goals] == ImportCounts() && report[.tasks] == ImportCounts())
            #expect(try StoreCheckup.examine(path: imported.path).isHealthy)
        }
    }

    @Test func version5CarriesTheFocusAndItsPayments() throws {
        let backup = try Backup.decode(try Self.fixture(version: 5))
        #expect(backup.focusGoals.map(\.state) == [.open, .achieved])
        #expect(backup.focusTasks.map(\.state) == [.done, .open, .open, .done, .done, .done, .open, .dropped])
        let april1 = try #require(LocalDay("2026-04-01"))
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        #expect(try Bookkeeping(temporary.store).balance() == 50)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
        let focus = try temporary.store.read { db in
            try db.focusDay(april1, today: april1, settings: Settings(), zone: .utc)
        }
        #expect(focus.goal?.carriedFrom == LocalDay("2026-03-31") && focus.entries.count == 3 && focus.doneCount == 3)
        #expect(focus.entries.filter { $0.task.carriedFrom != nil }.count == 2 && focus.offer == nil)
        // A task paid twice, or a main quest's UUID that is not its day's, is refused.
        let text = String(decoding: try Self.fixture(version: 5), as: UTF8.self)
        let paidTwice = text.replacingOccurrences(
            of: #""kind":"focus-task","reference":"1F6E7847"#, with: #""kind":"focus-task","reference":"CB390A4E"#)
        let wrongGoal = text.replacingOccurrences(
            of: #""uuid":"F3C390F7-AEE9-573E-9CE9-9E8613F99A6F""#,
            with: #""uuid":"F3C390F7-AEE9-573E-9CE9-9E8613F99A60""#)
        for broken in [paidTwice, wrongGoal] {
            #expect(broken != text)
            #expect(throws: BackupError.self) { try Backup.decode(Array(broken.utf8)) }
        }
        // Import merges by UUID and day: twice changes nothing the second time.
        let imported = try TemporaryStore()
        let first = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(first[.goals].added == 2 && first[.tasks].added == 8 && first.balanceAfter == 50)
        let second = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(second[.goals].present == 2 && second[.tasks].present == 8 && second.balanceAfter == 50)
        #expect(try StoreCheckup.examine(path: imported.path).isHealthy)
    }

    @Test func version7CarriesTheJournalAndItsTombstones() throws {
        let backup = try Backup.decode(try Self.fixture(version: 7))
        #expect(backup.journal.map(\.deleted) == [false, false, true, false])
        #expect(backup.journal[1].text == "朝のコーヒー ☕\nand a second line")
        #expect(backup.journal[0].text == #"Le premier café au soleil — "merci" \o/"#)
        // Version 6 and before have none.
        #expect(try Backup.decode(try Self.fixture(version: 6)).journal.isEmpty)
        let april1 = try #require(LocalDay("2026-04-01"))
        let now = TemporaryStore.now("2026-04-01T20:00")
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        #expect(
            try Journaling(temporary.store).day(.date(april1), now: now).entries.map(\.text) == [
                "Dinner with Léa and Sam"
            ])
        #expect(
            try Backups(temporary.store).backup(appVersion: "x", exportedAt: backup.exportedAt).journal
                == backup.journal)
        // A live entry with no words, or a tombstone that kept its text, is refused.
        let text = String(decoding: try Self.fixture(version: 7), as: UTF8.self)
        let emptyLive = text.replacingOccurrences(of: #""text":"Dinner with Léa and Sam""#, with: #""text":"""#)
        let wordyTombstone = text.replacingOccurrences(
            of: #""text":"","createdAt""#, with: #""text":"still here","createdAt""#)
        for broken in [emptyLive, wordyTombstone] {
            #expect(broken != text)
            #expect(throws: BackupError.self) { try Backup.decode(Array(broken.utf8)) }
        }
        // Import merges by UUID: twice changes nothing; an entry the backup holds deleted is deleted here too,
        // and an older live copy never brings it back.
        var live = backup
        live.journal[2].deleted = false
        live.journal[2].text = "Straße walk, gone"
        let imported = try TemporaryStore()
        _ = try Backups(imported.store).importBackup(live, dryRun: false)
        #expect(try Journaling(imported.store).day(.date(april1), now: now).entries.count == 2)
        let first = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(first[.journal].added == 1 && first[.journal].present == 3)
        #expect(try Journaling(imported.store).day(.date(april1), now: now).entries.count == 1)
        let second = try Backups(imported.store).importBackup(backup, dryRun: false)
        #expect(second[.journal].present == 4 && second[.journal].added == 0)
        let third = try Backups(imported.store).importBackup(live, dryRun: false)
        #expect(third[.journal].skipped == 1)
        #expect(try Journaling(imported.store).day(.date(april1), now: now).entries.count == 1)
        #expect(try StoreCheckup.examine(path: imported.path).isHealthy)
    }

    /// An import never makes a day hold more tasks than the limit and more than either side held.
    @Test func anImportThatWouldOverfillADayIsRefused() throws {
        let backup = try Backup.decode(try Self.fixture(version: 5))
        let temporary = try TemporaryStore()
        let now = TemporaryStore.now("2026-04-01T06:00")
        _ = try FocusPlanner(temporary.store).addTask("Here one", now: now)
        _ = try FocusPlanner(temporary.store).addTask("Here two", now: now)
        let before = try temporary.dump()
        #expect(
            throws: BackupError.invalid(
                JSONError(
                    path: "focusTasks[3]", problem: .overFocusLimit(day: LocalDay("2026-04-01")!, holds: 5, limit: 3)))
        ) {
            try Backups(temporary.store).importBackup(backup, dryRun: false)
        }
        #expect(try temporary.dump() == before)
    }

    @Test func theCurrentVersionWritesItsFixtureByteForByte() throws {
        let bytes = try Self.fixture(version: Backup.schemaVersion)
        let backup = try Backup.decode(bytes)
        #expect(backup.encoded() == bytes)
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        #expect(
            try Backups(temporary.store).backup(appVersion: backup.appVersion, exportedAt: backup.exportedAt).encoded()
                == bytes)
    }

    /// The check restore runs on its second thread while it builds: when it refuses, its error is the one
    /// thrown, the store is as it was, and no copy is left beside it.
    @Test func aRefusalFromTheCheckMadeMeanwhileChangesNothing() throws {
        struct Refused: Error {}
        let backup = try Backup.decode(try Self.fixture(version: Backup.schemaVersion))
        let temporary = try TemporaryStore()
        try Backups(temporary.store).restore(backup, savingCurrentTo: nil)
        let before = try Backups(temporary.store).backup(appVersion: "test", exportedAt: Date(timeIntervalSince1970: 0))
        var other = backup
        other.ledger.removeAll()
        other.completions.removeAll()
        #expect(throws: Refused.self) {
            try Backups(temporary.store).restore(
                other, savingCurrentTo: temporary.folder + "/saved.sqlite", checkingMeanwhile: { throw Refused() })
        }
        #expect(
            try Backups(temporary.store).backup(appVersion: "test", exportedAt: Date(timeIntervalSince1970: 0))
                == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.folder).filter { $0.contains("saved") }
                .isEmpty)
        // The same check passing, the restore goes ahead, and the copy is kept.
        try Backups(temporary.store).restore(
            other, savingCurrentTo: temporary.folder + "/saved.sqlite", checkingMeanwhile: {})
        #expect(
            try Backups(temporary.store).backup(appVersion: "test", exportedAt: Date(timeIntervalSince1970: 0)).ledger
                .isEmpty)
        #expect(FileManager.default.fileExists(atPath: temporary.folder + "/saved.sqlite"))
    }

    @Test func aCutOrFlippedBackupIsAlwaysRefused() throws {
        let bytes = try Self.fixture(version: 1)
        let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for length in 0...end {
            #expect(throws: BackupError.self, "cut at \(length)") { try Backup.decode(Array(bytes[..<length])) }
        }
        // Flipping the top bit of any byte makes it invalid UTF-8 or invalid JSON syntax.
        for offset in 0...end {
            var flipped = bytes
            flipped[offset] ^= 0x80
            #expect(throws: BackupError.self, "flipped at \(offset)") { try Backup.decode(flipped) }
        }
    }
}
