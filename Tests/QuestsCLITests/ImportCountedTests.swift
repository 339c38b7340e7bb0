import Foundation
import Testing

/// `quests import --from` with numeric habits: Loop's measurable and at-most habits, harsh's amounts and
/// Habitica's down-only habits become counted and limit quests, each day's amount an amount entry on its
/// day, the completions derived from them and paid only with `--pay`.
@Suite struct ImportCountedTests {
    /// A Loop backup (schema 25) with a counted habit (at least 5 km a day) and a limit habit (at most 2 cups a
    /// day), their values in thousandths as Loop keeps them, and `later` values (habit, day, value) after them.
    static func loopBackup(_ sandbox: Sandbox, later: [(Int, String, Int)] = []) throws -> String {
        let path = sandbox.home + "/Loop Habits Backup \(later.count).db"
        func repetition(_ habit: Int, _ day: String, _ value: Int, _ note: String = "NULL") -> String {
            "INSERT INTO Repetitions(habit,timestamp,value,notes) VALUES(\(habit),\(ImportFromLoopTests.stamp(day)),\(value),\(note));"
        }
        try ImportFromLoopTests.database(
            path, version: 25,
            ImportFromLoopTests.schema25 + """
                INSERT INTO Habits VALUES(1,0,3,'',1,1,0,'Run',0,NULL,NULL,127,1,0,5.0,'km','How far did you run?',
                  'cc3c9e21a7b84d6f9e0c1a2b3c4d5e6f');
                INSERT INTO Habits VALUES(2,0,4,'',1,1,0,'Coffee',1,NULL,NULL,127,1,1,2.0,'cups','How many cups?',
                  'dd3c9e21a7b84d6f9e0c1a2b3c4d5e6f');
                """
                + [
                    repetition(1, "2026-01-02", 2500, "'hills'"), repetition(1, "2026-01-03", 5000),
                    repetition(1, "2026-01-04", 12750), repetition(1, "2026-01-05", 3),
                    repetition(2, "2026-01-03", 3000), repetition(2, "2026-01-04", 1000),
                ].joined(separator: "\n") + later.map { repetition($0.0, $0.1, $0.2) }.joined(separator: "\n"))
        return path
    }

    /// The board entry of `title` on `day`.
    static func entry(_ sandbox: Sandbox, _ title: String, on day: String) throws -> [String: Any] {
        let quests = try #require(try sandbox.json("board", "--date", day, "--json")["quests"] as? [[String: Any]])
        return try #require(quests.first { $0["title"] as? String == title })
    }

    /// The store's amount entries, as `title day thousandths` lines.
    static func amounts(_ sandbox: Sandbox) throws -> [String] {
        try ImportFromLoopTests.records("amounts", of: sandbox) {
            "\($0["day"] as! String) \($0["thousandths"] as! Int)"
        }
    }

    static func balance(_ sandbox: Sandbox) throws -> Int {
        try #require(try sandbox.json("wallet", "--json")["balance"] as? Int)
    }

    @Test func loopsMeasurableHabitsAreCountedAndLimitQuestsWithTheirAmountsInUnits() throws {
        let sandbox = try Sandbox(now: "2026-01-07T08:00", zone: "Pacific/Kiritimati")
        let path = try Self.loopBackup(sandbox)
        let report = try sandbox.json("import", "--from", "loop", path, "--json")
        let added = try #require(report["added"] as? [String: Int])
        #expect(added["quests"] == 2)
        #expect(added["amounts"] == 5)
        #expect(added["skips"] == 1)
        // Run reached 5 km on the 3rd and 4th; Coffee was over on the 3rd, kept on the 4th, 5th and 6th (today
        // is not over yet).
        #expect(added["completions"] == 5)
        #expect(added["ledger"] == 0)
        #expect(report["balanceAfter"] as? Int == 0)
        #expect(report["nearestSchedules"] as? [String] == [])
        #expect((report["leftBehind"] as? [String: Int]) == ["note-with-amount": 1])  // "hills"
        #expect(
            try ImportFromLoopTests.completions(sandbox) == [
                "Coffee 2026-01-04 ", "Coffee 2026-01-05 ", "Coffee 2026-01-06 ", "Run 2026-01-03 ", "Run 2026-01-04 ",
            ])

