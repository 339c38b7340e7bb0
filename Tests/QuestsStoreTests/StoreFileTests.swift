import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

@Suite struct StoreFileTests {
    @Test func aNewStoreIsCreatedOwnerOnlyWithEveryMigrationRecorded() throws {
        let temporary = try TemporaryStore()
        let attributes = try FileManager.default.attributesOfItem(atPath: temporary.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(
            atPath: (temporary.path as NSString).deletingLastPathComponent)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        let versions = try temporary.store.db.prepare(
            "SELECT version, name FROM schema_migration ORDER BY version"
        ).rows { $0.int(0) }
        #expect(versions == Array(1...QuestStore.schemaVersion))
        let mode = try temporary.store.db.prepare("PRAGMA journal_mode").firstRow { $0.text(0) }
        #expect(mode == "wal")
        let foreignKeys = try temporary.store.db.prepare("PRAGMA foreign_keys").firstRow { $0.int(0) }
        #expect(foreignKeys == 1)
    }

    @Test func reopeningAStoreKeepsItsDataAndMigratesNothingTwice() throws {
        let temporary = try TemporaryStore()
        _ = try QuestBoard(temporary.store).add(
            title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-21T08:00"))
        let reopened = try QuestStore(path: temporary.path, ids: .counting())
        #expect(try reopened.db.quests().map(\.title) == ["Read"])
        let count = try reopened.db.prepare("SELECT count(*) FROM schema_migration").firstRow { $0.int(0) }
        #expect(count == QuestStore.schemaVersion)
    }

    /// Releasing the last store on a file closes it: SQLite copies the write-ahead log into the file and
    /// removes it, so the next process starts without replaying a log and the file alone is complete.
    @Test func releasingTheStoreClosesItAndFoldsTheLogIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quests-close-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var alone: QuestStore? = try QuestStore(path: folder + "/quests.sqlite", ids: .counting())
        _ = try alone.map {
            try QuestBoard($0).add(
                title: "Read", notes: "", schedule: Schedule(), now: TemporaryStore.now("2026-11-21T08:00"))
        }
        // Completing uses cached statements.
        _ = try alone.map { try Completing($0).complete("read", now: TemporaryStore.now("2026-11-21T09:00")) }
        #expect(FileManager.default.fileExists(atPath: folder + "/quests.sqlite-wal"))
        alone = nil
        #expect(!FileManager.default.fileExists(atPath: folder + "/quests.sqlite-wal"))
        #expect(try QuestStore(path: folder + "/quests.sqlite", ids: .counting()).db.quests().map(\.title) == ["Read"])
    }

    /// Doctor checks an older store as far as its schema goes, says it will be upgraded, and upgrades nothing.
    @Test func theCheckupOfAnOlderStoreChangesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quests-old-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/old.sqlite"
        _ = try TemporaryStore.olderStore(version: 3, at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let checkup = try StoreCheckup.examine(path: path)
        #expect(checkup.isHealthy)
        #expect(checkup.schemaVersion == 3)
        #expect(checkup.checks.map(\.kind) == [.integrity, .schema, .foreignKeys, .ledger, .payments, .orphans])
        #expect(
            checkup.checks.first { $0.kind == .schema }?.summary
                == .schema(version: 3, upgradesTo: QuestStore.schemaVersion))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aStoreFromANewerVersionIsRefusedAndLeftUntouched() throws {
        let temporary = try TemporaryStore()
        try temporary.store.db.execute(
            "INSERT INTO schema_migration (version, name) VALUES (\(QuestStore.schemaVersion + 1), 'from the future')")
        try temporary.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try Data(contentsOf: URL(fileURLWithPath: temporary.path))
        #expect(
            throws: StoreError.newerStore(version: QuestStore.schemaVersion + 1, supported: QuestStore.schemaVersion)
        ) {
            _ = try QuestStore(path: temporary.path, ids: .counting())
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: temporary.path)) == before)
    }

    @Test func aForeignSQLiteDatabaseIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quests-foreign-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/other.sqlite"
        try Connection(path: path).execute("CREATE TABLE notes (text TEXT)")
        #expect(throws: StoreError.notAQuestsStore) { _ = try QuestStore(path: path, ids: .counting()) }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedUnchanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quests-garbage-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/notes.txt"
        let text = Data(String(repeating: "shopping list: milk, eggs\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.damagedFile(path: path, reason: "file is not a database")) {
            _ = try QuestStore(path: path, ids: .counting())
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }
}

@Suite struct LedgerStoreTests {
    func entry(_ amount: Int, kind: LedgerKind = .bonus) -> LedgerEntry {
        LedgerEntry(
            id: UUID(), at: Date(timeIntervalSince1970: 1_800_000_000), amount: amount, kind: kind, reference: nil,
            memo: "test")
    }

    @Test func theBalanceIsTheSumOfEntries() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { db in
            try db.append(entry(30))
            try db.append(entry(-12, kind: .redemption))
            try db.append(entry(5, kind: .adjustment))
        }
        #expect(try Bookkeeping(store).balance() == 23)
        let sum = try store.db.prepare("SELECT sum(amount) FROM ledger_entry").firstRow { $0.int(0) }
        #expect(sum == 23)
        #expect(try store.db.ledgerEntries().map(\.balanceAfter) == [23, 18, 30])
        #expect(try store.db.ledgerEntries(kinds: [.redemption]).map(\.entry.amount) == [-12])
        #expect(try store.db.ledgerEntries(limit: 1).count == 1)
    }

    @Test func entriesCannotBeChangedOrRemoved() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { db in try db.append(entry(30)) }
        #expect(throws: DatabaseError.self) { try store.db.execute("UPDATE ledger_entry SET amount = 1000") }
        #expect(throws: DatabaseError.self) { try store.db.execute("DELETE FROM ledger_entry") }
        #expect(throws: DatabaseError.self) {
            try store.db.execute(
                "INSERT INTO ledger_entry (uuid, at, amount, kind, running_balance) VALUES ('x', 'now', 5, 'bonus', 999)"
            )
        }
        #expect(try Bookkeeping(store).balance() == 30)
    }

    @Test func theBalanceCanNeverGoNegative() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { db in try db.append(entry(10)) }
        #expect(throws: DatabaseError.self) { try store.write { db in try db.append(entry(-11, kind: .redemption)) } }
        #expect(try Bookkeeping(store).balance() == 10)
        #expect(try store.db.ledgerEntries().count == 1)
    }

    @Test func aFailedWriteRollsBackEverything() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.write { db in
                try db.append(self.entry(10))
                _ = try db.addQuest(
                    id: UUID(), title: "Half", notes: "", createdDay: LocalDay(dayNumber: 0), schedule: Schedule())
                throw Boom()
            }
        }
        #expect(try Bookkeeping(store).balance() == 0)
        #expect(try store.db.quests().isEmpty)
    }
}
