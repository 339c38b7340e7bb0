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
        _ = try a.addFocusTask("One", now: world.now)
        _ = try a.addFocusTask("Two", now: world.now)
        try Self.sync(&world)
        _ = try a.addFocusTask("Third here", now: world.now)
        _ = try b.addFocusTask("Third there", now: world.now)
        try Self.sync(&world)
        for store in [a, b, world.stores[2].store] {
            let focus = try store.focus(now: world.now).focus
            #expect(focus.entries.count == 4 && focus.isOverLimit)
            #expect(throws: QuestsError.focusFull(day: world.today, holds: 4, limit: 3)) {
                try store.addFocusTask("Fifth", now: world.now)
            }
        }
        // Back under the limit, a task may enter again.
        _ = try a.dropFocusTask("third here", now: world.now)
        _ = try a.dropFocusTask("third there", now: world.now)
        _ = try a.addFocusTask("Another", now: world.now)
        try Self.sync(&world)
        #expect(try b.focus(now: world.now).focus.entries.map(\.task.title).sorted() == ["Another", "One", "Two"])
        try world.settleAndCheck()
    }

    @Test func undoDropNotYetAndCarryTravelAndEachMachinePaysOnce() throws {
        var world = try SyncWorld(seed: 32)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let yesterday = DayReference.yesterday
        _ = try a.setFocusGoal("Ship", on: yesterday, now: world.now)
        _ = try a.addFocusTask("Write", on: yesterday, now: world.now)
        _ = try a.addFocusTask("Edit", on: yesterday, now: world.now)
        _ = try a.addFocusTask("Print", on: yesterday, now: world.now)
        try Self.sync(&world)
        // The main quest set on two machines the same day is one: the later wording wins.
        _ = try b.setFocusGoal("Ship the draft", on: yesterday, now: world.now)
        _ = try b.completeFocusTask("write", on: yesterday, now: world.now)
        _ = try b.completeFocusTask("edit", on: yesterday, now: world.now)
        _ = try a.dropFocusTask("print", on: yesterday, now: world.now)
        try Self.sync(&world)
        for store in [a, b] {
            let focus = try store.focus(on: yesterday, now: world.now).focus
            #expect(focus.goal?.title == "Ship the draft" && focus.goal?.state == .open && focus.entries.count == 2)
            #expect(try store.balance() == 20)
        }
        // Done there achieves by itself there; not-yet here travels back, and so does an undo.
        _ = try b.undoFocusTask("edit", on: yesterday, now: world.now)
        try Self.sync(&world)
        #expect(try a.balance() == 10)
        _ = try a.completeFocusTask("edit", on: yesterday, now: world.now)
        #expect(try a.focus(on: yesterday, now: world.now).focus.goal?.state == .achievedByItself)
        try Self.sync(&world)
        #expect(try b.balance() == 45)
        _ = try b.notYetFocusGoal(on: yesterday, now: world.now)
        _ = try b.undoFocusTask("write", on: yesterday, now: world.now)
        try Self.sync(&world)
        #expect(try a.focus(on: yesterday, now: world.now).focus.goal?.state == .notYet && a.balance() == 10)
        // A carry made on one machine is seen everywhere: nothing is offered any more.
        _ = try a.carryFocus(now: world.now)
        try Self.sync(&world)
        let carried = try b.focus(now: world.now).focus
        #expect(
            carried.entries.map(\.task.title) == ["Write"] && carried.goal?.carriedFrom == world.today.adding(days: -1)
                && carried.offer == nil)
        try world.settleAndCheck()
    }
}
