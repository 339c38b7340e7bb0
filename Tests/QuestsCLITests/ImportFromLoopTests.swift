import Foundation
import Testing

/// `quests import --from loop`: Loop Habit Tracker's SQLite backups of each schema, built here with sqlite3
/// from Loop's own schema (its migrations 09–25), and its CSV export.
@Suite struct ImportFromLoopTests {
    /// Loop's schema as of version 12 (migrations 09 and 11), then the columns later versions added.
    static let schema12 = """
        CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
          description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
          reminder_days INTEGER NOT NULL DEFAULT 127, reminder_hour INTEGER, reminder_min INTEGER);
        CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id),
          timestamp INTEGER);
        """
    static let schema25 = """
        CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer,
          description text, freq_den integer, freq_num integer, highlight integer, name text, position integer,
          reminder_hour integer, reminder_min integer, reminder_days integer not null default 127,
          type integer not null default 0, target_type integer not null default 0,
          target_value real not null default 0, unit text not null default "", question text, uuid text);
        CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
          timestamp integer not null, value integer not null, notes text);
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
        CREATE TABLE Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer);
        """

    /// Midnight UTC of `day` in milliseconds: how Loop stores the local day `day`.
    static func stamp(_ day: String) -> Int {
        let parts = day.split(separator: "-").map { Int($0)! }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        components.timeZone = TimeZone(identifier: "UTC")
        return Int(Calendar(identifier: .gregorian).date(from: components)!.timeIntervalSince1970) * 1000
    }