        // Loop's 2500 is 2.5 km: never 2500 km, nor 0.0025.
        #expect(
            try Self.amounts(sandbox) == [
                "Coffee 2026-01-03 3000", "Coffee 2026-01-04 1000", "Run 2026-01-02 2500", "Run 2026-01-03 5000",
                "Run 2026-01-04 12750",
            ])
        let run = try Self.entry(sandbox, "Run", on: "2026-01-02")
        #expect(run["amount"] as? Double == 2.5)
        #expect(run["target"] as? Double == 5)
        #expect(run["unit"] as? String == "km")
        #expect(run["state"] as? String == "missed")
        #expect(try Self.entry(sandbox, "Run", on: "2026-01-04")["amount"] as? Double == 12.75)
        #expect(try Self.entry(sandbox, "Run", on: "2026-01-05")["state"] as? String == "skipped")
        let over = try Self.entry(sandbox, "Coffee", on: "2026-01-03")
        #expect(over["state"] as? String == "over")
        #expect(over["atMost"] as? Double == 2)
        #expect(over["unit"] as? String == "cups")
        #expect(try Self.entry(sandbox, "Coffee", on: "2026-01-04")["state"] as? String == "completed")
        #expect(try sandbox.ok("board", "--date", "2026-01-02").contains("2.5/5 km"))

        // The same backup again adds nothing and pays nothing.
        let again = try sandbox.json("import", "--from", "loop", path, "--json")
        #expect((again["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        #expect((again["present"] as? [String: Int])?["amounts"] == 5)
        #expect(try Self.balance(sandbox) == 0)
        #expect(try ImportFromLoopTests.completions(sandbox).count == 5)

        // The imported days stay unpaid; the first day that ends in quests pays as any day (Coffee kept on the 7th).
        sandbox.environment["QUESTS_NOW"] = "2026-01-08T08:00"
        #expect(try Self.balance(sandbox) == 10)
        #expect(try ImportFromLoopTests.completions(sandbox).contains("Coffee 2026-01-07 "))

        // A later export adds only its new days. The 7th, the day of the first import, was a day of quests:
        // Run's 6 km that day pay, and Coffee's 3 cups take back what the day was paid.
        let later = try Self.loopBackup(sandbox, later: [(1, "2026-01-07", 6000), (2, "2026-01-07", 3000)])
        let third = try sandbox.json("import", "--from", "loop", later, "--json")
        #expect((third["added"] as? [String: Int])?["amounts"] == 2)
        #expect((third["present"] as? [String: Int])?["amounts"] == 5)
        #expect(third["balanceAfter"] as? Int == 10)
        let completions = try ImportFromLoopTests.completions(sandbox)
        #expect(completions.contains("Run 2026-01-07 ") && !completions.contains("Coffee 2026-01-07 "))
        #expect(try sandbox.run("doctor").status == 0)
    }

    @Test func anotherMachineThatSyncsTheImportedAmountsPaysNoneOfTheirDays() throws {
        let (sandbox, share, laptop, desktop) = try NewUserWeekTests.twoMachines()
        let path = try Self.loopBackup(sandbox)
        let now = "2026-01-07T08:00"
        try laptop.ok("import", "--from", "loop", path, at: now)
        try laptop.ok("sync", share, at: now)
        try desktop.ok("sync", share, at: now)
        // Both settle the imported days from the same amounts: the same completions, and no pay.
        for machine in [laptop, desktop] {
            #expect(try machine.ok("wallet", "--json", at: now).contains(#""balance" : 0"#))
            let board = try machine.ok("board", "--date", "2026-01-04", "--json", at: now)
            #expect(board.components(separatedBy: #""state" : "completed""#).count == 3)  // Run and Coffee
        }
        // Their schedules say so: nothing before the day of the import, the reward from it on.
        let shown = try desktop.ok("show", "coffee", "--json", at: now)
        #expect(shown.contains(#""reward" : 0"#) && shown.contains(#""reward" : 10"#))
        // The first day that ends pays once, on whichever machine sees it first.
        try desktop.ok("board", at: "2026-01-08T08:00")
        try desktop.ok("sync", share, at: "2026-01-08T08:00")
        try laptop.ok("sync", share, at: "2026-01-08T08:00")
        for machine in [laptop, desktop] {
            #expect(try machine.ok("wallet", "--json", at: "2026-01-08T08:00").contains(#""balance" : 10"#))
        }
        #expect(try laptop.state() == desktop.state())
    }

    @Test func withPayEachCountedOrKeptDayPaysOnceAndADryRunChangesNothing() throws {
        let sandbox = try Sandbox(now: "2026-01-07T08:00", zone: "UTC")
        let path = try Self.loopBackup(sandbox)
        let dry = try sandbox.json("import", "--from", "loop", path, "--pay", "--dry-run", "--json")
        #expect(dry["dryRun"] as? Bool == true)
        #expect((dry["added"] as? [String: Int])?["amounts"] == 5)
        #expect((dry["added"] as? [String: Int])?["completions"] == 5)
        #expect(dry["balanceAfter"] as? Int == 50)
        #expect(try Self.amounts(sandbox) == [])
        #expect(try Self.balance(sandbox) == 0)
        #expect(try sandbox.ok("list", "--all").contains("Coffee") == false)

        let report = try sandbox.json("import", "--from", "loop", path, "--pay", "--json")
        #expect((report["added"] as? [String: Int])?["ledger"] == 5)
        #expect(report["balanceAfter"] as? Int == 50)
        let again = try sandbox.json("import", "--from", "loop", path, "--pay", "--json")
        #expect((again["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        #expect(again["balanceAfter"] as? Int == 50)
        // The day that ends next pays as any day would, and the imported ones are not paid twice.
        sandbox.environment["QUESTS_NOW"] = "2026-01-08T08:00"
        #expect(try Self.balance(sandbox) == 60)
        #expect(try sandbox.run("doctor").status == 0)
    }

    @Test func loopsCSVExportBringsTheSameThousandthsNamedOrNot() throws {
        let sandbox = try Sandbox(now: "2026-01-04T08:00", zone: "America/Adak")
        let path = try ImportFromTests().folder(
            sandbox, "csv",
            [
                "Habits.csv": """
                Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
                001,Water,NUMERICAL,How much water?,,1,1,#FF8F00,glasses,AT_LEAST,8.0,false
                002,Coffee,NUMERICAL,,,1,7,#00897B,cups,AT_MOST,2.0,false

                """,
                "001 Water/Checkmarks.csv": """
                Date,Value,Notes
                2026-01-03,8000,
                2026-01-02,2500,"half, really"
                2026-01-01,SKIP,

                """,
                // 2.3.1 names a numerical habit's 2 thousandths as it names a check.
                "002 Coffee/Checkmarks.csv": "Date,Value,Notes\n2026-01-02,YES_MANUAL,\n2026-01-01,3000,\n",
            ])
        let report = try sandbox.json("import", "--from", "loop", path, "--json")
        #expect((report["added"] as? [String: Int])?["skips"] == 1)
        #expect(
            try Self.amounts(sandbox) == [
                "Coffee 2026-01-01 3000", "Coffee 2026-01-02 2", "Water 2026-01-02 2500", "Water 2026-01-03 8000",
            ])
        #expect(
            try ImportFromLoopTests.completions(sandbox) == [
                "Coffee 2026-01-02 ", "Coffee 2026-01-03 ", "Water 2026-01-03 ",
            ])
        #expect((report["leftBehind"] as? [String: Int]) == ["note-with-amount": 1])
        // At most 2 a week is judged as at most 2 a day: the nearest.
        #expect(report["nearestSchedules"] as? [String] == ["Coffee"])
        #expect(try Self.entry(sandbox, "Water", on: "2026-01-02")["amount"] as? Double == 2.5)
    }

    @Test func harshAmountsAndHabiticaDownOnlyHabitsAreCountedAndLimitQuests() throws {
        let sandbox = try Sandbox(now: "2025-01-10T08:00", zone: "America/Adak")
        let harsh = try ImportFromTests().folder(
            sandbox, "harsh",
            [
                "habits": "Pushups: 1\nStretch: 1\n",
                "log": "2025-01-08 : Pushups : y :  : 20\n2025-01-09 : Pushups : y\n2025-01-09 : Stretch : y\n",
            ])
        _ = try sandbox.json("import", "--from", "harsh", harsh, "--json")
        // A habit with amounts counts them; any day harsh says done is done, with or without one.
        #expect(try Self.amounts(sandbox) == ["Pushups 2025-01-08 20000", "Pushups 2025-01-09 0"])
        #expect(
            try ImportFromLoopTests.completions(sandbox) == [
                "Pushups 2025-01-08 ", "Pushups 2025-01-09 ", "Stretch 2025-01-09 ",
            ])
        #expect(try Self.entry(sandbox, "Pushups", on: "2025-01-08")["target"] as? Double == 0)
        #expect(try Self.entry(sandbox, "Stretch", on: "2025-01-09")["target"] is NSNull)

        let habitica = sandbox.home + "/habitica-user-data.json"
        try Data(ImportFromJSONTests.habitica.utf8).write(to: URL(fileURLWithPath: habitica))
        _ = try sandbox.json("import", "--from", "habitica", habitica, "--json")
        // Smoke, at most 0: over on the 5th (two −), kept on every day since that is over.
        let smoked = try Self.entry(sandbox, "Smoke", on: "2025-01-05")
        #expect(smoked["atMost"] as? Double == 0)
        #expect(smoked["amount"] as? Double == 2)
        #expect(smoked["state"] as? String == "over")
        let kept = try ImportFromLoopTests.completions(sandbox).filter { $0.hasPrefix("Smoke") }
        #expect(kept == ["Smoke 2025-01-06 ", "Smoke 2025-01-07 ", "Smoke 2025-01-08 ", "Smoke 2025-01-09 "])
        #expect(try Self.balance(sandbox) == 0)
    }
}
