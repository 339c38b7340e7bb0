import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// What the readers make of each source, before it becomes a backup document: Loop's numbers as exact
/// amounts, its targets in units and its entries in thousandths.
@Suite struct ForeignExportTests {
    static let clock = ImportClock(zone: .utc, dayStart: .midnight)

    @Test func loopKeepsItsNumericHabitsAndTheirAmountsInUnits() throws {
        let path = NSTemporaryDirectory() + "/loop-\(UUID().uuidString).db"
        defer { unlink(path) }
        let file = try Database(path: path)
        try file.execute(
            """
            CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text,
              freq_den integer, freq_num integer, highlight integer, name text, position integer,
              reminder_hour integer, reminder_min integer, reminder_days integer not null default 127,
              type integer not null default 0, target_type integer not null default 0,
              target_value real not null default 0, unit text not null default "", question text, uuid text);
            CREATE TABLE Repetitions (id integer primary key, habit integer not null, timestamp integer not null,
              value integer not null, notes text);
            INSERT INTO Habits VALUES(3,0,5,'',7,1,0,'Run',0,NULL,NULL,127,1,0,10.0,'km','How far?','r1');
            INSERT INTO Habits VALUES(4,0,5,'',1,1,0,'Coffee',1,NULL,NULL,127,1,1,2.0,'cups','','c1');
            INSERT INTO Repetitions VALUES(1,3,1767312000000,2500,'hills');
            INSERT INTO Repetitions VALUES(2,4,1767312000000,3000,NULL);
            PRAGMA user_version = 24;
            """)
        let history = try ForeignExport.read(.loop, at: path, clock: Self.clock)
        #expect(
            history.habits.map(\.measure) == [
                .atLeast(target: Amount(thousandths: 10_000)!, unit: "km"),
                .atMost(limit: Amount(thousandths: 2000)!, unit: "cups"),
            ])
        // A limit is judged every day; a target over a week is taken for a day, the nearest.
        #expect(history.habits.map(\.cadence) == [.times(1, inDays: 7), .daily])
        #expect(history.habits.map(\.cadenceIsExact) == [false, true])
        #expect(history.habits.map(\.id) == ["r1", "c1"])
        #expect(history.entries.map(\.amount) == [Amount(thousandths: 2500), Amount(thousandths: 3000)])
        #expect(history.entries.map(\.day) == [LocalDay("2026-01-02")!, LocalDay("2026-01-02")!])
        #expect(history.entries[0].note == "hills")
        #expect(history.habits[0].notes == "How far?")
    }
}
