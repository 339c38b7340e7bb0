import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// How a store keeps its registers (docs/sync.md, "The model"; docs/store.md, `sync_register`): a record written
/// whole (a completion, a purchase, a ledger entry) whose fields share one stamp keeps them as one row; once a
/// later write changes some of its fields it keeps a row per field, and the last writer still wins per field.
@Suite struct SyncRegisterTests {
    /// The `field` of each register row of `kind`, by key then field: "" is a row holding a whole record.
    static func rows(_ store: QuestStore, _ kind: String) throws -> [String] {
        try store.db.prepare("SELECT field FROM sync_register WHERE kind = ? ORDER BY key, field").rows([
            .text(kind)
        ]) { $0.text(0) }
    }

    static func completion(_ store: QuestStore) throws -> String? {
        try store.db.prepare("SELECT note FROM completion").firstRow { "done, note '\($0.text(0))'" }
    }

    @Test func aRecordWrittenWholeKeepsOneRowUntilAFieldChangesAndTheLaterWriteStillWins() throws {
        var world = try SyncWorld(seed: 31)
        let (a, b, c) = (world.stores[0].store, world.stores[1].store, world.stores[2].store)
        _ = try QuestBoard(a).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        _ = try Completing(a).complete(ItemReference("Run"), early: true, now: world.now)
        // Stamped here: one row, one number in the change counter for its four fields, one entry in the file.
        #expect(try Self.rows(a, "completion") == [""])
        let export = try #require(try a.syncExport())
        let fields = export.file.changes.filter { $0.kind == "completion" }
        #expect(Set(fields.map(\.field)) == ["done", "at", "paid", "note"])
        #expect(Set(fields.map(\.seq)).count == 1)
        try world.publish(0)
        for replica in [1, 2] { try world.deliver(to: replica, everything: true) }
        // Applied elsewhere: one row there too, at the stamp A gave it.
        for store in [b, c] { #expect(try Self.rows(store, "completion") == [""]) }

        // B undoes it; later A, which has not seen the undo, undoes and completes it again with a note.
        world.advance()
        _ = try Completing(b).undo(ItemReference("Run"), now: world.now)
        #expect(try Self.rows(b, "completion") == ["at", "done", "note", "paid"])
        world.advance()
        _ = try Completing(a).undo(ItemReference("Run"), now: world.now)
        _ = try Completing(a).complete(ItemReference("Run"), early: true, note: "again", now: world.now)
        try world.publish(0)
        try world.publish(1)
        let (folderA, folderB) = (try world.folderName(0) + "/", try world.folderName(1) + "/")
        let fromA = world.folder.filter { $0.name.hasPrefix(folderA) }
        let fromB = world.folder.filter { $0.name.hasPrefix(folderB) }
        // B reads A's later writes after its own undo: they win. C reads them first, then B's older undo: it loses.
        _ = try b.applySync(fromA, now: world.now)
        _ = try c.applySync(fromA, now: world.now)
        #expect(try Self.rows(c, "completion") == ["at", "done", "note", "paid"])
        _ = try c.applySync(fromB, now: world.now)
        for store in [a, b, c] { #expect(try Self.completion(store) == "done, note 'again'") }
        // A's later complete gave done, at and note a new stamp; paid (unchanged) kept the first one.
        let stamps = try c.db.prepare(
            "SELECT field, stamp FROM sync_register WHERE kind = 'completion' ORDER BY field"
        ).rows { ($0.text(0), $0.text(1)) }
        #expect(stamps.map(\.0) == ["at", "done", "note", "paid"])
        #expect(Set(stamps.prefix(3).map(\.1)).count == 1 && stamps[3].1 < stamps[0].1)
        try world.settleAndCheck()
    }

    @Test func registersKeptOnePerFieldBeforeStillCount() throws {
        var world = try SyncWorld(seed: 32)
        let (a, b) = (world.stores[0].store, world.stores[1].store)
        _ = try QuestBoard(a).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        world.advance()
        _ = try Completing(a).complete(ItemReference("Run"), early: true, note: "first", now: world.now)
        try world.publish(0)
        let first = try #require(world.folder.last)
        _ = try b.applySync([first], now: world.now)
        #expect(try Self.rows(b, "completion") == [""])
        // Kept as a store kept them before this version: a row per field, at one stamp.
        let whole = try #require(
            try b.db.prepare("SELECT key, value, stamp FROM sync_register WHERE kind = 'completion'").firstRow {
                (key: $0.text(0), value: $0.text(1), stamp: $0.text(2))
            })
        try b.write { db in
            try db.execute("DELETE FROM sync_register WHERE kind = 'completion'")
            for (field, value) in RecordRegisters.decode(whole.value) {
                try db.prepare(
                    """
                    INSERT INTO sync_register (kind, key, field, value, stamp, seq) VALUES ('completion', ?, ?, ?, ?, NULL)
                    """
                ).run([.text(whole.key), .text(field), value.map { .text($0) } ?? .null, .text(whole.stamp)])
            }
        }
        #expect(try Self.rows(b, "completion") == ["at", "done", "note", "paid"])
        // A later write wins over them; the earlier file, read again (a conflict copy), changes nothing.
        world.advance()
        _ = try Completing(a).undo(ItemReference("Run"), now: world.now)
        _ = try Completing(a).complete(ItemReference("Run"), early: true, note: "second", now: world.now)
        try world.publish(0)
        _ = try b.applySync([try #require(world.folder.last)], now: world.now)
        #expect(try Self.completion(b) == "done, note 'second'")
        _ = try b.applySync([(first.name + ".sync-conflict-20261121-1", first.file)], now: world.now)
        #expect(try Self.completion(b) == "done, note 'second'")
        #expect(try Self.rows(b, "completion") == ["at", "done", "note", "paid"])
        try world.settleAndCheck()
    }

    @Test func theRowOfAWholeRecordHoldsAnyTextItsFieldsHold() throws {
        let texts: [String?] = ["", "20", "say \"hi\" \\ back", "line\nbreak\ttab\u{1}", "été 🎉", nil]
        let fields = texts.enumerated().map { ("f\($0.offset)", SyncRegister(value: $0.element, stamp: "", seq: nil)) }
        let text = RecordRegisters.encode(fields)
        #expect(RecordRegisters.decode(text).map(\.field) == fields.map(\.0))
        #expect(RecordRegisters.decode(text).map(\.value) == texts)
        // JSON, as SQLite reads it.
        let store = try TemporaryStore().store
        #expect(try store.db.prepare("SELECT json_valid(?)").firstRow([.text(text)]) { $0.int(0) } == 1)
        #expect(RecordRegisters.decode(#"{"at":"x","note":null}"#).map(\.field) == ["at", "note"])
        #expect(RecordRegisters.decode("not a row").isEmpty)
    }

    /// `SyncKind.fields` says which fields a record written whole has: exactly those its `read` gives.
    @Test func theFieldsOfARecordWrittenWholeAreThoseItReads() throws {
        let world = try SyncWorld(seed: 33)
        let store = world.stores[0].store
        _ = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 30), now: world.now)
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 5)
        _ = try Completing(store).complete(ItemReference("Run"), early: true, now: world.now)
        _ = try RewardShop(store).buy(ItemReference("Cake"), now: world.now)
        for kind in SyncKind.all where !kind.changesFieldByField {
            let keys = try store.db.prepare(kind.keys).rows { $0.text(0) }
            #expect(!keys.isEmpty, "\(kind.name)")
            for key in keys {
                let values = try #require(try kind.read(store.db, key))
                #expect(Set(values.keys) == kind.fields, "\(kind.name)")
            }
        }
    }
}