    /// A Loop backup at `path`, of schema `version`, made by sqlite3 from `sql`.
    static func database(_ path: String, version: Int, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql + "\nPRAGMA user_version = \(version);"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static func version25(_ path: String, extra: String = "") throws {
        try database(
            path, version: 25,
            schema25 + """
                INSERT INTO Habits VALUES(1,0,8,'',7,3,0,'Gym',0,18,30,127,0,0,0.0,'','Did you go to the gym?',
                  '0f3c9e21a7b84d6f9e0c1a2b3c4d5e6f');
                INSERT INTO Habits VALUES(2,0,3,'',7,1,0,'Run',1,NULL,NULL,127,1,0,10.0,'km','How far did you run?',
                  'aa3c9e21a7b84d6f9e0c1a2b3c4d5e6f');
                INSERT INTO Habits VALUES(3,1,3,'Calm','1',1,0,'Meditate',2,NULL,NULL,127,0,0,0.0,'',NULL,
                  'bb3c9e21a7b84d6f9e0c1a2b3c4d5e6f');
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-01")),2,'legs');
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-02")),3,NULL);
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-03")),0,'sick');
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-04")),1,NULL);
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-05")),-1,NULL);
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(stamp("2026-01-06")),2,NULL);
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(2,\(stamp("2026-01-02")),2500,NULL);
                INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(3,\(stamp("2025-12-30")),2,NULL);
                """ + extra)
    }

    /// The completions of the store's backup, as `title day note` lines.
    static func completions(_ sandbox: Sandbox) throws -> [String] {
        try records("completions", of: sandbox) { "\($0["day"] as! String) \($0["note"] as! String)" }
    }

    /// The records under `key` of the store's backup, each its quest's title and what `describe` says of it,
    /// sorted.
    static func records(_ key: String, of sandbox: Sandbox, _ describe: ([String: Any]) -> String) throws
        -> [String]
    {
        let backup = try JSONSerialization.jsonObject(with: Data(try sandbox.ok("backup", "-").utf8)) as! [String: Any]
        let titles = Dictionary(
            uniqueKeysWithValues: (backup["quests"] as! [[String: Any]]).map {
                ($0["uuid"] as! String, $0["title"] as! String)
            })
        return (backup[key] as! [[String: Any]]).map { "\(titles[$0["quest"] as! String]!) \(describe($0))" }.sorted()
    }

    @Test func aVersion25BackupComesOverOnItsOwnDaysInAZoneFarFromUTC() throws {
        let sandbox = try Sandbox(now: "2026-01-07T08:00", zone: "Pacific/Kiritimati")
        let path = sandbox.home + "/Loop Habits Backup 2026-01-07 080000.db"
        try Self.version25(path)
        let report = try sandbox.json("import", "--from", "loop", path, "--json")
        #expect((report["added"] as? [String: Int])?["quests"] == 3)
        #expect((report["added"] as? [String: Int])?["skips"] == 1)
        // Only manual checks are completions: not the implied check (1), the miss (0) or the unknown day (-1).
        // Run's 2.5 km are short of its 10 a week, which quests takes for a day: the nearest schedule.
        #expect(try Self.completions(sandbox) == ["Gym 2026-01-01 legs", "Gym 2026-01-06 ", "Meditate 2025-12-30 "])
        #expect((report["added"] as? [String: Int])?["amounts"] == 1)
        let left = try #require(report["leftBehind"] as? [String: Int])
        #expect(left == ["note-without-check": 1])  // "sick"
        #expect(report["nearestSchedules"] as? [String] == ["Run"])
        let list = try sandbox.ok("list", "--all")
        #expect(list.contains("Gym") && list.contains("Meditate") && list.contains("Run"))
        #expect(try sandbox.ok("show", "gym").contains("3/week"))
        #expect(try sandbox.ok("show", "gym").contains("Did you go to the gym?"))
        #expect(try sandbox.ok("show", "meditate").contains("archived"))

        // The same backup again adds nothing; a later one with one more day adds that day.
        let again = try sandbox.json("import", "--from", "loop", path, "--json")
        #expect((again["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        let later = sandbox.home + "/later.db"
        try Self.version25(
            later,
            extra: "INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(1,\(Self.stamp("2026-01-07")),2,NULL);")
        let third = try sandbox.json("import", "--from", "loop", later, "--json")
        #expect((third["added"] as? [String: Int])?["completions"] == 1)
        #expect((third["present"] as? [String: Int])?["completions"] == 3)
    }

    @Test func aVersion12BackupIsReadAsLoopsMigrationsBringItForward() throws {
        let sandbox = try Sandbox(now: "2016-01-10T08:00", zone: "America/Adak")
        let path = sandbox.home + "/old.db"
        try Self.database(
            path, version: 12,
            Self.schema12 + """
                INSERT INTO Habits VALUES(15,0,-16742021,'Did you wake up early?',7,3,0,'Wake up early',0,127,NULL,NULL);
                INSERT INTO Repetitions VALUES(306,15,\(Self.stamp("2016-01-01")));
                INSERT INTO Repetitions VALUES(307,15,\(Self.stamp("2016-01-02")));
                INSERT INTO Repetitions VALUES(308,15,\(Self.stamp("2016-01-02")));
                INSERT INTO Repetitions VALUES(309,99,\(Self.stamp("2016-01-03")));
                """)
        let report = try sandbox.json("import", "--from", "loop", path, "--json")
        #expect((report["added"] as? [String: Int])?["completions"] == 2)
        #expect(try Self.completions(sandbox) == ["Wake up early 2016-01-01 ", "Wake up early 2016-01-02 "])
        #expect(try sandbox.ok("show", "wake").contains("Did you wake up early?"))
    }

    @Test func badLoopBackupsAreRefusedAndChangeNothing() throws {
        let sandbox = try Sandbox(now: "2026-01-07T08:00", zone: "UTC")
        try sandbox.ok("add", "Read")
        let newer = sandbox.home + "/newer.db"
        try Self.database(newer, version: 26, Self.schema25)
        try sandbox.expectFailure(
            ["import", "--from", "loop", newer], mentioning: "a backup of a newer Loop (schema 26")
        let stray = sandbox.home + "/stray.db"
        try Self.version25(stray, extra: "INSERT INTO Repetitions(habit,timestamp,value) VALUES(7,0,2);")
        try sandbox.expectFailure(
            ["import", "--from", "loop", stray], mentioning: "stray.db, row 9: an entry for a habit")
        let long = sandbox.home + "/long.db"
        try Self.version25(
            long,
            extra:
                "INSERT INTO Habits(id,archived,description,freq_den,freq_num,name,position) VALUES(4,0,'',1,1,'\(String(repeating: "x", count: 100_000))',3);"
        )
        try sandbox.expectFailure(["import", "--from", "loop", long], mentioning: "long.db, row 4")
        let truncated = sandbox.home + "/truncated.db"
        let whole = try Data(contentsOf: URL(fileURLWithPath: stray))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        try sandbox.expectFailure(["import", "--from", "loop", truncated], mentioning: "truncated.db: damaged")
        let other = sandbox.home + "/other.db"
        try Self.database(other, version: 3, "CREATE TABLE notes (id integer);")
        try sandbox.expectFailure(
            ["import", "--from", "loop", other], mentioning: "not an export of Loop Habit Tracker")
        try sandbox.expectFailure(["import", "--from", "habitica", stray], mentioning: "not an export of Habitica")
    }
}

/// Loop's CSV export of each generation, as a folder and as a zip (Tests/QuestsStoreTests/Fixtures/import).
@Suite struct ImportFromLoopCSVTests {
    static let fixtures =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("QuestsStoreTests/Fixtures/import").path

