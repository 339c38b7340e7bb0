import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// What a sync does with what no quests writes, and when it says what it could not read.
@Suite struct SyncRobustnessTests {
    /// A file whose quest key is spelled in lowercase (every quests writes uppercase): the quest waits,
    /// nothing is written, and the file as quests writes it still applies.
    @Test func aQuestKeyInAnotherSpellingWaitsAndChangesNothing() throws {
        var world = try SyncWorld(seed: 41)
        let (a, b) = (world.stores[0].store, world.stores[1].store)
        let quest = try QuestBoard(a).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        try world.publish(0)
        let published = try #require(world.folder.last)
        // The quest and its schedule version under a key with letters, spelled in lowercase.
        let (key, other) = (quest.id.uuidString, "abcdef00-0000-0000-0000-00000000000a")
        var lowered = published.file
        lowered.records = lowered.records.map { record in
            var record = record
            record.key = record.key.replacingOccurrences(of: key, with: other)
            return record
        }
        lowered.changes = lowered.changes.map { change in
            var change = change
            change.key = change.key.replacingOccurrences(of: key, with: other)
            return change
        }
        #expect(lowered.changes.contains { $0.key == other })
        let outcome = try b.applySync([(published.name + ".lowered", lowered)], now: world.now)
        #expect(outcome.waiting > 0)
        #expect(try QuestBoard(b).allQuests().isEmpty)
        _ = try b.applySync([published], now: world.now)
        #expect(try QuestBoard(b).allQuests().map(\.id) == [quest.id])
    }

    /// The files a sync cannot read are handed out before it writes anything: a sync that then fails still
    /// says which they were.
    @Test func unreadableFilesAreSaidBeforeAFailedWrite() throws {
        let world = try SyncWorld(seed: 42)
        let store = world.stores[0].store
        _ = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        let folder = FailingFolder(unreadable: "other/000000000001-000000000002-0badf00d.json")
        var said: [String] = []
        #expect(throws: FailingFolder.Full.self) {
            _ = try Syncing(store).sync(through: folder, now: world.now) { said.append($0.name) }
        }
        #expect(said == [folder.unreadable])
    }

    /// A sync whose only file it has not read cannot be read (one a newer quests wrote, say) leaves the store
    /// as it was: with nothing to apply and nothing of its own to write, it does not write.
    @Test func aSyncWithOnlyAnUnreadableFileToReadWritesNothing() throws {
        let world = try SyncWorld(seed: 43)
        let store = world.stores[0].store
        _ = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        let folder = FolderWithAnUnreadableFile()
        _ = try Syncing(store).sync(through: folder, now: world.now)
        let writes = try store.db.prepare("SELECT count FROM store_change").firstRow { $0.int(0) }
        let report = try Syncing(store).sync(through: folder, now: world.now)
        #expect(report.filesRead == 0 && report.unreadable.map(\.name) == [folder.unreadable])
        #expect(try store.db.prepare("SELECT count FROM store_change").firstRow { $0.int(0) } == writes)
    }

    /// A folder in memory that also lists one other replica's file, which cannot be read.
    final class FolderWithAnUnreadableFile: SyncFolder {
        let files = MemorySyncFolder(seed: 43)
        let unreadable = "other/000000000001-000000000002-0badf00d.json"
        var path: String { files.path }

        func replicas() -> [String] { Set(files.replicas() + ["other"]).sorted() }
        func files(of replica: String) -> [String] {
            replica == "other" ? [String(unreadable.dropFirst("other/".count))] : files.files(of: replica)
        }
        func attributes(_ name: String) -> (bytes: Int, modified: Date?)? { files.attributes(name) }
        func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile? {
            if name == unreadable { throw FailingFolder.Damaged() }
            return try files.read(name, applied: applied)
        }
        func write(_ file: SyncFile, replica: String, name: String) throws {
            try files.write(file, replica: replica, name: name)
        }
        func remove(_ names: [String], of replica: String) { files.remove(names, of: replica) }
        func removeFolder(_ replica: String) throws { try files.removeFolder(replica) }
    }

    /// A folder with one other replica's file that cannot be read, and no room to write.
    final class FailingFolder: SyncFolder {
        struct Full: Error {}
        struct Damaged: Error {}
        let unreadable: String
        let path = "failing"

        init(unreadable: String) { self.unreadable = unreadable }

        func replicas() -> [String] { ["other"] }
        func files(of replica: String) -> [String] {
            replica == "other" ? [String(unreadable.dropFirst("other/".count))] : []
        }
        func attributes(_ name: String) -> (bytes: Int, modified: Date?)? { nil }
        func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile? { throw Damaged() }
        func write(_ file: SyncFile, replica: String, name: String) throws { throw Full() }
        func remove(_ names: [String], of replica: String) {}
        func removeFolder(_ replica: String) throws {}
    }
}

/// An achievement row whose day does not read (a damaged store) is left as it is: earning the achievement
/// again neither fails nor rewrites it, and a day that does read still moves back to an earlier one.
@Test func aDamagedAchievementDayIsLeftAloneWhenEarnedAgain() throws {
    let temporary = try TemporaryStore()
    let store = temporary.store
    let (first, second) = (Achievement.all[0], Achievement.all[1])
    let day = try #require(LocalDay("2026-11-20"))
    let moment = Date(timeIntervalSince1970: 1_790_000_000)
    try store.write { db in
        for achievement in [first, second] { _ = try db.record(achievement, earnedOn: day, at: moment) }
        try db.execute("UPDATE achievement SET earned_day = 'garbled' WHERE key = '\(first.id)'")
    }
    let earlier = day.adding(days: -3)
    let again = try store.write { db in
        try [first, second].map { try db.record($0, earnedOn: earlier, at: moment) }
    }
    #expect(again == [false, false])
    let days = try store.db.prepare("SELECT key, earned_day FROM achievement ORDER BY key").rows {
        [$0.text(0): $0.text(1)]
    }.reduce(into: [:]) { $0.merge($1) { old, _ in old } }
    #expect(days[first.id] == "garbled")
    #expect(days[second.id] == earlier.description)
}
