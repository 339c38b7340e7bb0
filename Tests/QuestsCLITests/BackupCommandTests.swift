import Foundation
import Testing

@Suite struct BackupCommandTests {
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "30", extra: ["QUESTS_NOW": "2026-11-19T08:00"])
        try sandbox.ok("add", "Run", "--reward", "20", extra: ["QUESTS_NOW": "2026-11-19T08:00"])
        try sandbox.ok("done", "read")
        try sandbox.ok("done", "run", "--date", "yesterday")
        try sandbox.ok("shop", "add", "Cake", "--price", "25")
        try sandbox.ok("shop", "buy", "cake")
        try sandbox.ok("config", "day-start", "02:00")
        return sandbox
    }

    @Test func backupWritesAnOwnerOnlyFileAtomicallyAndToStandardOutput() throws {
        let sandbox = try sandbox()
        let path = sandbox.home + "/out/backup.json"
        try FileManager.default.createDirectory(atPath: sandbox.home + "/out", withIntermediateDirectories: true)
        let output = try sandbox.ok("backup", path)
        #expect(output.contains("Backed up 2 quests, 1 reward, 2 completions, 3 ledger entries, 1 purchase"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/out") == ["backup.json"])
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"format\": \"quests-backup\",\n  \"schemaVersion\": 7,"))
        #expect(try sandbox.ok("backup", "-") == written)
        // Backing up again over the same file replaces it whole.
        try sandbox.ok("done", "run")
        try sandbox.ok("backup", path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"completions\": [\n    {"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/out") == ["backup.json"])
        try sandbox.expectFailure(["backup", sandbox.home + "/missing-folder/backup.json"], mentioning: "cannot write")
    }

    /// The copy of the store a restore replaces is named by the local time, as the user's clock reads it.
    @Test func theStoreARestoreReplacesIsSavedUnderTheLocalTime() throws {
        let source = try sandbox()
        let file = source.home + "/backup.json"
        try source.ok("backup", file)
        let target = try Sandbox(now: "2026-12-14T08:00", zone: "Europe/Berlin")
        try target.ok("add", "Something else")
        let output = try target.ok("restore", file, "--yes")
        #expect(
            output.contains("The previous store is saved as \(target.home)/store.before-restore-20261214-080000.sqlite")
        )
    }

    @Test func restoreAsksOrNeedsYesAndKeepsTheOldStoreBeside() throws {
        let source = try sandbox()
        let file = source.home + "/backup.json"
        try source.ok("backup", file)
        let target = try Sandbox()
        try target.ok("add", "Something else")
        try target.expectFailure(["restore", file], mentioning: "confirm on a terminal, or pass --yes")
        let output = try target.ok("restore", file, "--yes")
        #expect(output.contains("Restored 2 quests"))
        #expect(output.contains("The previous store is saved as \(target.home)/store.before-restore-"))
        #expect(try target.ok("board", "--json") == source.ok("board", "--json"))
        #expect(try target.ok("backup", "-") == source.ok("backup", "-"))
        let saved = try FileManager.default.contentsOfDirectory(atPath: target.home).filter {
            $0.contains("before-restore") && $0.hasSuffix(".sqlite")
        }
        #expect(saved.count == 1)
        let old = try target.ok("list", "--db", target.home + "/" + saved[0])
        #expect(old.contains("Something else"))
    }

    @Test func aRestoreRemovesTheCopiesAKilledRestoreLeftBehind() throws {
        let source = try sandbox()
        let file = source.home + "/backup.json"
        try source.ok("backup", file)
        let target = try Sandbox()
        try target.ok("add", "Something else")
        // A process that has ended, as a restore killed while saving the current store would have.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = [
            ".store.before-restore-20261120-070000.sqlite.\(ended.processIdentifier).partial",
            ".store.before-restore-20261120-070000.sqlite.\(ended.processIdentifier).partial-journal",
        ]
        // One still being written by a running process (this one) is left alone, as is anything else.
        let others = [".store.before-restore-20261121-070000.sqlite.\(getpid()).partial", "notes.partial", ".hidden"]
        for name in abandoned + others {
            #expect(FileManager.default.createFile(atPath: target.home + "/" + name, contents: Data("x".utf8)))
        }
        try target.ok("restore", file, "--yes")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: target.home))
        #expect(left.isDisjoint(with: abandoned))
        #expect(left.isSuperset(of: others))
    }

    @Test func importingTwiceAddsNothingTheSecondTimeAndDryRunWritesNothing() throws {
        let source = try sandbox()
        let file = source.home + "/backup.json"
        try source.ok("backup", file)
        let target = try Sandbox()
        try target.ok("add", "Stretch")
        let before = try target.snapshot()
        let dry = try target.json("import", file, "--dry-run", "--json")
        #expect(dry["dryRun"] as? Bool == true)
        #expect((dry["added"] as? [String: Int])?["completions"] == 2)
        #expect(try target.snapshot() == before)
        let first = try target.ok("import", file)
        #expect(first.contains("completions   2 added, 0 already here"))
        #expect(first.contains("balance       0 DD → 25 DD"))
        let afterFirst = try target.snapshot()
        let second = try target.json("import", file, "--json")
        #expect((second["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        #expect((second["present"] as? [String: Int])?["ledger"] == 3)
        #expect(try target.snapshot() == afterFirst)
        #expect(try target.ok("list").contains("Stretch"))
    }

    @Test func badBackupsAreRefusedAndChangeNothing() throws {
        let sandbox = try sandbox()
        let good = sandbox.home + "/good.json"
        try sandbox.ok("backup", good)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        func write(_ name: String, _ data: Data) throws -> String {
            let path = sandbox.home + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            return path
        }
        let future = try write(
            "future.json",
            Data(
                String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "\"schemaVersion\": 7", with: "\"schemaVersion\": 8").utf8))
        let cases: [(String, String)] = [
            (try write("cut.json", bytes.prefix(bytes.count * 2 / 3)), "cut.json: "),
            (future, "written by a newer quests (backup schema version 8"),
            (try write("list.json", Data("[1, 2, 3]".utf8)), "not a quests backup"),
            (
                try write(
                    "flipped.json", Data(bytes.enumerated().map { $0.offset == 700 ? $0.element ^ 0x80 : $0.element })),
                "flipped.json: "
            ),
            (sandbox.home + "/nowhere.json", "no such file"),
        ]
        for (path, fragment) in cases {
            try sandbox.expectFailure(["import", path], mentioning: fragment)
            try sandbox.expectFailure(["restore", path, "--yes"], mentioning: fragment)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.home).filter { $0.contains("before-restore") }
                .isEmpty)
    }
}
