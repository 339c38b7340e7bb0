import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// The day's focus travels by sync: a main quest is one per day everywhere, a task is its UUID, fields
/// converge by last writer, and every replica pays its focus records itself.
@Suite struct FocusSyncTests {
    /// Every replica publishes and reads everything.
    static func sync(_ world: inout SyncWorld) throws {
        world.advance()
        for replica in 0..<3 { try world.publish(replica) }
        for replica in 0..<3 { try world.deliver(to: replica, everything: true) }
    }

    @Test func twoMachinesThatEachAddAThirdTaskEndWithFourAndTheDayOverItsLimit() throws {
        var world = try SyncWorld(seed: 31)
        let a = world.stores[0].store
        let b = world.stores[1].store
        _ = try FocusPlanner(a).addTask("One", now: world.now)
        _ = try FocusPlanner(a).addTask("Two", now: world.now)
        try Self.sync(&world)
        _ = try FocusPlanner(a).addTask("Third here", now: world.now)
        _ = try FocusPlanner(b).addTask("Third there", now: world.now)
        try Self.sync(&world)
        for store in [a, b, world.stores[2].store] {
            let focus = try FocusPlanner(store).focus(now: world.now).focus
            #expect(focus.entries.count == 4 && focus.isOverLimit)
            #expect(throws: QuestsError.focusFull(day: world.today, holds: 4, limit: 3)) {
                try FocusPlanner(store).addTask("Fifth", now: world.now)
            }
        }
        // Back under the limit, a task may enter again.
        _ = try FocusPlanner(a).dropTask("third here", now: world.now)
        _ = try FocusPlanner(a).dropTask("third there", now: world.now)
        _ = try FocusPlanner(a).addTask("Another", now: world.now)
        try Self.sync(&world)
        #expect(
            try FocusPlanner(b).focus(now: world.now).focus.entries.map(\.task.title).sorted() == [
                "Another", "One", "Two",
            ])
        try world.settleAndCheck()
    }

    @Test func undoDropNotYetAndCarryTravelAndEachMachinePaysOnce() throws {
        var world = try SyncWorld(seed: 32)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let yesterday = DayReference.yesterday
        _ = try FocusPlanner(a).setGoal("Ship", on: yesterday, now: world.now)
        _ = try FocusPlanner(a).addTask("Write", on: yesterday, now: world.now)
        _ = try FocusPlanner(a).addTask("Edit", on: yesterday, now: world.now)
        _ = try FocusPlanner(a).addTask("Print", on: yesterday, now: world.now)
        try Self.sync(&world)
        // The main quest set on two machines the same day is one: the later wording wins.
        _ = try FocusPlanner(b).setGoal("Ship the draft", on: yesterday, now: world.now)
        _ = try FocusPlanner(b).completeTask("write", on: yesterday, now: world.now)
        _ = try FocusPlanner(b).completeTask("edit", on: yesterday, now: world.now)
        _ = try FocusPlanner(a).dropTask("print", on: yesterday, now: world.now)
        try Self.sync(&world)
        for store in [a, b] {
            let focus = try FocusPlanner(store).focus(on: yesterday, now: world.now).focus
            #expect(focus.goal?.title == "Ship the draft" && focus.goal?.state == .open && focus.entries.count == 2)
            #expect(try Bookkeeping(store).balance() == 20)
        }
        // Done there achieves by itself there; not-yet here travels back, and so does an undo.
        _ = try FocusPlanner(b).undoTask("edit", on: yesterday, now: world.now)
        try Self.sync(&world)
        #expect(try Bookkeeping(a).balance() == 10)
        _ = try FocusPlanner(a).completeTask("edit", on: yesterday, now: world.now)
        #expect(try FocusPlanner(a).focus(on: yesterday, now: world.now).focus.goal?.state == .achievedByItself)
        try Self.sync(&world)
        #expect(try Bookkeeping(b).balance() == 45)
        _ = try FocusPlanner(b).notYet(on: yesterday, now: world.now)
        _ = try FocusPlanner(b).undoTask("write", on: yesterday, now: world.now)
        try Self.sync(&world)
        #expect(
            try FocusPlanner(a).focus(on: yesterday, now: world.now).focus.goal?.state == .notYet
                && Bookkeeping(a).balance() == 10)
        // A carry made on one machine is seen everywhere: nothing is offered any more.
        _ = try FocusPlanner(a).carry(now: world.now)
        try Self.sync(&world)
        let carried = try FocusPlanner(b).focus(now: world.now).focus
        #expect(
            carried.entries.map(\.task.title) == ["Write"] && carried.goal?.carriedFrom == world.today.adding(days: -1)
                && carried.offer == nil)
        try world.settleAndCheck()
    }
}
