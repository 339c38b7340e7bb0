import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Skips and vacations in the store: the migration step, the per-day skip count (kept with the day rule
/// through every change, checked by doctor), and refusals that leave the store as it was.
@Suite struct NeutralStoreTests {
    static func day(_ text: String) -> LocalDay { LocalDay(text)! }

    @Test func upgradingAStoreKeepsItsCountsAndAddsTheTables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quests-neutral-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/old.sqlite"
        let old = try TemporaryStore.olderStore(
            version: Migrations.version(after: Migrations.skipsStep) - 1, at: path)
        try old.execute(
            """
            INSERT INTO quest (number, uuid, title, created_day) VALUES (1, '6532BFC7-AA2F-474C-A762-C0354C5D592A', 'Run', '2026-11-02');
            INSERT INTO quest_version (quest, effective_from, weekdays, reward) VALUES (1, '2026-11-02', 127, 10);
            INSERT INTO completion (uuid, quest, day, completed_at) VALUES ('c1', 1, '2026-11-02', 'x');
            INSERT INTO day_count (day, completed, unscheduled) VALUES ('2026-11-02', 1, 0);
            """)
        let store = try QuestStore(path: path, ids: .counting())
        #expect(
            try store.db.prepare("SELECT day, completed, unscheduled, skipped FROM day_count").rows {
                "\($0.text(0))=\($0.int(1))/\($0.int(2))/\($0.int(3))"
            } == ["2026-11-02=1/0/0"])
        #expect(try store.db.neutralDays() == .none)
        _ = try Forgiveness(store).skip(
            "run", on: .date(Self.day("2026-11-03")), now: TemporaryStore.now("2026-11-04T08:00"))
        #expect(try StoreCheckup.examine(path: path).isHealthy)
    }

    @Test func theSkipCountFollowsSkipsCompletionsAndScheduleChanges() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let monday = TemporaryStore.now("2026-11-02T08:00")
        _ = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(), now: monday)
        _ = try QuestBoard(store).add(title: "Read", notes: "", schedule: Schedule(), now: monday)
        func counts() throws -> [String] {
            try store.db.prepare("SELECT day, completed, skipped FROM day_count ORDER BY day").rows {
                "\($0.text(0))=\($0.int(1))/\($0.int(2))"
            }
        }
        _ = try Forgiveness(store).skip("run", reason: "rain", now: monday)
        #expect(try counts() == ["2026-11-02=0/1"])
        let tally = try store.db.history(zone: DayRule.utc.zone).tally(on: Self.day("2026-11-02"))
        #expect(tally == DayTally(day: Self.day("2026-11-02"), scheduled: 1, completed: 0, skipped: 1))
        // Completing the skipped quest-day replaces the skip.
        let done = try Completing(store).complete("run", early: true, now: monday)
        #expect(done.liftedSkip && done.credited == 10)
        #expect(try counts() == ["2026-11-02=1/0"] && store.db.skip(ofQuest: 1, on: Self.day("2026-11-02")) == nil)
        // Archiving a skipped quest from its day on: it is no longer scheduled, so its skip no longer counts.
        _ = try Forgiveness(store).skip("read", now: monday)
        #expect(try counts() == ["2026-11-02=1/1"])
        _ = try QuestBoard(store).archive("read", now: monday)
        #expect(try counts() == ["2026-11-02=1/0"])
        // Doctor finds a count that differs from the skips.
        try store.db.execute("UPDATE day_count SET skipped = 3")
        let checkup = try StoreCheckup.examine(path: temporary.path)
        #expect(!checkup.isHealthy)
        #expect(
            checkup.checks.first { $0.kind == .dayCounts }?.problems == [
                .skippedCount(day: "2026-11-02", stored: 3, expected: 0)
            ])
    }

    @Test func aBoardReadWithoutItsStreakShowsWhatTheWholeReadShows() throws {
        // Status reads only the skips and vacations from the earliest quota period holding the day on: skips
        // and vacations earlier in a week or month still excuse it, older ones and voided skips change nothing.
        let temporary = try TemporaryStore()
        let store = temporary.store
        func at(_ day: LocalDay, _ time: String = "20:00") -> Now { TemporaryStore.now("\(day)T\(time)") }
        let first = Self.day("2026-10-01")
        _ = try QuestBoard(store).add(
            title: "Gym", notes: "", schedule: Schedule(kind: .quota(times: 3, per: .week)), now: at(first, "08:00"))
        _ = try QuestBoard(store).add(
            title: "Swim", notes: "", schedule: Schedule(kind: .quota(times: 8, per: .month)), now: at(first, "08:00"))
        _ = try QuestBoard(store).add(
            title: "Walk", notes: "", schedule: Schedule(kind: .every(days: 3, from: nil)), now: at(first, "08:00"))
        _ = try QuestBoard(store).add(title: "Read", notes: "", schedule: Schedule(), now: at(first, "08:00"))
        for offset in 0..<61 {
            let day = first.adding(days: offset)
            switch offset % 9 {
            case 0: _ = try Forgiveness(store).skip("gym", reason: "sore", now: at(day, "09:00"))
            case 2: _ = try Forgiveness(store).skip("swim", now: at(day, "09:00"))
            case 4:
                _ = try Forgiveness(store).skip("read", now: at(day, "09:00"))
                _ = try Completing(store).complete("read", now: at(day, "10:00"))
            case 6: _ = try Completing(store).complete("gym", now: at(day, "10:00"))
            default: _ = try Completing(store).complete("read", now: at(day, "10:00"))
            }
            if offset % 3 == 0 { _ = try Completing(store).complete("walk", now: at(day, "11:00")) }
            if offset == 20 {
                _ = try Forgiveness(store).addVacation(
                    from: .date(day), through: .date(day.adding(days: 2)), now: at(day, "09:00"))
            }
            if offset == 40 { _ = try Forgiveness(store).addVacation(from: .date(day), now: at(day, "09:00")) }
            let whole = try QuestBoard(store).board(now: at(day))
            let quick = try QuestBoard(store).board(now: at(day), countingStreak: false)
            #expect(quick.board.entries == whole.board.entries, "\(day)")
            #expect(quick.board.isVacation == whole.board.isVacation && quick.vacation == whole.vacation, "\(day)")
            let yesterday = try QuestBoard(store).board(
                on: .date(day.adding(days: -1)), now: at(day), countingStreak: false)
            #expect(
                yesterday.board.entries
                    == (try QuestBoard(store).board(on: .date(day.adding(days: -1)), now: at(day))).board.entries,
                "\(day)")
        }
    }

    @Test func refusalsChangeNothing() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let now = TemporaryStore.now("2026-11-21T08:00")
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(weekdays: WeekdaySet([.monday])),
            now: TemporaryStore.now("2026-11-02T08:00"))
        _ = try Forgiveness(store).addVacation(
            from: .date(Self.day("2026-11-25")), through: .date(Self.day("2026-11-27")), now: now)
        let before = try temporary.dump()
        let refusals: [(String, () throws -> Void)] = [
            (
                "beyond the planning horizon",
                { _ = try Forgiveness(store).skip("run", on: .date(Self.day("2027-11-29")), now: now) }
            ),
            (
                "outside the window",
                { _ = try Forgiveness(store).skip("run", on: .date(Self.day("2026-11-09")), now: now) }
            ),
            ("not scheduled", { _ = try Forgiveness(store).skip("run", now: now) }),
            ("unknown quest", { _ = try Forgiveness(store).skip("swim", now: now) }),
            ("not skipped", { _ = try Forgiveness(store).unskip("run", on: .date(Self.day("2026-11-16")), now: now) }),
            (
                "ends before it starts",
                {
                    _ = try Forgiveness(store).addVacation(
                        from: .date(Self.day("2026-12-02")), through: .date(Self.day("2026-12-01")), now: now)
                }
            ),
            (
                "overlaps",
                {
                    _ = try Forgiveness(store).addVacation(
                        from: .date(Self.day("2026-11-27")), through: .date(Self.day("2026-11-29")), now: now)
                }
            ),
            (
                "unknown vacation",
                { _ = try Forgiveness(store).removeVacation(on: .date(Self.day("2026-12-24")), now: now) }
            ),
            (
                "NUL in the reason",
                {
                    _ = try Forgiveness(store).skip(
                        "run", on: .date(Self.day("2026-11-16")), reason: "a\u{0}b", now: now)
                }
            ),
        ]
        for (name, refusal) in refusals {
            #expect(throws: QuestsError.self, "\(name)") { try refusal() }
            #expect(try temporary.dump() == before, "\(name)")
        }
    }
}
