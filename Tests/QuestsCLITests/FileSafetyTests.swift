import Foundation
import Testing

/// Files quests writes never destroy something else, a safety copy is whole or absent, and whatever came
/// from outside (file names, titles, quoted input) is printed safely and at a readable length.
@Suite struct FileSafetyTests {
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "30")
        try sandbox.ok("done", "read")
        return sandbox
    }

    @Test func backupNeverOverwritesTheStoreOrAFileThatIsNotABackup() throws {
        let sandbox = try sandbox()
        let store = sandbox.home + "/store.sqlite"
        try FileManager.default.createSymbolicLink(atPath: sandbox.home + "/link.json", withDestinationPath: store)
        try FileManager.default.linkItem(atPath: store, toPath: sandbox.home + "/hard.json")
        for target in [
            store, sandbox.home + "/link.json", sandbox.home + "/hard.json", store + "-wal", store + "-shm",
            sandbox.home + "/../" + URL(fileURLWithPath: sandbox.home).lastPathComponent + "/store.sqlite",
        ] {
            try sandbox.expectFailure(["backup", target], mentioning: "is the store itself")
            try sandbox.expectFailure(["backup", target, "--force"], mentioning: "is the store itself")
        }
        #expect(try sandbox.ok("list").contains("Read"))

        let script = sandbox.home + "/deploy.sh"
        try "#!/bin/sh\necho deploy\n".write(toFile: script, atomically: true, encoding: .utf8)
        try sandbox.expectFailure(
            ["backup", script], mentioning: "exists and is not a quests backup; choose another file, or pass --force")
        #expect(try String(contentsOfFile: script, encoding: .utf8) == "#!/bin/sh\necho deploy\n")
        let empty = sandbox.home + "/empty.json"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        try sandbox.expectFailure(["backup", empty], mentioning: "not a quests backup")

        // An earlier backup is replaced, and --force replaces anything else that is not the store.
        let earlier = sandbox.home + "/earlier.json"
        try sandbox.ok("backup", earlier)
        try sandbox.ok("shop", "add", "Cake", "--price", "5")
        #expect(try sandbox.ok("backup", earlier).contains("Backed up 1 quest, 1 reward, 1 completion, 1 ledger entry"))
        #expect(try sandbox.ok("backup", script, "--force").contains("Backed up"))
        #expect(try String(contentsOfFile: script, encoding: .utf8) == String(contentsOfFile: earlier, encoding: .utf8))
    }

    @Test func restoreIntoANewStoreMakesNoSafetyCopyAndSaysSo() throws {
        let source = try sandbox()
        let file = source.home + "/backup.json"
        try source.ok("backup", file)
        let target = try Sandbox()
        let output = try target.ok("restore", file, "--yes")
        #expect(
            output.contains("There was no store at \(target.home)/store.sqlite before, so no safety copy was made."))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: target.home).filter { $0.contains("before-restore") }
                .isEmpty)
        #expect(try target.ok("backup", "-") == source.ok("backup", "-"))
        // With a store there, the copy is made, complete, with no temporary file left beside it.
        let again = try target.ok("restore", file, "--yes")
        #expect(again.contains("The previous store is saved as \(target.home)/store.before-restore-"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.home).filter {
            $0.contains("before-restore")
        }
        #expect(leftovers.count == 1 && leftovers[0].hasSuffix(".sqlite"), "\(leftovers)")
    }

    /// A restore killed while it writes its safety copy leaves no file under the safety copy's name that
    /// would open as an empty store: the copy gets that name only once it is complete.
    @Test func aRestoreKilledWhileSavingItsCopyLeavesNoHalfCopy() async throws {
        let sandbox = try Sandbox()
        let notes = String(repeating: "n", count: 4_000)
        let quests = (1...1_500).map { number in
            #"{"uuid":"\#(UUID().uuidString)","number":\#(number),"title":"Quest \#(number)","notes":"\#(notes)","createdDay":"2026-11-01","schedule":[{"from":"2026-11-01","time":null,"weekdays":["mon"],"reward":10,"archived":false}]}"#
        }
        let document = """
            {"format": "quests-backup", "schemaVersion": 1, "appVersion": "0.3.0", "exportedAt": "2026-11-21T08:00:00Z", "settings": {},
             "quests": [\(quests.joined(separator: ",\n"))], "rewards": [], "completions": [], "ledger": [], "redemptions": [],
             "achievements": [], "celebrations": []}
            """
        let file = sandbox.home + "/big.json"
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        try sandbox.ok("restore", file, "--yes")
        for _ in 0..<3 {
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.home))
            let process = try sandbox.start(["restore", file, "--yes"])
            // Kill it the moment a file for the safety copy appears.
            while process.isRunning {
                let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.home)
                if names.contains(where: { $0.contains("before-restore") && !before.contains($0) }) {
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
            }
            process.waitUntilExit()
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.home)
        let copies = names.filter { $0.contains("before-restore") && !$0.hasPrefix(".") }
        #expect(!copies.contains { $0.hasSuffix("-journal") }, "\(names)")
        for copy in copies where copy.hasSuffix(".sqlite") {
            let listed = try sandbox.json("list", "--all", "--json", "--db", sandbox.home + "/" + copy)
            #expect((listed["quests"] as? [Any])?.count == 1_500, "\(copy) is not a whole copy")
        }
    }

    @Test func fileNamesAndTitlesArePrintedWithoutControlOrInvisibleCharacters() throws {
        let sandbox = try sandbox()
        let file = sandbox.home + "/b\u{1B}]0;pwned\u{07}.json"
        let outputs = [
            try sandbox.ok("backup", file),
            try sandbox.ok("import", file, "--dry-run"),
            try sandbox.ok("restore", file, "--yes"),
            try sandbox.ok("restore", file, "--yes", "--db", sandbox.home + "/odd\u{1B}[2J\u{202E}.sqlite"),
            try sandbox.ok("restore", file, "--yes", "--db", sandbox.home + "/odd\u{1B}[2J\u{202E}.sqlite"),
            try sandbox.ok("doctor", "--db", sandbox.home + "/odd\u{1B}[2J\u{202E}.sqlite"),
        ]
        for output in outputs {
            #expect(
                !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" },
                "\(output.debugDescription)")
        }
        #expect(outputs[0].contains("b]0;pwned.json"))
        #expect(outputs[4].contains("The previous store is saved as \(sandbox.home)/odd[2J.before-restore-"))

        try sandbox.ok("add", "Wa\u{200B}lk\u{200D} the\u{FEFF} dog\u{2060}")
        try sandbox.ok("add", "👩‍💻 Code")
        let board = try sandbox.ok("board")
        #expect(board.contains("Walk the dog"))
        #expect(board.contains("👩‍💻 Code"))
        #expect(!board.unicodeScalars.contains { [0x200B, 0xFEFF, 0x2060].contains($0.value) })
        // Stored exactly as given: --json carries the title unchanged.
        let titles = (try sandbox.json("list", "--json")["quests"] as? [[String: Any]] ?? []).compactMap {
            $0["title"] as? String
        }
        #expect(titles.contains("Wa\u{200B}lk\u{200D} the\u{FEFF} dog\u{2060}"))
    }

    @Test func errorLinesQuoteHugeInputCut() throws {
        let sandbox = try sandbox()
        // Under 64 KB, so that an uncut message still fits the pipe the test reads last.
        let huge = String(repeating: "k", count: 30_000)
        for arguments in [
            ["done", huge], ["add", "Run", "--days", huge], ["add", "Run", "--days=" + huge],
            ["add", "Run", "--" + huge],
            ["config", "day-start", huge], ["shop", "buy", huge],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.hasPrefix("error: ") && result.stderr.count < 300, "\(result.stderr.prefix(300))")
            #expect(result.stderr.contains("kkkkk…"), "\(result.stderr.prefix(300))")
        }
        let now = try sandbox.run(["board"], extra: ["QUESTS_NOW": huge])
        #expect(now.stderr.hasPrefix("error: QUESTS_NOW=") && now.stderr.count < 300)

        let file = sandbox.home + "/backup.json"
        try sandbox.ok("backup", file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let bad = sandbox.home + "/bad.json"
        try text.replacingOccurrences(
            of: "\"kind\":\"quest-reward\"", with: "\"kind\":\"\(String(repeating: "x", count: 30_000))\""
        )
        .write(toFile: bad, atomically: true, encoding: .utf8)
        for arguments in [["import", bad], ["restore", bad, "--yes"]] {
            let result = try sandbox.run(arguments)
            #expect(
                result.stderr.contains("unknown kind \"xxxx") && result.stderr.count < 400,
                "\(result.stderr.prefix(400))")
        }
    }

    @Test func textIsStoredExactlyOrRefusedWhereverItEnters() throws {
        let sandbox = try sandbox()
        let long = String(repeating: "t", count: 201)
        let notes = String(repeating: "n", count: 5_001)
        try sandbox.expectFailure(["add", long], mentioning: "the title must have at most 200 characters")
        try sandbox.expectFailure(
            ["add", "Run", "--notes", notes], mentioning: "the notes must have at most 5,000 characters")
        try sandbox.expectFailure(
            ["edit", "read", "--title", long], mentioning: "the title must have at most 200 characters")
        try sandbox.expectFailure(
            ["edit", "read", "--notes", notes], mentioning: "the notes must have at most 5,000 characters")
        try sandbox.expectFailure(
            ["shop", "add", long, "--price", "5"], mentioning: "the title must have at most 200 characters")
        try sandbox.expectFailure(
            ["shop", "add", "Cake", "--price", "5", "--notes", notes],
            mentioning: "the notes must have at most 5,000 characters")
        try sandbox.ok("shop", "add", "Cake", "--price", "5")
        try sandbox.expectFailure(
            ["shop", "edit", "cake", "--notes", notes], mentioning: "the notes must have at most 5,000 characters")
        try sandbox.ok("add", String(repeating: "t", count: 200), "--notes", String(repeating: "n", count: 5_000))

        let file = sandbox.home + "/backup.json"
        try sandbox.ok("backup", file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        func variant(_ name: String, _ old: String, _ new: String) throws -> String {
            let path = sandbox.home + "/" + name
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let nul = try variant("nul.json", "\"title\":\"Read\"", "\"title\":\"\\u0000Read\"")
        let cut = try variant("cut.json", "\"title\":\"Read\"", "\"title\":\"Re\\u0000ad\"")
        let number = try variant("number.json", "\"number\":1,", "\"number\":9223372036854775807,")
        for (path, fragment) in [
            (nul, "quests[0].title: must not contain a NUL character"), (cut, "must not contain a NUL character"),
            (number, "quests[0].number: must be from 1 to 1,000,000,000"),
        ] {
            try sandbox.expectFailure(["restore", path, "--yes"], mentioning: fragment)
            try sandbox.expectFailure(["import", path], mentioning: fragment)
        }
        try sandbox.ok("add", "Still works")
        try sandbox.ok("shop", "add", "Still works", "--price", "3")
    }
}
