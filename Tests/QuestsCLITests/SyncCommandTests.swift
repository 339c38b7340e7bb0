import Foundation
import Testing

/// `quests sync` end to end: two machines (two stores) through a plain folder and through git.
@Suite struct SyncCommandTests {
    /// A machine: the sandbox's `quests` on a store of its own.
    struct Machine {
        let sandbox: Sandbox
        let name: String
        var store: [String: String] { ["QUESTS_DB": sandbox.home + "/\(name).sqlite"] }

        @discardableResult
        func ok(
            _ arguments: String..., at now: String = "2026-11-21T08:30",
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> String {
            let result = try sandbox.run(arguments, extra: store.merging(["QUESTS_NOW": now]) { $1 })
            #expect(
                result.status == 0, "\(name): quests \(arguments.joined(separator: " ")) failed: \(result.stderr)",
                sourceLocation: sourceLocation)
            return result.stdout
        }

        /// What a user reads back and sync promises to make equal (numbers may differ per machine).
        func state() throws -> [String] {
            let text =
                try ok("list", "--all", "--json").replacingOccurrences(
                    of: #""id" : \d+"#, with: "", options: .regularExpression)
                + ok("wallet", "--json").replacingOccurrences(
                    of: #""recent" : \[[^\]]*\]"#, with: "", options: .regularExpression)
                + ok("shop", "history", "--json").replacingOccurrences(
                    of: #""(number|reward)" : \d+"#, with: "", options: .regularExpression)
                + ok("config", "--json").replacingOccurrences(
                    of: #""sync-dir" : "[^"]*""#, with: "", options: .regularExpression)
            return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
        }
    }

    @Test func aPlainFolderKeepsTwoMachinesInOneHistory() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        for machine in [laptop, desktop] {
            try machine.ok("pack", "add", "morning-routine")
            try machine.ok("done", "water")
            try machine.ok("config", "sync-dir", share)
        }
        try laptop.ok("sync")
        let joined = try desktop.ok("sync")
        #expect(joined.hasPrefix("This store joined the sync as a new machine (") && !joined.contains("restored"))
        #expect(joined.contains("a snapshot of 14 records and 0 changes of this machine written"))
        try laptop.ok("sync")
        // The pack added on both is one set of quests; the glass of water drunk on both is paid once.
        #expect(try laptop.ok("list").components(separatedBy: "Drink a glass of water").count == 2)
        #expect(try laptop.ok("wallet", "--json").contains(#""balance" : 5"#))
        // Edits on both sides: the later one wins everywhere, whoever syncs last.
        try desktop.ok("edit", "water", "--title", "Drink water", at: "2026-11-21T09:00")
        try laptop.ok("edit", "water", "--title", "Drink two glasses", at: "2026-11-21T09:30")
        try laptop.ok("undo", "glasses", at: "2026-11-21T09:31")
        try laptop.ok("sync", at: "2026-11-21T09:40")
        try desktop.ok("sync", at: "2026-11-21T09:41")
        try laptop.ok("sync", at: "2026-11-21T09:42")
        #expect(try desktop.ok("list").contains("Drink two glasses"))
        #expect(try desktop.ok("wallet", "--json").contains(#""balance" : 0"#))
        #expect(try laptop.state() == desktop.state())
    }

    @Test func aBackupOfAMachineThisOneSyncsWithImportsBothWaysAndPaysOnce() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Run", "--reward", "20")
        for machine in [laptop, desktop, laptop] { try machine.ok("sync", share) }
        // The same quest-day done on both: one completion, each machine paid it once in an entry of its own.
        for machine in [laptop, desktop] { try machine.ok("done", "run", at: "2026-11-21T09:00") }
        for machine in [laptop, desktop, laptop] { try machine.ok("sync", share, at: "2026-11-21T09:30") }
        for (from, into) in [(laptop, desktop), (desktop, laptop)] {
            let file = sandbox.home + "/\(from.name).json"
            try from.ok("backup", file, at: "2026-11-21T10:00")
            let report = try into.ok("import", file, at: "2026-11-21T10:00")
            #expect(report.hasSuffix("20 DD → 20 DD\n"), "\(report)")
            #expect(try into.ok("wallet", "--json", at: "2026-11-21T10:00").contains(#""balance" : 20"#))
            #expect(try into.ok("doctor").contains("No problems found"))
        }
    }

    @Test func conflictCopiesAreReadAndABadFileNeverStopsASync() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Read", "--reward", "7")
        try laptop.ok("sync", share)
        // Syncthing kept the laptop's file only as a conflict copy, and left a damaged file beside it.
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: share).first)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: share + "/" + folder).first)
        try FileManager.default.moveItem(
            atPath: "\(share)/\(folder)/\(file)",
            toPath: "\(share)/\(folder)/\(file).sync-conflict-20261121-083000-ABCDEFG")
        try Data("{\"format\": \"quests-sync\", \"vers".utf8).write(
            to: URL(fileURLWithPath: "\(share)/\(folder)/notes (desktop's conflicted copy 2026-11-21).json"))
        let result = try sandbox.run(["sync", share], extra: desktop.store)
        #expect(result.status == 0, "\(result.stderr)")
        // After the note that the desktop's store was created (QUESTS_DB names it).
        #expect(result.stderr.contains("\nwarning: skipped") && result.stderr.contains("conflicted copy"))
        try desktop.ok("done", "Read")
        #expect(try desktop.ok("wallet", "--json").contains(#""balance" : 7"#))
        // Read once: the next sync reads only what is new, and warns again about the file it could not read,
        // now saying what to do with it (a conflict copy that cannot be read holds nothing: delete it).
        let again = try sandbox.run(["sync", share], extra: desktop.store)
        #expect(again.status == 0 && again.stdout.contains("0 changes from 0 files"))
        #expect(
            again.stderr.contains("still cannot be read") && again.stderr.contains("conflict copy")
                && again.stderr.contains("delete it"))
        try FileManager.default.removeItem(
            atPath: "\(share)/\(folder)/notes (desktop's conflicted copy 2026-11-21).json")
        #expect(try sandbox.run(["sync", share], extra: desktop.store).stderr.isEmpty)
    }

    /// Files of each machine in the folder, by machine.
    private func filesByMachine(_ share: String) throws -> [String: [String]] {
        var files: [String: [String]] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: share) where !folder.hasPrefix(".") {
            files[folder] = try FileManager.default.contentsOfDirectory(atPath: share + "/" + folder).filter {
                !$0.hasPrefix(".")
            }
        }
        return files
    }

    @Test func manySyncsLeaveAFewFilesPerMachineAndANewMachineReadsThem() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Read", "--reward", "1")
        for machine in [laptop, desktop] {
            try machine.ok("config", "sync-dir", share)
            try machine.ok("sync")
        }
        var written = 0
        for step in 0..<20 {
            let at = String(format: "2026-11-21T%02d:%02d", 9 + step / 6, (step % 6) * 10)
            try laptop.ok("edit", "1", "--notes", "laptop \(step)", at: at)
            written += try laptop.ok("sync", at: at).contains("1 change of this machine written") ? 1 : 0
            try desktop.ok("edit", "1", "--title", "Read \(step)", at: at)
            written += try desktop.ok("sync", at: at).contains("1 change of this machine written") ? 1 : 0
        }
        try laptop.ok("sync", at: "2026-11-21T13:00")
        #expect(written == 40)
        // Forty files written, a few left: each machine folded its own.
        let files = try filesByMachine(share)
        #expect(files.count == 2)
        for (_, names) in files { #expect(names.count <= 4, "\(names)") }
        #expect(try laptop.state() == desktop.state())
        #expect(try laptop.ok("list").contains("Read 19"))
        // A sync with nothing new reads no file; a new machine reads the few files there are.
        #expect(
            try desktop.ok("sync", at: "2026-11-21T13:00").contains(
                "0 changes from 0 files applied, 0 changes of this machine written"))
        let newcomer = Machine(sandbox: sandbox, name: "newcomer")
        let joined = try newcomer.ok("sync", share, at: "2026-11-21T13:00")
        #expect(joined.contains("from \(files.values.map(\.count).reduce(0, +)) files applied"))
        #expect(try newcomer.state() == laptop.state())
        // What the machines hold there: `sync --status`, in text and JSON. When a machine last wrote is its
        // newest file's time, so the files are given one instead of the real clock's.
        let wrote = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27T12:00:00Z
        for name in try FileManager.default.subpathsOfDirectory(atPath: share) {
            try FileManager.default.setAttributes([.modificationDate: wrote], ofItemAtPath: share + "/" + name)
        }
        // Wide enough for each machine on one line.
        let status = try sandbox.run(
            ["sync", "--status"],
            extra: laptop.store.merging(["COLUMNS": "200", "QUESTS_NOW": "2026-11-21T13:00"]) { $1 }
        ).stdout
        // The newcomer had nothing to write: two machines hold files.
        #expect(status.hasPrefix("Sync folder \(share): 2 machines, 2 files, "))
        #expect(status.components(separatedBy: "this machine").count == 2)
        #expect(status.components(separatedBy: "last wrote 2026-11-27").count == 3, "\(status)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(laptop.ok("sync", "--status", "--json").utf8)) as? [String: Any]
        )
        let machines = try #require(document["machines"] as? [[String: Any]])
        #expect(machines.count == 2)
        #expect(machines.filter { $0["thisMachine"] as? Bool == true }.count == 1)
        #expect(
            machines.allSatisfy {
                ($0["files"] as? Int ?? 0) >= 1 && ($0["bytes"] as? Int ?? 0) > 0
                    && $0["lastWrote"] as? String == "2026-11-27T12:00:00Z"
            })
    }

    @Test func aForgottenMachineLeavesTheFolderAndWhatItChangedStays() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let server = Machine(sandbox: sandbox, name: "server")
        try server.ok("add", "Water the plants", "--reward", "3")
        try server.ok("done", "water")
        try server.ok("sync", share)
        let serverId = try #require(try filesByMachine(share).keys.first)
        try laptop.ok("add", "Read")
        try laptop.ok("sync", share)
        // Unknown and own ids are refused, and nothing is removed.
        try sandbox.expectFailure(
            ["sync", share, "--forget", "nosuchmachine"], mentioning: "no machine", extra: laptop.store)
        #expect(try filesByMachine(share).count == 2)
        let forgot = try laptop.ok("sync", share, "--forget", String(serverId.prefix(8)))
        #expect(forgot.contains("Forgot machine \(serverId)"))
        #expect(try filesByMachine(share).keys.sorted() != [] && filesByMachine(share)[serverId] == nil)
        // A machine joining later still gets what the server did, carried in the laptop's files.
        let newcomer = Machine(sandbox: sandbox, name: "newcomer")
        try newcomer.ok("sync", share)
        #expect(try newcomer.ok("list").contains("Water the plants"))
        #expect(try newcomer.ok("wallet", "--json").contains(#""balance" : 3"#))
        #expect(try newcomer.state() == laptop.state())
        // The forgotten server, syncing again, says it is back and sends what it holds once more.
        try server.ok("add", "Stretch")
        let back = try server.ok("sync", share)
        #expect(back.contains("This machine's files (\(serverId)) were gone from the sync folder"), "\(back)")
        #expect(try !server.ok("sync", share).contains("were gone"), "said once")
        try laptop.ok("sync", share)
        #expect(try laptop.ok("list").contains("Stretch"))
        #expect(try laptop.state() == server.state())
    }

    /// A copy of a store's file on a new laptop (two stores with one machine id), each machine with its own
    /// copy of the sync folder kept in step by a file-sync tool: each copy that finds a file it did not write
    /// in its own folder becomes a new machine, says so once, and reads the other's changes; doctor reports
    /// it meanwhile; all three machines converge. `lag`: the copies both write before either sees the
    /// other's file (both become new machines), or one after the other (the later one does).
    @Test(arguments: [true, false])
    func aCopiedStoreBecomesANewMachineAndEveryoneConverges(lag: Bool) throws {
        let sandbox = try Sandbox()
        let shares = ["laptop", "copy", "desktop"].map { sandbox.home + "/share-" + $0 }
        for share in shares {
            try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        }
        var tool = FileSyncTool(folders: shares)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let copy = Machine(sandbox: sandbox, name: "copy")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Read", "--reward", "5")
        try laptop.ok("done", "read")
        try laptop.ok("config", "sync-dir", shares[0])
        try desktop.ok("config", "sync-dir", shares[2])
        try laptop.ok("sync")
        try tool.round()
        try desktop.ok("sync")
        try tool.round()
        for suffix in ["", "-wal"]
        where FileManager.default.fileExists(atPath: sandbox.home + "/laptop.sqlite" + suffix) {
            try FileManager.default.copyItem(
                atPath: sandbox.home + "/laptop.sqlite" + suffix, toPath: sandbox.home + "/copy.sqlite" + suffix)
        }
        try copy.ok("config", "sync-dir", shares[1])
        #expect(try copy.ok("doctor").contains("No problems found"))
        try laptop.ok("add", "Stretch", "--reward", "3")
        try laptop.ok("done", "stretch")
        try copy.ok("add", "Walk", "--reward", "4")
        try copy.ok("done", "walk")
        try desktop.ok("add", "Cook", "--reward", "2")
        try desktop.ok("done", "cook")
        let said = "Another store uses this store's machine id"
        var outputs: [String: [String]] = [:]
        func sync(_ machine: Machine) throws { outputs[machine.name, default: []].append(try machine.ok("sync")) }
        try sync(laptop)
        if !lag { try tool.round() }
        try sync(copy)
        try tool.round()
        if lag {
            // Each copy's folder now holds a file the other wrote: doctor says so, before sync mends it.
            let doctor = try sandbox.run(["doctor"], extra: laptop.store)
            #expect(doctor.status == 1 && doctor.stdout.contains("another store syncs with this store's machine id"))
        }
        for _ in 0..<3 {
            for machine in [desktop, copy, laptop] { try sync(machine) }
            try tool.round()
        }
        let renewed = outputs.mapValues { $0.filter { $0.contains(said) }.count }
        #expect(renewed["copy"] == 1 && renewed["desktop"] == 0)
        #expect(renewed["laptop"] == (lag ? 1 : 0))
        let states = try [laptop, copy, desktop].map { try $0.state() }
        #expect(states[0] == states[1] && states[1] == states[2])
        for machine in [laptop, copy, desktop] {
            #expect(try machine.ok("wallet", "--json").contains(#""balance" : 14"#))
            for quest in ["Read", "Stretch", "Walk", "Cook"] { #expect(try machine.ok("list").contains(quest)) }
            #expect(try machine.ok("doctor").contains("No problems found"))
        }
    }

    /// Two machines syncing through clones of one bare git repository, each clone its sync folder.
    func gitMachines() throws -> (Sandbox, remote: String, laptop: Machine, desktop: Machine) {
        let sandbox = try Sandbox()
        let remote = sandbox.home + "/remote.git"
        try git(["init", "--quiet", "--bare", remote], in: sandbox.home)
        for clone in ["laptop-sync", "desktop-sync"] { try git(["clone", "--quiet", remote, clone], in: sandbox.home) }
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("config", "sync-dir", sandbox.home + "/laptop-sync")
        try desktop.ok("config", "sync-dir", sandbox.home + "/desktop-sync")
        return (sandbox, remote, laptop, desktop)
    }

    @Test func gitRemoteWithAPushRace() throws {
        let (sandbox, remote, laptop, desktop) = try gitMachines()
        try laptop.ok("pack", "add", "fitness")
        try laptop.ok("shop", "add", "Cake", "--price", "8")
        try laptop.ok("sync")
        try desktop.ok("sync")
        // Both machines complete and buy offline, then sync at the same moment: one push is refused,
        // pulled and pushed again.
        try laptop.ok("done", "walk", "--early")
        try desktop.ok("done", "walk", "--early")
        try laptop.ok("shop", "buy", "Cake")
        try desktop.ok("shop", "buy", "Cake")
        let raced = sandbox.runAtOnce([
            [["sync", "--db", sandbox.home + "/laptop.sqlite"]], [["sync", "--db", sandbox.home + "/desktop.sqlite"]],
        ])
        for result in raced.flatMap({ $0 }) { #expect(result.status == 0, "\(result.stderr)") }
        try laptop.ok("sync")
        try desktop.ok("sync")
        #expect(try laptop.state() == desktop.state())
        // The walk pays 10 DD once; both cakes stay: a debt of 6 DD, and the shop refuses until it is earned back.
        #expect(try laptop.ok("shop", "history").components(separatedBy: "Cake").count == 3)
        #expect(try laptop.ok("wallet", "--json").contains(#""balance" : -6"#))
        #expect(try desktop.ok("sync").contains("A debt of 6 DD"))
        #expect(try laptop.ok("wallet").contains("A debt of 6 DD"))
        #expect(try desktop.ok("doctor").contains("No problems found"))
        let refused = try sandbox.run(["shop", "buy", "Cake"], extra: desktop.store)
        #expect(refused.status != 0 && refused.stderr.hasPrefix("error: "))
        let log = try git(["log", "--format=%s"], in: remote)
        #expect(log.components(separatedBy: "quests sync from").count >= 4)
    }

    @Test func gitCompactsThroughCommitsThatRemoveTheFoldedFiles() throws {
        let (sandbox, remote, laptop, desktop) = try gitMachines()
        try laptop.ok("add", "Read", "--reward", "1")
        try laptop.ok("sync")
        try desktop.ok("sync")
        for step in 0..<8 {
            let at = String(format: "2026-11-21T%02d:%02d", 9 + step / 6, (step % 6) * 10)
            try laptop.ok("edit", "1", "--notes", "laptop \(step)", at: at)
            try laptop.ok("sync", at: at)
            try desktop.ok("edit", "1", "--title", "Read \(step)", at: at)
            try desktop.ok("sync", at: at)
        }
        try laptop.ok("sync", at: "2026-11-21T11:00")
        #expect(try laptop.state() == desktop.state())
        // The pushed tree holds a few files per machine; the commits that folded files removed them.
        let tree = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: remote).split(separator: "\n")
        let byMachine = Dictionary(grouping: tree) { $0.split(separator: "/").first ?? "" }
        #expect(byMachine.count == 2 && byMachine.values.allSatisfy { $0.count <= 3 }, "\(tree)")
        #expect(!(try git(["log", "--no-renames", "--diff-filter=D", "--name-only", "--format="], in: remote)).isEmpty)
        #expect(try git(["status", "--porcelain"], in: sandbox.home + "/laptop-sync").isEmpty)
    }

    @Test func aFolderInsideAGitWorkTreeSyncsThroughItsRemote() throws {
        let sandbox = try Sandbox()
        let remote = sandbox.home + "/remote.git"
        try git(["init", "--quiet", "--bare", remote], in: sandbox.home)
        for clone in ["laptop-clone", "desktop-clone"] {
            try git(["clone", "--quiet", remote, clone], in: sandbox.home)
        }
        for clone in ["laptop-clone", "desktop-clone"] {
            try FileManager.default.createDirectory(
                atPath: "\(sandbox.home)/\(clone)/notes/quests", withIntermediateDirectories: true)
        }
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("config", "sync-dir", sandbox.home + "/laptop-clone/notes/quests")
        try desktop.ok("config", "sync-dir", sandbox.home + "/desktop-clone/notes/quests")
        // The settings list shows this machine's folder last, on a line of its own (it is wider than a value).
        #expect(try laptop.ok("config").contains("\nsync-dir           \(sandbox.home)/laptop-clone/notes/quests\n"))
        #expect(
            try laptop.ok("config", "--json").contains(#""sync-dir" : "\#(sandbox.home)/laptop-clone/notes/quests""#))
        try laptop.ok("add", "Read", "--reward", "4")
        try laptop.ok("sync")
        // The laptop's file went to the remote inside the sub-folder; the desktop pulls it through its clone.
        let pushed = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: remote)
        #expect(pushed.hasPrefix("notes/quests/") && pushed.hasSuffix(".json\n"))
        try desktop.ok("sync")
        #expect(try desktop.ok("list").contains("Read"))
    }

    @Test func aRestoredStoreJoinsAsANewMachineAndKeepsItsFolder() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Read")
        try laptop.ok("backup", sandbox.home + "/before.json")
        try laptop.ok("add", "Write")
        try laptop.ok("config", "sync-dir", share)
        try laptop.ok("sync")
        try desktop.ok("sync", share)
        try laptop.ok("restore", sandbox.home + "/before.json", "--yes")
        #expect(try laptop.ok("config", "sync-dir") == share + "\n")
        // The restore removed "Write" here only: the other machine keeps it, and the next sync says the
        // restored store joined anew and that what the restore replaced comes back, and brings it back.
        let output = try laptop.ok("sync")
        #expect(output.hasPrefix("This store was restored from a backup, so it joined the sync as a new machine ("))
        #expect(output.contains("What the restore replaced here comes back from the other machines"))
        #expect(try laptop.ok("list").contains("Write"))
        #expect(try desktop.ok("list").contains("Write"))
    }

    @Test func aDebtFromASyncIsShownRefusesBuyingAndSurvivesABackup() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        let laptop = Machine(sandbox: sandbox, name: "laptop")
        let desktop = Machine(sandbox: sandbox, name: "desktop")
        try laptop.ok("add", "Run", "--reward", "30")
        try laptop.ok("shop", "add", "Cake", "--price", "25")
        try laptop.ok("done", "run")
        for machine in [laptop, desktop] { try machine.ok("sync", share) }
        // Both buy the cake offline with the same 30 DD, then sync: both purchases stay, a debt of 20 DD.
        try laptop.ok("shop", "buy", "Cake", at: "2026-11-21T10:00")
        try desktop.ok("shop", "buy", "Cake", at: "2026-11-21T10:05")
        for machine in [laptop, desktop, laptop] { try machine.ok("sync", share, at: "2026-11-21T11:00") }
        for machine in [laptop, desktop] {
            #expect(try machine.ok("wallet", at: "2026-11-21T11:00").hasPrefix("Debt: 20 DD\nA debt of 20 DD"))
            #expect(try machine.ok(at: "2026-11-21T11:00").contains("· debt 20 DD"))
            #expect(try machine.ok("status", at: "2026-11-21T11:00").hasSuffix("· debt 20 DD\n"))
            let refused = try sandbox.run(
                ["shop", "buy", "Cake"], extra: machine.store.merging(["QUESTS_NOW": "2026-11-21T11:00"]) { $1 })
            #expect(refused.status != 0)
            #expect(
                refused.stderr
                    == "error: cannot buy \"Cake\": you are in debt by 20 DD (Daily Dollars spent on more than one machine); "
                    + "the shop opens again once quests earn it back\n")
            #expect(try machine.ok("doctor").contains("No problems found"))
        }
        // A backup of a store in debt says it synced: it restores and imports on a third machine, healthy.
        let file = sandbox.home + "/debt.json"
        try laptop.ok("backup", file, at: "2026-11-21T11:00")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""synced": true"#))
        let elsewhere = Machine(sandbox: sandbox, name: "elsewhere")
        let merged = Machine(sandbox: sandbox, name: "merged")
        try elsewhere.ok("restore", file, "--yes", at: "2026-11-21T11:00")
        try merged.ok("import", file, at: "2026-11-21T11:00")
        for machine in [elsewhere, merged] {
            #expect(try machine.ok("wallet", "--json", at: "2026-11-21T11:00").contains(#""balance" : -20"#))
            #expect(try machine.ok("doctor").contains("No problems found"))
        }
        // Earned back, the shop opens again.
        try laptop.ok("done", "run", at: "2026-11-22T08:00")
        #expect(try laptop.ok("wallet", at: "2026-11-22T08:00").hasPrefix("Balance: 10 DD\n"))
    }

    @Test func syncTakesGlobalOptionsBeforeOrAfterTheSubcommand() throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        try sandbox.ok("add", "Read")
        let db = sandbox.home + "/other.sqlite"
        // `--db` after the folder, or before the subcommand: the same sync.
        let plain = try sandbox.run(["sync", share, "--db", db])
        let parsed = try sandbox.run(["--db", db, "sync", share])
        #expect(plain.status == 0 && parsed.status == 0)
        #expect(plain.stdout.hasPrefix("This store joined the sync as a new machine ("))
        #expect(
            parsed.stdout
                == "Synced with \(share): 0 changes from 0 files applied, 0 changes of this machine written.\n")
        try sandbox.expectFailure(["sync", share, "--bogus"], mentioning: "--bogus")
    }

    @Test func withoutAFolderSyncSaysHowToGiveOne() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.expectFailure(["sync"], mentioning: "quests config sync-dir DIR")
        try sandbox.expectFailure(["sync", sandbox.home + "/missing"], mentioning: "is not a folder")
        try sandbox.expectFailure(["config", "sync-dir", sandbox.home + "/missing"], mentioning: "is not a folder")
    }

    @discardableResult
    private func git(_ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["HOME": folder, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")): \(output)")
        return output
    }
}

