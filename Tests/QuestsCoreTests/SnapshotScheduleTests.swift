import Foundation
import QuestsCore
import Testing

@Suite struct SnapshotScheduleTests {
    let schedule = SnapshotSchedule(storeFileName: "quests.sqlite")

    func moment(_ text: String) throws -> Date { try #require(Timestamp.parseUTC(text)) }

    @Test func aSnapshotIsNamedByItsUTCMomentAndReadBackFromItsName() throws {
        let taken = try moment("2026-11-21T08:30:05Z")
        #expect(schedule.stem == "quests")
        #expect(schedule.name(at: taken) == "quests-20261121-083005.sqlite")
        #expect(schedule.moment(ofName: "quests-20261121-083005.sqlite") == taken)
        #expect(SnapshotSchedule.moment(ofAnySnapshotNamed: "work-20261121-083005.sqlite") == taken)
        #expect(SnapshotSchedule(storeFileName: "work.db").name(at: taken) == "work.db-20261121-083005.sqlite")
    }

    @Test(arguments: [
        ".quests-20261121-083005.sqlite.4242.partial", "quests-20261121-083005.sqlite.tmp",
        "quests-20261121-0830.sqlite",
        "quests-2026-11-21.sqlite", "quests-20261321-083005.sqlite", "quests-20261121-253005.sqlite",
        "other-20261121-083005.sqlite", "quests-20261121-083005.sqlite-journal", "quests-x0261121-083005.sqlite",
        "quests-work-20261121-083005.sqlite", "quests.sqlite", "notes.txt",
    ])
    func onlyANameOfExactlyTheFormIsOneOfTheStoresSnapshots(name: String) {
        #expect(schedule.moment(ofName: name) == nil)
        #expect(schedule.snapshots(among: [name]).isEmpty)
        #expect(schedule.beyondKeep(1, among: [name, "quests-20261121-083005.sqlite"]).isEmpty)
    }

    @Test func theNewestAreKeptAndOnlySnapshotsRemoved() {
        let names = [
            "quests-20261119-080000.sqlite", "notes.txt", "quests-20261121-080000.sqlite",
            "quests-20261120-070000.sqlite", "other-20261101-080000.sqlite", "quests-20261118-090000.sqlite",
        ]
        #expect(
            schedule.snapshots(among: names).map(\.name) == [
                "quests-20261121-080000.sqlite", "quests-20261120-070000.sqlite", "quests-20261119-080000.sqlite",
                "quests-20261118-090000.sqlite",
            ])
        #expect(
            schedule.beyondKeep(2, among: names) == ["quests-20261119-080000.sqlite", "quests-20261118-090000.sqlite"])
        #expect(schedule.beyondKeep(7, among: names).isEmpty)
        #expect(schedule.beyondKeep(0, among: names).isEmpty)
    }

    @Test func oneIsDueOnTheFirstWriteOfEachDayInTheCommandsZone() throws {
        let paris = try #require(Zone(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3"))
        let morning = Now(instant: try moment("2026-11-21T07:30:00Z"), zone: paris)  // 08:30 in Paris
        #expect(SnapshotSchedule.isDue(newest: nil, keep: 7, now: morning))
        #expect(!SnapshotSchedule.isDue(newest: nil, keep: 0, now: morning))
        // 23:30 UTC the day before is 00:30 in Paris today: today's.
        #expect(!SnapshotSchedule.isDue(newest: try moment("2026-11-20T23:30:00Z"), keep: 7, now: morning))
        // 22:30 UTC is 23:30 in Paris yesterday: due, though under a day ago.
        #expect(SnapshotSchedule.isDue(newest: try moment("2026-11-20T22:30:00Z"), keep: 7, now: morning))
        // One named later than now (a clock set back) counts as today's.
        #expect(!SnapshotSchedule.isDue(newest: try moment("2026-11-25T08:00:00Z"), keep: 7, now: morning))
    }

    @Test func backupKeepIsAWholeNumberFromZero() {
        #expect(SnapshotSchedule.parseKeep("0") == 0)
        #expect(SnapshotSchedule.parseKeep("30") == 30)
        #expect(SnapshotSchedule.parseKeep("3650") == 3650)
        #expect(SnapshotSchedule.parseKeep("-1") == nil)
        #expect(SnapshotSchedule.parseKeep("3651") == nil)
        #expect(SnapshotSchedule.parseKeep("seven") == nil)
    }
}
