import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Who may read the store: its owner only, and a read-only store still serves every read command.
@Suite struct StoreAccessTests {
    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aStoreFoundReadableByOthersIsTightenedWithANotice() throws {
        let sandbox = try Sandbox()
        let store = sandbox.home + "/store.sqlite"
        try sandbox.ok("add", "Read")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.home)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store)
        let result = try sandbox.run("list")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Read"))
        // SQLite gives a new -wal and -shm the store's permissions; they are tightened with it.
        #expect(
            result.stderr
                == "note: made readable by its owner only: \(store) (was 644), \(store)-wal (was 644), \(store)-shm (was 644)\n"
        )
        #expect(try mode(store) == 0o600)
        #expect(try mode(sandbox.home) == 0o755, "a folder chosen with --db or QUESTS_DB is never changed")
        #expect(try sandbox.run("list").stderr.isEmpty, "the notice comes once")
    }

    /// A mistyped --db or QUESTS_DB says that it started a new store, once; the default store starts
    /// silently.
    @Test func aNewStoreAnywhereButTheDefaultPlaceIsNamed() throws {
        let sandbox = try Sandbox()
        let typo = sandbox.home + "/qeusts/store.sqlite"
        let first = try sandbox.run("board", "--db", typo)
        #expect(first.status == 0)
        #expect(
            first.stderr
                == "note: created a new, empty store at \(typo) (check --db or QUESTS_DB if you meant another)\n")
        #expect(try sandbox.run("board", "--db", typo).stderr.isEmpty, "the note comes once")
        let french = try sandbox.run(
            "list", extra: ["QUESTS_DB": sandbox.home + "/other.sqlite", "LANG": "fr_FR.UTF-8"])
        #expect(french.stderr.hasPrefix("note : nouvelle base vide créée à \(sandbox.home)/other.sqlite"))
        sandbox.environment["QUESTS_DB"] = nil
        let atDefault = try sandbox.run("list")
        #expect(atDefault.status == 0 && atDefault.stderr.isEmpty, "\(atDefault.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/.local/share/quests/quests.sqlite"))
    }

    @Test func aFileThatIsNotAStoreKeepsItsPermissions() throws {
        let sandbox = try Sandbox()
        let path = sandbox.home + "/notes.txt"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data("not a database\n".utf8), attributes: [.posixPermissions: 0o644]))
        try sandbox.expectFailure(["board", "--db", path], mentioning: "not a quests store")
        #expect(try mode(path) == 0o644)
    }

    @Test func questsOwnDataFolderIsTightenedToo() throws {
        let sandbox = try Sandbox()
        sandbox.environment["QUESTS_DB"] = nil
        sandbox.environment["XDG_DATA_HOME"] = sandbox.home + "/data"
        try sandbox.ok("add", "Read")
        let folder = sandbox.home + "/data/quests"
        #expect(try mode(folder) == 0o700)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/quests.sqlite")
        let result = try sandbox.run("board")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("note: made readable by its owner only: \(folder)/quests.sqlite (was 640), "))
        #expect(result.stderr.hasSuffix(", \(folder) (was 755)\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder + "/quests.sqlite") == 0o600)
    }

    /// As root, permissions do not stop anyone: the read-only run goes through another user.
    static let otherUser: [String]? = {
        if getuid() != 0 { return [] }
        for tool in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: tool) {
            return [tool, "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        return nil
    }()

    /// Commands that only read the store.
    static let readCommands = [
        [], ["board", "--json"], ["list"], ["next"], ["wallet"], ["ledger"], ["streak"], ["achievements"],
        ["heatmap"], ["shop"], ["shop", "history"], ["config"], ["log"], ["status"], ["backup", "-"], ["doctor"],
    ]

    @Test(.enabled(if: otherUser != nil, "needs setpriv to drop root"))
    func aStoreTheUserMayOnlyReadServesEveryReadCommand() throws {
        let sandbox = try Sandbox()
        let store = sandbox.home + "/store.sqlite"
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "read")
        try sandbox.ok("shop", "add", "Tea", "--price", "5")
        sandbox.environment["QUESTS_NOW"] = "2026-11-22T08:30"
        // Neither the file nor its folder is writable, so SQLite cannot create the store's -shm file.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.home)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.home) }
        try Self.expectReadsServedAndWritesRefused(in: sandbox, refusing: ["done", "read"])
        #expect(try sandbox.runAsOtherUser(["achievements"]).stdout.contains("First Step"))
    }

    /// Every read command works for the other user, silently; `write` is refused as read-only; the store
    /// and its folder are left exactly as they were.
    static func expectReadsServedAndWritesRefused(
        in sandbox: Sandbox, refusing write: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let store = sandbox.home + "/store.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        for command in readCommands {
            let result = try sandbox.runAsOtherUser(command)
            let said = "quests \(command.joined(separator: " ")): \(result.stderr)"
            #expect(result.status == 0 && result.stderr.isEmpty, "\(said)", sourceLocation: sourceLocation)
        }
        let refused = try sandbox.runAsOtherUser(write)
        #expect(refused.status != 0, sourceLocation: sourceLocation)
        #expect(
            refused.stderr == "error: the store is read-only; nothing was changed\n", sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, sourceLocation: sourceLocation)
        // The automatic backup of the day the owner wrote, and none more: a store read-only to its user takes
        // no snapshot on a new day.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.home).sorted() == ["backups", "store.sqlite"],
            sourceLocation: sourceLocation)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/backups") == [
                "store-20261121-083000.sqlite"
            ], sourceLocation: sourceLocation)
    }

    /// The user's own store in a folder they may not write: SQLite cannot keep its write-ahead log there,
    /// so the store is read as it is, and writes are refused.
    @Test(.enabled(if: otherUser != nil, "needs setpriv to drop root"))
    func aStoreInAFolderTheUserMayNotWriteServesEveryReadCommand() throws {
        let sandbox = try Sandbox()
        let store = sandbox.home + "/store.sqlite"
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "read")
        sandbox.environment["QUESTS_NOW"] = "2026-11-22T08:30"
        if getuid() == 0 { #expect(chown(store, 65534, 65534) == 0) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.home)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.home) }
        try Self.expectReadsServedAndWritesRefused(in: sandbox, refusing: ["add", "Tea"])
        #expect(try sandbox.runAsOtherUser(["backup", "-"]).stdout.contains(#""title":"Read""#))
    }
}

extension Sandbox {
    /// Runs `quests arguments...` as a user other than root (when the tests run as root).
    func runAsOtherUser(_ arguments: [String]) throws -> ProcessResult {
        let prefix = StoreAccessTests.otherUser ?? []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? Self.binary.path)
        process.arguments = Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [Self.binary.path]) + arguments
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
