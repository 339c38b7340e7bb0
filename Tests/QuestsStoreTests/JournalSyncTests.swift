import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// The journal travels by sync: each entry its own identity, an edit converges by last writer, and a delete
/// stays deleted, whatever is edited elsewhere afterwards.
@Suite struct JournalSyncTests {
    /// Every replica publishes and reads everything.
    static func sync(_ world: inout SyncWorld) throws {
        world.advance()
        for replica in 0..<3 { try world.publish(replica) }
        for replica in 0..<3 { try world.deliver(to: replica, everything: true) }
    }

    /// Moves the world on a minute and sets `replica`'s clock to it, so that its next change is the latest.
    static func later(_ world: inout SyncWorld, _ replica: Int, by minutes: Int) {
        world.now = Now(instant: world.now.instant.addingTimeInterval(Double(minutes * 60)), zone: world.now.zone)
        world.stores[replica].store.moment = world.now.instant
    }

    static func texts(_ store: QuestStore, _ day: LocalDay, _ world: SyncWorld) throws -> [String] {
        try Journaling(store).day(.date(day), now: world.now).entries.map(\.text)
    }

    @Test func editsAndDeletesOnTwoMachinesConvergeAndADeleteStaysDeleted() throws {
        var world = try SyncWorld(seed: 41)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let day = world.today
        for text in ["Coffee in the sun", "A call with Mum", "Rain on the roof"] {
            _ = try Journaling(a).write(text, on: .date(day), now: world.now)
        }
        _ = try Journaling(b).write("Bread from the bakery", on: .date(day), now: world.now)
        try Self.sync(&world)
        for store in world.stores.map(\.store) { #expect(try Self.texts(store, day, world).count == 4) }
        // The same entry edited on both: the later edit wins everywhere.
        let numberOfCall = try #require(try Self.texts(b, day, world).firstIndex(of: "A call with Mum")) + 1
        Self.later(&world, 0, by: 1)
        _ = try Journaling(a).edit(numberOfCall, to: "A call with Mum and Dad", on: .date(day), now: world.now)
        Self.later(&world, 1, by: 2)
        _ = try Journaling(b).edit(numberOfCall, to: "A long call with Mum", on: .date(day), now: world.now)
        // Deleted here, edited there later: it stays deleted.
        let numberOfRain = try #require(try Self.texts(a, day, world).firstIndex(of: "Rain on the roof")) + 1
        Self.later(&world, 0, by: 3)
        _ = try Journaling(a).delete(numberOfRain, on: .date(day), now: world.now)
        Self.later(&world, 1, by: 4)
        _ = try Journaling(b).edit(numberOfRain, to: "Rain, and a rainbow", on: .date(day), now: world.now)
        try Self.sync(&world)
        try Self.sync(&world)
        for store in world.stores.map(\.store) {
            #expect(
                try Self.texts(store, day, world).sorted() == [
                    "A long call with Mum", "Bread from the bakery", "Coffee in the sun",
                ])
        }
        // A delete of an entry written on the other machine travels too; nothing brings it back.
        let numberOfBread = try #require(try Self.texts(a, day, world).firstIndex(of: "Bread from the bakery")) + 1
        Self.later(&world, 0, by: 5)
        _ = try Journaling(a).delete(numberOfBread, on: .date(day), now: world.now)
        try Self.sync(&world)
        for store in world.stores.map(\.store) {
            #expect(try Self.texts(store, day, world).sorted() == ["A long call with Mum", "Coffee in the sun"])
            let tombstones = try store.read { db in try db.records(JournalEntry.declaration, orderedBy: "id") }.filter(
                \.deleted)
            #expect(tombstones.count == 2 && tombstones.allSatisfy(\.text.isEmpty))
        }
        try world.settleAndCheck()
    }

    @Test func aMachineJoiningLaterGetsTheEntriesAndTheTombstones() throws {
        var world = try SyncWorld(seed: 42)
        world.offline = [2]
        let a = world.stores[0].store
        let day = world.today
        _ = try Journaling(a).write("Kept", on: .date(day), now: world.now)
        _ = try Journaling(a).write("Gone", on: .date(day), now: world.now)
        try Self.sync(&world)
        Self.later(&world, 0, by: 1)
        _ = try Journaling(a).delete(2, on: .date(day), now: world.now)
        try Self.sync(&world)
        world.offline = []
        try Self.sync(&world)
        #expect(try Self.texts(world.stores[2].store, day, world) == ["Kept"])
        try world.settleAndCheck()
    }
}
