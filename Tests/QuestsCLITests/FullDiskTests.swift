import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A store on a disk with no room left: a real one, a small tmpfs filled to its last byte. Every read works
/// as on a roomy disk, a backup goes to another disk, several commands at once queue instead of failing,
/// and a refused write says the disk is full and leaves the store exactly as it was.
@Suite struct FullDiskTests {
    static let refusal =
        "error: the disk holding the store is full; nothing was changed (free some space and try again)\n"

    @Test(.enabled(if: SmallDisk.canMount, "needs root and a kernel that lets it mount a tmpfs"))
    func readsWorkAndWritesAreRefusedCleanlyOnAFullDisk() throws {
        let sandbox = try Sandbox()
        let disk = try SmallDisk(at: sandbox.home + "/disk")
        defer { disk.unmount() }
        let store = disk.path + "/store.sqlite"
        sandbox.environment["QUESTS_DB"] = store
        try sandbox.ok("add", "Read", "--reward", "30")
        try sandbox.ok("add", "Run", "--reward", "20")
        try sandbox.ok("done", "run")
        try sandbox.ok("shop", "add", "Coffee", "--price", "10")
        let reads = [
            ["board"], ["board", "--json"], ["list", "--all"], ["next"], ["wallet"], ["ledger"], ["streak"],
            ["achievements"],
            ["heatmap"], ["shop"], ["shop", "history"], ["config"], ["status"], ["backup", "-"], ["doctor"],
        ]
        let answers = try reads.map { try sandbox.run($0) }
        let before = try sandbox.snapshot()
        try sandbox.ok("backup", sandbox.home + "/before.json")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))

        try disk.fill()
        for (arguments, answer) in zip(reads, answers) {
            let result = try sandbox.run(arguments)
            #expect(
                result.status == 0 && result.stderr.isEmpty,
                "quests \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(
                result.stdout == answer.stdout,
                "quests \(arguments.joined(separator: " ")) reads otherwise on a full disk")
        }
        // A backup to another disk, the same as with room.
        try sandbox.ok("backup", sandbox.home + "/after.json")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: sandbox.home + "/after.json"))
                == Data(contentsOf: URL(fileURLWithPath: sandbox.home + "/before.json")))
        // A shell, a status bar and a timer at once: they take turns.
        let together = sandbox.runAtOnce(Array(repeating: [["board"], ["status"], ["wallet"]], count: 4))
        #expect(
            together.joined().allSatisfy { $0.status == 0 && $0.stderr.isEmpty }, "\(together.joined().map(\.stderr))")

        for arguments in [
            ["done", "read"], ["undo", "run"], ["shop", "buy", "coffee"], ["add", "Write"],
            ["config", "day-start", "04:00"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(
                result.status == 1 && result.stdout.isEmpty,
                "quests \(arguments.joined(separator: " ")): \(result.stdout)")
            #expect(result.stderr == Self.refusal, "quests \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: store)) == bytes,
                "quests \(arguments.joined(separator: " ")) changed the store")
        }
        // On a new day, the automatic backup cannot be made either: not said, the refusal is the one line.
        let nextDay = try sandbox.run(["done", "read"], extra: ["QUESTS_NOW": "2026-11-22T08:30"])
        #expect(nextDay.status == 1 && nextDay.stderr == Self.refusal, "\(nextDay.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
        #expect(try sandbox.snapshot() == before)
        #expect(try sandbox.run("doctor").status == 0)

        // With room again, the same command works, and the store's folder holds the store alone (and the
        // folder of its automatic backups, which took the day's before the disk filled).
        try disk.empty()
        try sandbox.ok("done", "read")
        #expect(try sandbox.run("doctor").status == 0)
        // (doctor, read-only, leaves an empty -wal and -shm, which the next command removes)
        try sandbox.ok("board")
        let files = try FileManager.default.contentsOfDirectory(atPath: disk.path)
        #expect(files.sorted() == ["backups", "store.sqlite"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: disk.path + "/backups") == [
                "store-20261121-083000.sqlite"
            ])
    }
}

/// A small tmpfs, mounted for one test and unmounted after it, which `fill` fills to its last byte.
struct SmallDisk {
    let path: String
    private var filler: String { path + "/filler" }

    /// Whether this process may mount a tmpfs (as root, where the kernel lets it): tried once, on a
    /// folder of its own.
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quests-mount-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let disk = try? SmallDisk(at: folder) else { return false }
        disk.unmount()
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` on `path`, creating the folder.
    init(at path: String, kilobytes: Int = 1024) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.tool("mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Writes zeros into a file on the disk until not one more byte fits.
    func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteOutOfSpace) }
        defer { close(descriptor) }
        let zeros = [UInt8](repeating: 0, count: 64 * 1024)
        for chunk in [zeros.count, 4096, 512, 1] {
            while zeros.withUnsafeBytes({ write(descriptor, $0.baseAddress, chunk) }) > 0 {}
        }
        var status = statvfs()
        #expect(statvfs(path, &status) == 0 && status.f_bavail == 0, "the disk still has room")
    }

    /// Removes what `fill` wrote.
    func empty() throws {
        try FileManager.default.removeItem(atPath: filler)
    }

    func unmount() {
        if !Self.tool("umount", [path]) { _ = Self.tool("umount", ["--lazy", path]) }
    }

    /// Runs a system tool, found in `/usr/bin` or `/bin`; whether it succeeded.
    private static func tool(_ name: String, _ arguments: [String]) -> Bool {
        guard
            let executable = ["/usr/bin/" + name, "/bin/" + name].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
