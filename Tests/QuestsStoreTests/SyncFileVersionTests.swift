import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Every sync file version ever written stays readable, since a folder keeps an older machine's files for
/// as long as it does not fold them: `sync-v1-v2/` is a folder two machines wrote with quests before file
/// version 3 (one wrote a snapshot, folded with its later changes into a version 2 file; the other a version
/// 1 file), `sync-v3/` the folder the same commands left with quests writing version 3 (taking quests by
/// title, since each machine numbers them in its own order).
///
/// The history: on 2026-11-20 machine C adds Morning run (20 DD) and Read (5 DD, notes "a chapter") and
/// completes Morning run; machine A completes Read, adds the reward Cake (15 DD) and buys it. On 2026-11-21
/// C completes and undoes Morning run, renames Read to "Read a book" and completes it.
@Suite struct SyncFileVersionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The files of the fixture folder `name`, as `replica/file`, with their bytes.
    static func files(in name: String) throws -> [(name: String, bytes: [UInt8])] {
        let root = folder.appendingPathComponent(name)
        var files: [(name: String, bytes: [UInt8])] = []
        for replica in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let replicaFolder = root.appendingPathComponent(replica)
            for file in try FileManager.default.contentsOfDirectory(atPath: replicaFolder.path).sorted() {
                files.append(
                    (replica + "/" + file, Array(try Data(contentsOf: replicaFolder.appendingPathComponent(file)))))
            }
        }
        return files
    }

    /// A new empty machine that joined and applied `files`.
    static func joined(_ files: [(name: String, file: SyncFile)]) throws -> TemporaryStore {
        let temporary = try TemporaryStore(ids: .counting(prefix: "0000000F-0000-0000-0000"))
        let now = TemporaryStore.now("2026-11-21T10:00")
        temporary.store.moment = now.instant
        _ = try temporary.store.joinSync()
        _ = try temporary.store.applySync(files, now: now)
        return temporary
    }

    /// What the fixtures' history leaves on a machine that read it all.
    static func expectTheHistory(of store: QuestStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // By title: each machine numbers quests in the order it learned of them.
        let quests = try store.db.quests().sorted { $0.title < $1.title }
        #expect(quests.map(\.title) == ["Morning run", "Read a book"], sourceLocation: sourceLocation)
        #expect(quests.map(\.notes) == ["", "a chapter"], sourceLocation: sourceLocation)
        #expect(try Bookkeeping(store).balance() == 15, sourceLocation: sourceLocation)
        #expect(try RewardShop(store).redemptions().map(\.title) == ["Cake"], sourceLocation: sourceLocation)
        let days = try store.db.prepare(
            "SELECT q.title, c.day FROM completion c JOIN quest q ON q.number = c.quest ORDER BY c.day, q.title"
        ).rows { "\($0.text(0)) \($0.text(1))" }
        #expect(
            days == ["Morning run 2026-11-20", "Read a book 2026-11-20", "Read a book 2026-11-21"],
            sourceLocation: sourceLocation)
    }

    @Test func filesOfVersions1And2StillApply() throws {
        let fixtures = try Self.files(in: "sync-v1-v2")
        let files = try fixtures.map { ($0.name, try SyncFile.decode($0.bytes)) }
        let versions = fixtures.map { String(decoding: $0.bytes, as: UTF8.self).contains(#""version": 2"#) ? 2 : 1 }
        #expect(versions.sorted() == [1, 2])
        let store = try Self.joined(files).store
        try Self.expectTheHistory(of: store)
        // The replica-id-less stamps of version 3 are not version 1's: a stamp must name its replica there.
        let shortened = String(decoding: fixtures[0].bytes, as: UTF8.self).replacingOccurrences(
            of: ".000000." + String(fixtures[0].name.prefix { $0 != "/" }), with: ".000000")
        #expect(throws: JSONError.self) { try SyncFile.decode(Array(shortened.utf8)) }
    }

    @Test func aFolderOfVersion3FilesBringsTheSameHistory() throws {
        let fixtures = try Self.files(in: "sync-v3")
        let files = try fixtures.map { ($0.name, try SyncFile.decode($0.bytes)) }
        for (fixture, (_, file)) in zip(fixtures, files) {
            // What this build writes, byte for byte: a record's fields at one stamp are one entry, with its
            // place in the replica's change counter, and the file's own stamps leave out its replica id.
            #expect(file.encoded() == fixture.bytes, "\(fixture.name)")
            let text = String(decoding: fixture.bytes, as: UTF8.self)
            #expect(text.contains(#""version": 3"#))
            #expect(!text.contains(".000000." + file.replica))
            #expect(file.changes.allSatisfy { $0.seq != nil && $0.stamp.replica == file.replica })
        }
        let store = try Self.joined(files).store
        try Self.expectTheHistory(of: store)
    }

    @Test func olderFilesRewrittenAsVersion3KeepWhatTheyHold() throws {
        for old in try Self.files(in: "sync-v1-v2") {
            let file = try SyncFile.decode(old.bytes)
            let rewritten = file.encoded()
            // A fold of an older machine's files writes them so: without places in the counter, which they
            // did not say, and shorter.
            #expect(try SyncFile.decode(rewritten) == file, "\(old.name)")
            #expect(file.changes.allSatisfy { $0.seq == nil })
            #expect(rewritten.count * 3 < old.bytes.count * 2 || !file.records.isEmpty, "\(old.name)")
            #expect(rewritten.count < old.bytes.count)
        }
    }

    @Test func aFolderWrittenAsVersion3ConvergesAsTheOlderOne() throws {
        // Two machines write version 3 files; a third reads them through the bytes, and converges.
        var world = try SyncWorld(seed: 31)
        for _ in 0..<40 {
            world.advance()
            try world.randomOperation(on: world.random(2))
            if world.random(4) == 0 { try world.publish(world.random(2)) }
        }
        for _ in 0..<2 {
            for replica in 0..<2 { try world.publish(replica) }
            for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        }
        let third = try world.folderName(2)
        let bytes = world.folder.filter { !$0.name.hasPrefix(third) }.map { ($0.name, $0.file.encoded()) }
        #expect(bytes.allSatisfy { String(decoding: $0.1, as: UTF8.self).contains(#""version": 3"#) })
        let store = world.stores[2].store
        _ = try store.applySync(try bytes.map { ($0.0, try SyncFile.decode($0.1)) }, now: world.now)
        #expect(try SyncWorld.state(of: store) == SyncWorld.state(of: world.stores[0].store))
        #expect(try SyncWorld.state(of: store) == SyncWorld.state(of: world.stores[1].store))
    }

    /// A reader that applied the first of a replica's files, then finds them folded into one, skips the
    /// changes it applied (their place in the counter lies in what it read): it applies what the second file
    /// brings, as a reader of the two files does, and ends in the same state.
    @Test func aFoldedFileSkipsWhatItsReaderAppliedBefore() throws {
        var world = try SyncWorld(seed: 44)
        let writer = world.stores[0].store
        let name = try world.folderName(0)
        var files: [(name: String, file: SyncFile)] = []
        for _ in 0..<2 {
            for _ in 0..<12 {
                world.advance()
                try world.randomOperation(on: 0)
            }
            let export = try #require(try writer.syncExport())
            files.append((name + "/" + export.name(tag: "0000000\(files.count)").description, export.file))
            try writer.markExported(through: export.through)
        }
        let range = try files.map { try #require(SyncFileName(String($0.name.dropFirst(name.count + 1)))) }
        let fold = (
            name: name + "/" + SyncFileName(first: 0, last: range[1].last, tag: "0000000f").description,
            file: try SyncFile.decode(SyncFile.folded(files.map(\.file), replica: name).encoded())
        )
        let folding = world.stores[1].store
        let plain = world.stores[2].store
        for store in [folding, plain] { _ = try store.applySync([files[0]], now: world.now) }
        let known = try folding.db.appliedSyncSeqs(fold.name)
        let seqs = try fold.file.changes.map { try #require($0.seq) }
        #expect(seqs.contains { $0 <= range[0].last } && seqs.contains { $0 > range[0].last })
        #expect(seqs.allSatisfy { known($0) == ($0 <= range[0].last) })
        // Read so, the fold leaves out what the reader had, unread: what is left is what the second file adds.
        let bytes = SyncFile.folded(files.map(\.file), replica: name).encoded()
        let unread = try SyncFile.decode(bytes, skipping: (name, known))
        #expect(unread.changes == fold.file.changes.filter { ($0.seq ?? 0) > range[0].last })
        #expect(try SyncFile.decode(bytes, skipping: ("another replica", known)) == fold.file)
        let skipping = try folding.applySync([(fold.name, unread)], now: world.now)
        let reading = try plain.applySync([files[1]], now: world.now)
        #expect(skipping.applied == reading.applied)
        #expect(reading.applied > 0)
        #expect(try SyncWorld.state(of: folding) == SyncWorld.state(of: writer))
        #expect(try SyncWorld.state(of: plain) == SyncWorld.state(of: writer))
        #expect(try folding.unreadSyncFiles([fold.name, files[1].name]).isEmpty)
    }
}
