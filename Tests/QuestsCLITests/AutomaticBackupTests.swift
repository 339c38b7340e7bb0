import Foundation
import Testing

@testable import QuestsStore

/// The automatic daily backups (SPEC 21): a snapshot before the first write of a day, the newest kept,
/// listed, and restored as a backup is.
@Suite struct AutomaticBackupTests {
    /// A store with a quest, made on 2026-11-14 (the first write of an empty store takes no snapshot).
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-14T07:00")
        try sandbox.ok("add", "Read", "--reward", "30")
        return sandbox
    }

    func backups(_ sandbox: Sandbox) -> String { sandbox.home + "/backups" }

    /// The snapshot names in the sandbox's backups folder, sorted.
    func snapshotNames(_ sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: backups(sandbox)).filter {
            $0.wholeMatch(of: /store-[0-9]{8}-[0-9]{6}\.sqlite/) != nil
        }.sorted()
    }

    /// Runs a command that must succeed, and returns its stdout.
    @discardableResult
    func ok(
        _ sandbox: Sandbox, _ arguments: [String], at moment: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try sandbox.run(arguments, extra: moment)
        #expect(
            result.status == 0, "quests \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The day's moment `time` (`08:00`) on 2026-11-`day`.
    func at(_ day: Int, _ time: String) -> [String: String] { ["QUESTS_NOW": "2026-11-\(day)T\(time)"] }

    @Test func aWeekOfWritesTakesOneSnapshotADayAndKeepsTheNewest() throws {
        let sandbox = try sandbox()
        #expect(try sandbox.ok("config", "backup-keep", extra: at(14, "07:10")) == "7\n")
        // A write: the day's snapshot comes first.
        try sandbox.ok("config", "backup-keep", "3", extra: at(14, "07:10"))
        #expect(try snapshotNames(sandbox) == ["store-20261114-071000.sqlite"])
        try FileManager.default.createDirectory(atPath: backups(sandbox), withIntermediateDirectories: true)
        // Files that are not this store's snapshots are never taken for one, nor removed.
        let others = [
            "notes.txt", "other-20261101-080000.sqlite", "store-2026-11-01.sqlite", "store-20261101-0800.sqlite",
        ]
        for name in others {
            #expect(FileManager.default.createFile(atPath: backups(sandbox) + "/" + name, contents: Data()))
        }
        for day in 15...21 {
            try sandbox.ok("done", "read", extra: at(day, "08:00"))
            try sandbox.ok("board", extra: at(day, "09:00"))
            try sandbox.ok("add", "Quest \(day)", extra: at(day, "20:00"))
            try sandbox.ok("undo", "read", extra: at(day, "21:00"))
            let taken = ["store-20261114-071000.sqlite"] + (15...day).map { "store-202611\($0)-080000.sqlite" }
            #expect(try snapshotNames(sandbox) == Array(taken.suffix(3)), "day \(day)")
        }
        for name in others { #expect(FileManager.default.fileExists(atPath: backups(sandbox) + "/" + name)) }
        let mode =
            try FileManager.default.attributesOfItem(atPath: backups(sandbox) + "/store-20261121-080000.sqlite")[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
        // No temporary file is left behind, and no journal beside a snapshot.
        let listing = try FileManager.default.contentsOfDirectory(atPath: backups(sandbox))
        #expect(listing.filter { $0.hasPrefix(".") || $0.contains("-wal") || $0.contains("-journal") }.isEmpty)
        // 0 turns them off: no snapshot the next day, and none removed.
        try sandbox.ok("config", "backup-keep", "0", extra: at(21, "22:00"))
        try sandbox.ok("done", "read", extra: at(22, "08:00"))
        #expect(try snapshotNames(sandbox).count == 3)
        #expect(try snapshotNames(sandbox).last == "store-20261121-080000.sqlite")
    }

    @Test func eachSnapshotIsWholeAndRestoresToThatMorningsStore() throws {
        let sandbox = try sandbox()
        func state(_ time: [String: String]) throws -> String {
            try ["list --all --json", "wallet --json", "ledger --json", "log --json"].map {
                try ok(sandbox, $0.split(separator: " ").map(String.init), at: time)
            }.joined(separator: "\n")
        }
        func document(_ time: [String: String]) throws -> String {
            try sandbox.ok("backup", "-", extra: time).split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }
                .joined(separator: "\n")
        }
        var mornings: [Int: (state: String, document: String)] = [:]
        for day in 15...17 {
            mornings[day] = (try state(at(day, "07:59")), try document(at(day, "07:59")))
            try sandbox.ok("done", "read", extra: at(day, "08:00"))
            try sandbox.ok("shop", "add", "Tea \(day)", "--price", "5", extra: at(day, "12:00"))
        }
        for day in 15...17 {
            let file = backups(sandbox) + "/store-202611\(day)-080000.sqlite"
            let connection = try Connection(path: file, access: .readOnly)
            #expect(try connection.prepare("PRAGMA integrity_check").rows { $0.text(0) } == ["ok"])
            // A snapshot holds everything alone: no write-ahead log to go with it.
            #expect(try connection.prepare("PRAGMA journal_mode").firstRow { $0.text(0) } == "delete")
            let output = try sandbox.ok("restore", file, "--yes", extra: at(17, "22:00"))
            #expect(output.contains("Restored 1 quest, "), "\(output)")
            #expect(output.contains(", \(day - 15) completion"), "\(output)")
            #expect(output.contains("The previous store is saved as \(sandbox.home)/store.before-restore-"))
            #expect(try state(at(day, "07:59")) == mornings[day]?.state, "day \(day)")
            #expect(try document(at(day, "07:59")) == mornings[day]?.document, "day \(day)")
        }
        // The automatic backups' settings are this machine's: a restore keeps them.
        try sandbox.ok("config", "backup-keep", "5", extra: at(17, "23:00"))
        try sandbox.ok("restore", backups(sandbox) + "/store-20261115-080000.sqlite", "--yes", extra: at(17, "23:10"))
        #expect(try sandbox.ok("config", "backup-keep", extra: at(17, "23:20")) == "5\n")
    }

    @Test func restoreLatestTakesTheNewestWholeSnapshotNotALeftover() throws {
        let sandbox = try sandbox()
        try sandbox.ok("done", "read", extra: at(15, "08:00"))
        try sandbox.ok("add", "Run", extra: at(16, "08:00"))
        try sandbox.ok("add", "Swim", extra: at(16, "09:00"))
        // A snapshot killed half-way leaves its temporary file, and something else sits beside it.
        let folder = backups(sandbox)
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/.store-20261117-080000.sqlite.999999.partial",
                contents: Data("SQLite format 3\0".utf8)))
        #expect(FileManager.default.createFile(atPath: folder + "/store-20261117-080000.sqlite.tmp", contents: Data()))
        let list = try sandbox.json("backup", "--list", "--json", extra: at(16, "10:00"))
        #expect(list["folder"] as? String == folder)
        #expect(list["keep"] as? Int == 7)
        let snapshots = try #require(list["snapshots"] as? [[String: Any]])
        #expect(
            snapshots.map { $0["file"] as? String } == [
                folder + "/store-20261116-080000.sqlite", folder + "/store-20261115-080000.sqlite",
            ])
        #expect(snapshots.map { $0["time"] as? String } == ["2026-11-16T08:00:00Z", "2026-11-15T08:00:00Z"])
        #expect(snapshots.map { $0["quests"] as? Int } == [1, 1])
        #expect(snapshots.map { $0["completions"] as? Int } == [1, 0])
        #expect(snapshots.allSatisfy { ($0["size"] as? Int ?? 0) > 0 })
        #expect(Set(snapshots.flatMap(\.keys)) == ["file", "time", "size", "quests", "completions"])
        let text = try sandbox.ok("backup", "--list", extra: at(16, "10:00"))
        let lines = text.split(separator: "\n")
        #expect(lines.first == "Automatic backups in \(folder) (the newest 7 are kept):")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  2026-11-16 08:00  ") && lines[1].contains("1 quest, 1 completion"))
        #expect(lines[1].hasSuffix("store-20261116-080000.sqlite"))
        #expect(lines[2].contains("1 quest, 0 completions"))

        let output = try sandbox.ok("restore", "--latest", "--yes", extra: at(16, "10:00"))
        #expect(output.contains("Restored 1 quest, 0 rewards, 1 completion"))
        #expect(output.contains("from \(folder)/store-20261116-080000.sqlite"))
        let quests = try sandbox.ok("list", "--all", extra: at(16, "10:05"))
        #expect(quests.contains("Read") && quests.contains("Run") == false && quests.contains("Swim") == false)
        // The next snapshot removes the temporary file its killed process left, and nothing else.
        try sandbox.ok("done", "read", extra: at(17, "08:00"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.store-20261117-080000.sqlite.999999.partial"))
        #expect(FileManager.default.fileExists(atPath: folder + "/store-20261117-080000.sqlite.tmp"))
        #expect(FileManager.default.fileExists(atPath: folder + "/store-20261117-080000.sqlite"))
    }

    @Test func aSnapshotKilledWhileBeingTakenLeavesNothingListOrLatestWouldTake() throws {
        // A store big enough that its snapshot takes a moment: 1,500 quests with long notes.
        let sandbox = try Sandbox(now: "2026-11-14T07:00")
        let notes = String(repeating: "n", count: 4_000)
        let quests = (1...1_500).map { number in
            #"{"uuid":"\#(UUID().uuidString)","number":\#(number),"title":"Quest \#(number)","notes":"\#(notes)","createdDay":"2026-11-01","schedule":[{"from":"2026-11-01","time":null,"weekdays":["mon","tue","wed","thu","fri","sat","sun"],"reward":10,"archived":false}]}"#
        }
        let file = sandbox.home + "/big.json"
        try """
        {"format": "quests-backup", "schemaVersion": 1, "appVersion": "0.3.0", "exportedAt": "2026-11-14T07:00:00Z",
         "settings": {}, "quests": [\(quests.joined(separator: ",\n"))], "rewards": [], "completions": [], "ledger": [],
         "redemptions": [], "achievements": [], "celebrations": []}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        try sandbox.ok("restore", file, "--yes")
        try sandbox.ok("done", "1", extra: at(15, "08:00"))
        let folder = backups(sandbox)
        #expect(try snapshotNames(sandbox) == ["store-20261115-080000.sqlite"])

        // The next day's first write is killed the moment its snapshot's temporary file appears (a snapshot
        // that was whole before it could be killed is removed, and the next quest tried).
        sandbox.environment["QUESTS_NOW"] = "2026-11-16T08:00"
        var killed = false
        for number in 2...6 where !killed {
            let process = try sandbox.start(["done", "\(number)"])
            while process.isRunning {
                let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                if names.contains(where: { $0.hasSuffix(".partial") }) {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
            }
            process.waitUntilExit()
            if !killed { try FileManager.default.removeItem(atPath: folder + "/store-20261116-080000.sqlite") }
        }
        try #require(killed, "every snapshot was whole before it could be killed")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.contains { $0.hasPrefix(".store-20261116-080000.sqlite.") && $0.hasSuffix(".partial") })

        // Neither --list nor --latest takes what the killed snapshot left; the store itself is whole.
        let list = try sandbox.json("backup", "--list", "--json", extra: at(16, "09:00"))
        let snapshots = try #require(list["snapshots"] as? [[String: Any]])
        #expect(snapshots.map { $0["file"] as? String } == [folder + "/store-20261115-080000.sqlite"])
        #expect(try sandbox.run("doctor").status == 0)
        let restored = try sandbox.ok("restore", "--latest", "--yes", extra: at(16, "09:00"))
        #expect(restored.contains("from \(folder)/store-20261115-080000.sqlite"), "\(restored)")

        // The next snapshot is whole, and removes what the killed one left.
        try sandbox.ok("done", "1", extra: at(17, "08:00"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.contains { $0.contains(".partial") }, "\(names)")
        let connection = try Connection(path: folder + "/store-20261117-080000.sqlite", access: .readOnly)
        #expect(try connection.prepare("PRAGMA integrity_check").rows { $0.text(0) } == ["ok"])
    }

    @Test func aSnapshotThatCannotBeMadeWarnsOnceADayAndTheCommandGoesOn() throws {
        let sandbox = try sandbox()
        // The default folder's place taken by a regular file: no folder can be made there.
        #expect(FileManager.default.createFile(atPath: backups(sandbox), contents: Data("not a folder".utf8)))
        let first = try sandbox.run(["done", "read"], extra: at(15, "08:00"))
        #expect(first.status == 0)
        #expect(first.stdout.contains("Read"))
        let warnings = first.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(first.stderr)")
        #expect(
            warnings.first?.hasPrefix("warning: today's automatic backup could not be made in \(backups(sandbox)) (")
                == true)
        // Said once a day: the day's other commands say nothing.
        let second = try sandbox.run(["add", "Run"], extra: at(15, "09:00"))
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        // A folder chosen under a regular file, the next day: the same, and the command's write is made.
        try sandbox.ok("config", "backup-dir", backups(sandbox) + "/inside", extra: at(15, "10:00"))
        let third = try sandbox.run(["done", "run"], extra: at(16, "08:00"))
        #expect(third.status == 0)
        #expect(third.stderr.split(separator: "\n").count == 1 && third.stderr.contains("(Not a directory)"))
        #expect(third.stdout.contains("Run"))
        #expect(try sandbox.json("board", "--json", extra: at(16, "08:10"))["done"] as? Int == 1)
        let fourth = try sandbox.run(["done", "read"], extra: at(16, "09:00"))
        #expect(fourth.status == 0 && fourth.stderr.isEmpty, "\(fourth.stderr)")
        // A chosen folder that is gone is not made again (a drive not mounted); the default one is.
        try sandbox.ok("config", "backup-dir", sandbox.home + "/usb/backups", extra: at(16, "10:00"))
        let fifth = try sandbox.run(["done", "read"], extra: at(17, "08:00"))
        #expect(fifth.status == 0 && fifth.stderr.contains("No such file or directory"), "\(fifth.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/usb"))
    }

    @Test func aCommandThatOnlyReadsNeverTakesASnapshot() throws {
        let sandbox = try sandbox()
        let reads = [
            ["board"], ["list"], ["list", "--all", "--json"], ["wallet"], ["ledger"], ["streak"], ["log"], ["stats"],
            ["heatmap"], ["show", "read"], ["config"], ["backup", "--list"], ["backup", "-"], ["status"],
        ]
        for read in reads {
            try ok(sandbox, read, at: at(15, "08:00"))
        }
        #expect(!FileManager.default.fileExists(atPath: backups(sandbox)))
        try sandbox.ok("done", "read", extra: at(15, "09:00"))
        #expect(try snapshotNames(sandbox) == ["store-20261115-090000.sqlite"])
    }

    @Test func aDamagedOrForeignSQLiteFileIsRefusedAndNothingChanges() throws {
        let sandbox = try sandbox()
        try sandbox.ok("done", "read", extra: at(15, "08:00"))
        let snapshot = backups(sandbox) + "/store-20261115-080000.sqlite"
        // Another program's database.
        let foreign = sandbox.home + "/foreign.sqlite"
        let connection = try Connection(path: foreign, access: .readWriteCreate)
        try connection.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")
        try sandbox.expectFailure(
            ["restore", foreign, "--yes"], mentioning: "a SQLite database but not a quests store or snapshot",
            extra: at(15, "09:00"))
        try sandbox.expectFailure(
            ["import", foreign], mentioning: "a SQLite database but not a quests store or snapshot",
            extra: at(15, "09:00"))
        // A snapshot cut short, and one with a page overwritten.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: snapshot))
        let truncated = backups(sandbox) + "/store-20261114-080000.sqlite"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        try sandbox.expectFailure(
            ["restore", truncated, "--yes"], mentioning: "a damaged SQLite file", extra: at(15, "09:00"))
        var damaged = bytes
        damaged.replaceSubrange(4096..<8192, with: Data(repeating: 0x5A, count: 4096))
        let overwritten = sandbox.home + "/overwritten.sqlite"
        try damaged.write(to: URL(fileURLWithPath: overwritten))
        try sandbox.expectFailure(
            ["restore", overwritten, "--yes"], mentioning: "a damaged SQLite file", extra: at(15, "09:00"))
        // A damaged snapshot is listed, with no counts, and --latest is refused in one line.
        let future = backups(sandbox) + "/store-20261116-080000.sqlite"
        try damaged.prefix(100).write(to: URL(fileURLWithPath: future))
        let list = try sandbox.json("backup", "--list", "--json", extra: at(15, "09:00"))
        let first = try #require((list["snapshots"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == future && first["quests"] is NSNull)
        #expect(try sandbox.ok("backup", "--list", extra: at(15, "09:00")).contains("cannot be read"))
        try sandbox.expectFailure(
            ["restore", "--latest", "--yes"], mentioning: "a damaged SQLite file", extra: at(15, "09:00"))
        // With no snapshot at all.
        let empty = try Sandbox(now: "2026-11-15T08:00")
        try empty.ok("add", "Read")
        try empty.expectFailure(
            ["restore", "--latest", "--yes"], mentioning: "no automatic backup in \(empty.home)/backups yet")
        try empty.expectFailure(["restore", "--yes"], mentioning: "--latest")
        try empty.expectFailure(["backup", "--list", "out.json"], mentioning: "--list")
        try empty.expectFailure(["config", "backup-keep", "many"], mentioning: "backup-keep takes a whole number")
    }

    @Test func theSettingsAreThisMachinesOwnNeitherSyncedNorBackedUp() throws {
        let sandbox = try sandbox()
        let share = sandbox.home + "/share"
        let elsewhere = sandbox.home + "/elsewhere"
        for folder in [share, elsewhere] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try sandbox.ok("config", "backup-keep", "3", extra: at(15, "08:00"))
        try sandbox.ok("config", "backup-dir", elsewhere, extra: at(15, "08:00"))
        try sandbox.ok("sync", share, extra: at(15, "08:10"))
        let laptop = ["--db", sandbox.home + "/laptop.sqlite"]
        try ok(sandbox, ["sync", share] + laptop, at: at(15, "08:20"))
        #expect(try ok(sandbox, ["list"] + laptop, at: at(15, "08:30")).contains("Read"))
        #expect(try ok(sandbox, ["config", "backup-keep"] + laptop, at: at(15, "08:30")) == "7\n")
        #expect(try ok(sandbox, ["config", "backup-dir"] + laptop, at: at(15, "08:30")) == backups(sandbox) + "\n")
        #expect(try sandbox.ok("config", "backup-dir", extra: at(15, "08:30")) == elsewhere + "\n")
        let document = try sandbox.ok("backup", "-", extra: at(15, "08:30"))
        #expect(!document.contains("backup-keep") && !document.contains("backup-dir"))
        // The first write (08:00) took the day's snapshot beside the store; in the folder chosen then, the
        // next write (the sync) found none for the day and took one. None is in the sync folder.
        #expect(try snapshotNames(sandbox) == ["store-20261115-080000.sqlite"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["store-20261115-081000.sqlite"])
        let shared = try FileManager.default.subpathsOfDirectory(atPath: share)
        #expect(shared.filter { $0.hasSuffix(".sqlite") }.isEmpty, "\(shared)")
        #expect(try sandbox.ok("config", "backup-dir", "auto", extra: at(15, "08:40")) == "backup-dir = auto\n")
    }

    @Test func aSnapshotImportsAsABackupDoes() throws {
        let sandbox = try sandbox()
        try sandbox.ok("done", "read", extra: at(15, "08:00"))
        let other = try Sandbox(now: "2026-11-15T10:00")
        try other.ok("add", "Write")
        let output = try other.ok("import", backups(sandbox) + "/store-20261115-080000.sqlite")
        #expect(output.contains("quests        1 added"), "\(output)")
        #expect(try other.ok("list").contains("Read"))
    }
}
