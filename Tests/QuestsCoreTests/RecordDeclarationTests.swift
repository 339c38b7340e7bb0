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

/// The kinds declared with a list of children (a quest's schedule versions), a field kept in backups only (an
/// achievement's UUID) and a record written bare (a celebrated day) go to backups, columns and registers as
/// their declarations say.
@Suite struct NestedRecordDeclarationTests {
    static let day = LocalDay("2026-11-02")!
    static let quest = Quest(
        id: UUID(uuidString: "3C4D5E6F-7A8B-4C9D-8E0F-1A2B3C4D5E6F")!, number: 4, title: "Run", notes: "5 km",
        createdDay: day,
        versions: [
            ScheduleVersion(
                effectiveFrom: day.adding(days: 9), schedule: Schedule(reward: 0, archived: true, kind: .weekdays)),
            ScheduleVersion(
                effectiveFrom: day,
                schedule: Schedule(time: TimeOfDay(hour: 7, minute: 30), weekdays: .weekdays, reward: 25)),
            ScheduleVersion(
                effectiveFrom: day.adding(days: 3),
                schedule: Schedule(reward: 30, kind: try! #require(ScheduleKind.parse("3/week")))),
        ])

    @Test func aQuestWithSeveralVersionsAnAchievementAndCelebrationsComeBackFromABackup() throws {
        let achievement = try #require(Achievement.all.first { $0.id == "completions-1" })
        let backup = Backup(
            appVersion: "9.9.9", exportedAt: Date(timeIntervalSince1970: 1_795_000_000), quests: [Self.quest],
            achievements: [
                Backup.AchievementRecord(
                    achievement: achievement, earnedDay: Self.day,
                    recordedAt: Date(timeIntervalSince1970: 1_794_000_000))
            ], celebrations: [Self.day, Self.day.adding(days: 1)])
        let bytes = backup.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains(
                #""schedule":[{"from":"2026-11-02","time":"07:30","weekdays":["mon","tue","wed","thu","fri"],"reward":25,"archived":false,"kind":"weekdays","targetThousandths":null,"atMostThousandths":null,"unit":""},{"from":"2026-11-05""#
            ))
        #expect(
            text.contains(#"{"uuid":"\#(achievement.uuid.uuidString)","id":"completions-1","earnedDay":"2026-11-02""#))
        #expect(text.contains(#""celebrations": ["2026-11-02","2026-11-03"]"#))
        let decoded = try Backup.decode(bytes)
        #expect(
            decoded == backup
                && decoded.quests[0].versions.map(\.effectiveFrom) == Self.quest.versions.map(\.effectiveFrom))
        // A document whose achievement carries another UUID is still refused, by name.
        let forged = text.replacingOccurrences(of: achievement.uuid.uuidString, with: Self.quest.id.uuidString)
        #expect(throws: BackupError.self) { try Backup.decode(Array(forged.utf8)) }
    }

    @Test func anAchievementsUUIDIsItsOwnWhenReadFromColumnsOrRegisters() throws {
        let declaration = Backup.AchievementRecord.declaration
        #expect(declaration.fields.map(\.column) == ["key", "earned_day", "recorded_at"])
        let achievement = try #require(Achievement.all.last)
        let record = Backup.AchievementRecord(
            achievement: achievement, earnedDay: Self.day, recordedAt: Date(timeIntervalSince1970: 1_794_000_000))
        let values = declaration.fields.map { $0.columnValue(record) }
        #expect(values[0] == .text(achievement.id))
        let read = try #require(declaration.record(fromColumns: { index, _ in values[index] }))
        #expect(read == record && read.uuid == achievement.uuid)
        #expect(declaration.registers(of: record) == ["earned": "2026-11-02"])
        var unknown = values
        unknown[0] = .text("no-such-achievement")
        #expect(declaration.record(fromColumns: { index, _ in unknown[index] }) == nil)
    }

    @Test func aScheduleVersionsRegistersKeepTheirFormsAndRanges() throws {
        let declaration = ScheduleVersion.declaration
        let version = Self.quest.versions[0]
        let registers = declaration.registers(of: version)
        #expect(
            registers == [
                "time": "450", "weekdays": "31", "reward": "25", "archived": "0", "kind": "weekdays",
                "target": String?.none,
                "at-most": String?.none, "unit": "",
            ])
        let start = ScheduleVersion(effectiveFrom: version.effectiveFrom, schedule: Schedule())
        #expect(declaration.record(fromRegisters: registers, startingFrom: start) == version)
        // A replica from before schedule kinds sends none: the version runs on its weekdays.
        var older = registers
        older["kind"] = nil
        older["time"] = nil
        #expect(declaration.record(fromRegisters: older, startingFrom: start)?.schedule.kind == .weekdays)
        for (field, value) in [
            ("weekdays", "0"), ("weekdays", "128"), ("time", "1440"), ("reward", "-1"), ("kind", "daily"),
        ] {
            var bad = registers
            bad[field] = .some(value)
            #expect(declaration.record(fromRegisters: bad, startingFrom: start) == nil, "\(field) \(value)")
        }
        #expect(
            Quest.declaration.registers(of: Self.quest) == [
                "title": "Run", "notes": "5 km", "created": "2026-11-02", "group": "",
            ])
    }
}
