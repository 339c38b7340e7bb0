import Foundation
import Testing

/// `quests import --from TRACKER PATH`: another tracker's export, through the binary.
@Suite struct ImportFromTests {
    /// Writes `files` (path inside → text) under a new folder of the sandbox's home, and returns its path.
    func folder(_ sandbox: Sandbox, _ name: String, _ files: [String: String]) throws -> String {
        let root = sandbox.home + "/" + name
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let harshHabits = """
        # my habits
        ! Health
        Gym: 3/7
        Coffee: 0
        Stretch: 1
        Walk: 2w
        ! Retired
        Floss: 1: 2025-01-02
        """
    static let harshLog = """
        2025-01-01 : Gym : y : Leg day : 1.5
        2025-01-02 : Gym : s : Skipped today : 0
        2025-01-02 : Coffee : y :  : 3
        2025-01-01 : Stretch : y
        2025-01-02 : Stretch : n : too tired
        2025-01-03 : Stretch : y : first : 0
        2025-01-03 : Stretch : y : second
        2025-01-01 : Floss : y
        """

    @Test func harshHabitsBecomeQuestsAndItsLogCompletionsAndSkips() throws {
        let sandbox = try Sandbox(now: "2025-01-04T08:00", zone: "Pacific/Kiritimati")
        let path = try folder(sandbox, "harsh", ["habits": Self.harshHabits, "log": Self.harshLog])
        let dry = try sandbox.json("import", "--from", "harsh", path, "--dry-run", "--json")
        #expect(dry["dryRun"] as? Bool == true)
        #expect(try sandbox.ok("list", "--all", "--json").contains("Gym") == false)

        let report = try sandbox.json("import", "--from", "harsh", path, "--json")
        let added = try #require(report["added"] as? [String: Int])
        #expect(added["quests"] == 5)
        // Gym 01 and Coffee 02 (counted: their amounts), Stretch 01 and 03 (the later line wins), Floss 01.
        #expect(added["completions"] == 5)
        #expect(added["amounts"] == 2)
        #expect(added["skips"] == 1)
        #expect(added["ledger"] == 0)
        #expect(report["source"] as? String == "harsh")
        #expect(try ImportCountedTests.amounts(sandbox) == ["Coffee 2025-01-02 3000", "Gym 2025-01-01 1500"])
        #expect(try ImportCountedTests.entry(sandbox, "Gym", on: "2025-01-01")["state"] as? String == "completed")
        let left = try #require(report["leftBehind"] as? [String: Int])
        #expect(left["note-with-amount"] == 1)  // Gym's "Leg day"
        #expect(left["groups"] == nil)
        // Each heading is the group of the habits under it.
        let listed = try #require(try sandbox.json("list", "--all", "--json")["quests"] as? [[String: Any]])
        let groups = Dictionary(
            uniqueKeysWithValues: listed.map { ($0["title"] as? String ?? "", $0["group"] as? String) })
        #expect(
            groups == ["Gym": "Health", "Coffee": "Health", "Stretch": "Health", "Walk": "Health", "Floss": "Retired"])
        #expect(left["note-without-check"] == 1)
        #expect(report["nearestSchedules"] as? [String] == ["Coffee"])
        #expect(report["balanceAfter"] as? Int == 0)

        let log = try sandbox.ok("log", "--json")
        #expect(log.contains("second") && !log.contains("first"))
        let list = try sandbox.ok("list", "--all")
        #expect(list.contains("Gym") && list.contains("Floss"))

        // A second import, from the habits file itself, adds nothing.
        let again = try sandbox.json("import", "--from", "harsh", path + "/habits", "--json")
        let addedAgain = try #require(again["added"] as? [String: Int])
        #expect(addedAgain.values.allSatisfy { $0 == 0 })
        #expect((again["present"] as? [String: Int])?["completions"] == 3)
        #expect((again["present"] as? [String: Int])?["amounts"] == 2)

        let text = try sandbox.ok("import", "--from", "harsh", path)
        #expect(text.contains("from harsh"))
        #expect(text.contains("amounts       0 added, 2 already here"))
        #expect(text.contains("Left behind:"))
        #expect(text.contains("1 note on a day with an amount"))
    }

    @Test func importedHistoryPaysOnlyWithPay() throws {
        let sandbox = try Sandbox(now: "2025-01-04T08:00", zone: "UTC")
        let path = try folder(
            sandbox, "harsh", ["habits": "Stretch: 1\n", "log": "2025-01-02 : Stretch : y\n2025-01-03 : Stretch : y\n"])
        let report = try sandbox.json("import", "--from", "harsh", path, "--pay", "--json")
        #expect((report["added"] as? [String: Int])?["ledger"] == 2)
        #expect(report["balanceAfter"] as? Int == 20)
        let again = try sandbox.json("import", "--from", "harsh", path, "--pay", "--json")
        #expect(again["balanceAfter"] as? Int == 20)
        #expect(try sandbox.ok("streak").contains("Current streak: 2 days"))
    }

    @Test func badHarshFilesAreRefusedNamingTheFileAndRow() throws {
        let sandbox = try Sandbox(now: "2025-01-04T08:00", zone: "UTC")
        try sandbox.ok("add", "Read")
        let badDate = try folder(
            sandbox, "a", ["habits": "Gym: 3/7\n", "log": "2025-01-01 : Gym : y\n2025-13-01 : Gym : y\n"])
        try sandbox.expectFailure(
            ["import", "--from", "harsh", badDate], mentioning: "a/log, row 2: \"2025-13-01\" is not a date")
        let badValue = try folder(sandbox, "b", ["habits": "Gym: 3/7\n", "log": "2025-01-01 : Gym : l\n"])
        try sandbox.expectFailure(["import", "--from", "harsh", badValue], mentioning: "b/log, row 1")
        let badFrequency = try folder(sandbox, "c", ["habits": "Gym: 8/7\n", "log": ""])
        try sandbox.expectFailure(["import", "--from", "harsh", badFrequency], mentioning: "c/habits, row 1")
        let stray = try folder(sandbox, "d", ["habits": "Gym: 1\n", "log": "2025-01-01 : Swim : y\n"])
        try sandbox.expectFailure(
            ["import", "--from", "harsh", stray], mentioning: "d/log, row 1: an entry for a habit")
        let long = try folder(sandbox, "e", ["habits": String(repeating: "x", count: 100_000) + ": 1\n", "log": ""])
        try sandbox.expectFailure(["import", "--from", "harsh", long], mentioning: "e/habits, row 1")
        let missing = try folder(sandbox, "f", ["habits": "Gym: 1\n"])
        try sandbox.expectFailure(["import", "--from", "harsh", missing], mentioning: "\"log\" is missing")
        try sandbox.expectFailure(["import", "some.json", "--pay"], mentioning: "--pay goes with --from")
    }
}
