import Foundation
import Testing

@testable import QuestsCore

/// A declared record goes to a store's columns, a backup and sync registers and back unchanged, and the
/// declaration's forms refuse what they do not take, the same way in each.
@Suite struct RecordDeclarationTests {
    static let task = FocusTask(
        id: UUID(uuidString: "6F1C2A4E-5B7D-4C21-9E3A-0B8D7F6E5A41")!, day: LocalDay("2026-11-27")!, title: "Write",
        priority: .high, at: TimeOfDay(hour: 9, minute: 0), until: TimeOfDay(hour: 10, minute: 30), reward: 15,
        state: .done, carriedFrom: UUID(uuidString: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D")!,
        addedAt: Date(timeIntervalSince1970: 1_795_000_000))

    @Test func aRecordComesBackFromItsColumns() throws {
        let declaration = FocusTask.declaration
        let values = declaration.fields.map { $0.columnValue(Self.task) }
        #expect(values[4] == .integer(540) && values[8] == .uuid(Self.task.carriedFrom!))
        #expect(declaration.record(fromColumns: { index, _ in values[index] }) == Self.task)
        var bare = Self.task
        (bare.at, bare.until, bare.carriedFrom) = (nil, nil, nil)
        let bareValues = declaration.fields.map { $0.columnValue(bare) }
        #expect(bareValues[4] == .null && declaration.record(fromColumns: { index, _ in bareValues[index] }) == bare)
        // A column holding what its field does not take is a damaged record, not a default.
        var damaged = values
        damaged[3] = .text("urgent")
        #expect(declaration.record(fromColumns: { index, _ in damaged[index] }) == nil)
        damaged = values
        damaged[4] = .integer(1440)
        #expect(declaration.record(fromColumns: { index, _ in damaged[index] }) == nil)
    }

    @Test func aRecordComesBackFromItsRegisters() throws {
        let declaration = FocusTask.declaration
        let registers = declaration.registers(of: Self.task)
        #expect(registers["at"] == .some("09:00") && registers["reward"] == .some("15") && registers["uuid"] == nil)
        let start = FocusTask(
            id: Self.task.id, day: LocalDay(dayNumber: 0), title: "", reward: 0, addedAt: .distantPast)
        #expect(declaration.record(fromRegisters: registers, startingFrom: start) == Self.task)
        // An absent optional is nil, whether its register is missing or holds nothing.
        var without = registers
        without["carried"] = nil
        without["until"] = .some(nil)
        #expect(declaration.record(fromRegisters: without, startingFrom: start)?.carriedFrom == nil)
        // What the form refuses in a backup it refuses in a register.
        for (field, value) in [
            ("title", ""), ("title", "a\0b"), ("reward", "-1"), ("reward", String(Schedule.maximumReward + 1)),
            ("at", "25:00"),
            ("state", "finished"), ("day", "2026-02-30"), ("carried", "not a uuid"),
        ] {
            var bad = registers
            bad[field] = .some(value)
            #expect(declaration.record(fromRegisters: bad, startingFrom: start) == nil, "\(field) \(value)")
        }
        var missing = registers
        missing["added"] = nil
        #expect(declaration.record(fromRegisters: missing, startingFrom: start) == nil)
    }

    @Test func aFieldARegisterMayLackKeepsItsStart() throws {
        let goal = FocusGoal(day: LocalDay("2026-11-27")!, title: "Ship", reward: 20, setAt: .distantPast)
        var registers = FocusGoal.declaration.registers(of: goal)
        registers["at"] = nil
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let start = FocusGoal(day: goal.day, title: "", reward: 0, setAt: now)
        #expect(FocusGoal.declaration.record(fromRegisters: registers, startingFrom: start)?.setAt == now)
    }

    @Test func aRewardsNumberIsNoRegister() throws {
        let reward = Reward(
            id: UUID(uuidString: "0B8D7F6E-5A41-4C21-9E3A-6F1C2A4E5B7D")!, number: 7, title: "Cinema", price: 120,
            removed: true)
        let registers = Reward.declaration.registers(of: reward)
        #expect(registers == ["title": "Cinema", "notes": "", "price": "120", "removed": "1"])
        // Another machine's registers keep this store's number; notes it does not send are none.
        var sent = registers
        sent["notes"] = nil
        let start = Reward(id: reward.id, number: 3, title: "", price: 1)
        let applied = try #require(Reward.declaration.record(fromRegisters: sent, startingFrom: start))
        #expect(applied.number == 3 && applied.notes == "" && applied.removed && applied.price == 120)
        sent["price"] = .some("0")
        #expect(Reward.declaration.record(fromRegisters: sent, startingFrom: start) == nil)
    }
}
