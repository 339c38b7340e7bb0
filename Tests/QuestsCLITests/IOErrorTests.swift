import Foundation
import Testing

/// A store or a backup on a disk that fills up, or on a read-only location: a clear error, never a
/// crash, and nothing half written.
@Suite struct IOErrorTests {
    /// Files may grow to 32 KB: enough to read the store and write a few pages, too little for a
    /// completion with its ledger entry and achievement, an import or a restore.
    static let nearlyFullDisk = 32 * 1024
    /// Files may grow to 16 KB: too little even for SQLite's shared-memory file, so the store is read
    /// without it (FullDiskTests has a disk that is really full), and every write fails.
    static let fullDisk = 16 * 1024

    private func expectCleanFailure(
        _ sandbox: Sandbox, _ arguments: [String], fileSizeLimit: Int?, mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try sandbox.snapshot()
        let files = try Self.files(in: sandbox.home)
        let result = try sandbox.run(arguments, fileSizeLimit: fileSizeLimit)
        #expect(result.status == 1, "\(arguments): \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("error: ") && result.stderr.contains(fragment)
                && result.stderr.filter { $0 == "\n" }.count == 1,
            "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try sandbox.snapshot() == before, "\(arguments) changed the store", sourceLocation: sourceLocation)
        #expect(
            try Self.files(in: sandbox.home) == files, "\(arguments) left a file behind", sourceLocation: sourceLocation
        )
        #expect(try sandbox.run("doctor").status == 0, sourceLocation: sourceLocation)
    }

    /// The files in `folder` (and its subfolders), except SQLite's own write-ahead log and shared memory.
    private static func files(in folder: String) throws -> Set<String> {
        Set(
            try FileManager.default.subpathsOfDirectory(atPath: folder).filter {
                !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
            })
    }

    @Test func fullDiskRefusesWritesAndChangesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "30")
        try sandbox.ok("add", "Run", "--reward", "20")
        try sandbox.ok("done", "run")
        try sandbox.ok("shop", "add", "Coffee", "--price", "10")
        let other = try Sandbox()
        try other.ok("add", "Elsewhere")
        try other.ok("done", "elsewhere")
        try other.ok("backup", sandbox.home + "/other.json")

        for arguments in [
            ["done", "read"], ["import", sandbox.home + "/other.json"],
            ["restore", "--yes", sandbox.home + "/other.json"],
        ] {
            try expectCleanFailure(
                sandbox, arguments, fileSizeLimit: Self.nearlyFullDisk, mentioning: "nothing was changed")
        }
        for arguments in [["done", "read"], ["undo", "run"], ["shop", "buy", "coffee"], ["add", "Write"]] {
            try expectCleanFailure(
                sandbox, arguments, fileSizeLimit: Self.fullDisk, mentioning: "input/output error on the store")
        }
        let board = try sandbox.run(["board"], fileSizeLimit: Self.fullDisk)
        let roomy = try sandbox.ok("board")
        #expect(board.status == 0 && board.stdout == roomy, "\(board.stderr)")
        // With room again, the same command works.
        try sandbox.ok("done", "read")
    }

    @Test func backupToAFullDiskLeavesNoFile() throws {
        let sandbox = try Sandbox()
        // Notes have at most 5000 characters: sixteen quests make the same 64 000 characters.
        for number in 1...16 {
            try sandbox.ok("add", "Journal \(number)", "--notes", String(repeating: "Write one page. ", count: 250))
        }
        let target = sandbox.home + "/out/backup.json"
        try FileManager.default.createDirectory(atPath: sandbox.home + "/out", withIntermediateDirectories: true)
        try expectCleanFailure(
            sandbox, ["backup", target], fileSizeLimit: Self.nearlyFullDisk,
            mentioning: "cannot write \(target): File too large; nothing was written there")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/out").isEmpty)
        try sandbox.ok("backup", target)
    }

    /// File permissions do not bind root, so this runs only as another user.
    @Test(.enabled(if: getuid() != 0)) func readOnlyStoreRefusesWrites() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        chmod(sandbox.home + "/store.sqlite", 0o400)
        defer { chmod(sandbox.home + "/store.sqlite", 0o600) }
        try expectCleanFailure(sandbox, ["done", "read"], fileSizeLimit: nil, mentioning: "read-only")
    }
}