/// A tiny file-sync tool (Syncthing's part in these tests): folders kept in step by rounds, each file added
/// in one folder since the last round copied to the others, each removed from one removed from the others.
struct FileSyncTool {
    let folders: [String]
    /// The files every folder held after the last round, by path inside the folder.
    var known: Set<String> = []

    mutating func round() throws {
        let fileManager = FileManager.default
        func files(_ folder: String) -> Set<String> {
            var found: Set<String> = []
            for sub in (try? fileManager.contentsOfDirectory(atPath: folder)) ?? [] where !sub.hasPrefix(".") {
                for name in (try? fileManager.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []
                where !name.hasPrefix(".") {
                    found.insert(sub + "/" + name)
                }
            }
            return found
        }
        let present = folders.map(files)
        for path in present.reduce(Set<String>(), { $0.union($1) }) {
            let holders = folders.indices.filter { present[$0].contains(path) }
            if known.contains(path), holders.count < folders.count {
                for index in holders { try fileManager.removeItem(atPath: folders[index] + "/" + path) }
                continue
            }
            for index in folders.indices where !holders.contains(index) {
                let target = folders[index] + "/" + path
                try fileManager.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fileManager.copyItem(atPath: folders[holders[0]] + "/" + path, toPath: target)
            }
        }
        known = folders.map(files).reduce(Set(folders.map(files).first ?? [])) { $0.intersection($1) }
    }
}