    @Test func theCSVExportOfEachGenerationComesOverByHabitName() throws {
        let sandbox = try Sandbox(now: "2015-01-26T08:00", zone: "Asia/Tokyo")
        let report = try sandbox.json("import", "--from", "loop", Self.fixtures + "/loop-csv-2.3.1.zip", "--json")
        #expect((report["added"] as? [String: Int])?["quests"] == 3)
        #expect((report["added"] as? [String: Int])?["skips"] == 1)
        #expect(
            try ImportFromLoopTests.completions(sandbox) == [
                "Meditate 2015-01-25 Calm, really", "Wake up early 2015-01-25 ",
            ])
        // Run's 2500 is 2.5 km.
        #expect(try ImportCountedTests.amounts(sandbox) == ["Run 2015-01-25 2500"])
        let left = try #require(report["leftBehind"] as? [String: Int])
        #expect(left == ["note-without-check": 2])
        #expect(report["nearestSchedules"] as? [String] == ["Wake up early", "Run"])
        // The unpacked folder is the same export: nothing new.
        let folder = try sandbox.json("import", "--from", "loop", Self.fixtures + "/loop-csv-2.3.1", "--json")
        #expect((folder["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        // A 2.0 export of the same habits adds only its one day more; a 1.x zip (stored) its own day.
        let older = try sandbox.json("import", "--from", "loop", Self.fixtures + "/loop-csv-2.0", "--json")
        #expect((older["added"] as? [String: Int])?["completions"] == 1)
        #expect((older["added"] as? [String: Int])?["quests"] == 0)
        let oldest = try sandbox.json("import", "--from", "loop", Self.fixtures + "/loop-csv-1.x.zip", "--json")
        #expect((oldest["added"] as? [String: Int])?["completions"] == 1)
        #expect(try sandbox.ok("show", "meditate").contains("Did you meditate this morning?"))
    }

    @Test func badCSVExportsAndHostileZipsAreRefused() throws {
        let sandbox = try Sandbox(now: "2015-01-26T08:00", zone: "UTC")
        try sandbox.ok("add", "Read")
        try sandbox.expectFailure(
            ["import", "--from", "loop", Self.fixtures + "/loop-csv-traversal.zip"],
            mentioning: "an entry that leads out of the archive (\"../evil.csv\")")
        try sandbox.expectFailure(
            ["import", "--from", "loop", Self.fixtures + "/loop-csv-huge.zip"], mentioning: "larger than 64 MB")
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/loop-csv-2.3.1.zip"))
        let cut = sandbox.home + "/cut.zip"
        try whole.prefix(whole.count - 30).write(to: URL(fileURLWithPath: cut))
        try sandbox.expectFailure(["import", "--from", "loop", cut], mentioning: "cut.zip: damaged")
        var flipped = whole
        flipped[200] ^= 0xFF
        let damaged = sandbox.home + "/damaged.zip"
        try flipped.write(to: URL(fileURLWithPath: damaged))
        try sandbox.expectFailure(["import", "--from", "loop", damaged], mentioning: "damaged.zip: damaged")

        func folder(_ name: String, _ files: [String: String]) throws -> String {
            try ImportFromTests().folder(sandbox, name, files)
        }
        let missingColumn = try folder(
            "a", ["Habits.csv": "Position,Name,Question,Description,Interval,Color\n001,Meditate,,,1,#FF8F00\n"])
        try sandbox.expectFailure(
            ["import", "--from", "loop", missingColumn],
            mentioning: "a/Habits.csv, row 1: \"NumRepetitions\" is missing")
        let badDate = try folder(
            "b",
            [
                "Habits.csv":
                    "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Meditate,,,1,1,#FF8F00\n",
                "001 Meditate/Checkmarks.csv": "2015-01-25,2\n2015-02-30,2\n",
            ])
        try sandbox.expectFailure(
            ["import", "--from", "loop", badDate], mentioning: "b/001 Meditate/Checkmarks.csv, row 2: \"2015-02-30\"")
        let harsh = try folder("c", ["habits": "Gym: 1\n", "log": ""])
        try sandbox.expectFailure(
            ["import", "--from", "loop", harsh], mentioning: "not an export of Loop Habit Tracker")
        try sandbox.expectFailure(
            ["import", "--from", "loop", sandbox.home + "/nothing-here.zip"], mentioning: "nothing-here.zip")
    }
}
