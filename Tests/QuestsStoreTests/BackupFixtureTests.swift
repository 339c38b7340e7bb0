import Foundation
import QuestsCore
@testable import QuestsStore
import Testing

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
        try temporary.store.restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        let store = temporary.store
        #expect(try store.balance() == 80)
        let quests = try store.quests()
        #expect(quests.map(\.title) == ["Drink water", "Morning run", "Léa's piano ♪"])
        let march31 = try #require(LocalDay("2026-03-31"))
        #expect(quests[1].schedule(on: march31)?.reward == 25)
        #expect(quests[1].schedule(on: march31.adding(days: -1))?.reward == 20)
        #expect(quests[2].isArchived(on: march31))
        #expect(quests[1].notes == #"Around the "park" \ 5 km"#)
        #expect(Set(try store.paidCompletions(on: march31).keys) == [1, 2])
        #expect(Set(try store.paidCompletions(on: march31.adding(days: -1)).keys) == [2, 3])
        let settings = try store.settings()
        #expect(settings.dayStart.description == "03:00")
        #expect(settings.weekStart == .sunday)
        #expect(try store.rewards().map(\.removed) == [true, false])
        #expect(try store.redemptions().map(\.price) == [15])
        #expect(Set(backup.achievements.map(\.achievement.id)) == ["completions-1", "redemptions-1"])
        #expect(backup.celebrations.map(\.description) == ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
    }

    @Test func theCurrentVersionWritesItsFixtureByteForByte() throws {
        let bytes = try Self.fixture(version: Backup.schemaVersion)
        let backup = try Backup.decode(bytes)
        #expect(backup.encoded() == bytes)
        let temporary = try TemporaryStore()
        try temporary.store.restore(backup, savingCurrentTo: temporary.folder + "/saved.sqlite")
        #expect(try temporary.store.backup(appVersion: backup.appVersion, exportedAt: backup.exportedAt).encoded() == bytes)
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
