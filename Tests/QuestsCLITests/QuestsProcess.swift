import Foundation
import Testing

/// The result of running the real `quests` binary.
struct ProcessResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    /// When the process was started and when it ended, to tell how many ran at once.
    var started = Date.distantPast
    var ended = Date.distantPast
}

extension [ProcessResult] {
    /// The most processes that were running at the same moment.
    var mostAtOnce: Int {
        // At each start, how many processes had started by then and not yet ended.
        map { result in
            count { $0.started <= result.started && $0.ended > result.started }
        }.max() ?? 0
    }
}

/// Runs the built `quests` binary the way a user would, in a sandbox with its own HOME and store.
/// `@unchecked Sendable`: tests change `environment` only before running processes concurrently.
final class Sandbox: @unchecked Sendable {
    let home: String
    var environment: [String: String]

    init(now: String? = "2026-11-21T08:30", zone: String = "UTC") throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("quests-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = ["HOME": home, "TZ": zone, "PATH": "/usr/bin:/bin", "QUESTS_DB": home + "/store.sqlite"]
        environment["QUESTS_NOW"] = now
    }

    deinit {
        try? FileManager.default.removeItem(atPath: home)
    }

    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "quests")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // Fallback: the package's own debug build folder.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/quests")
    }()

    /// Runs `quests arguments...` with the sandbox environment plus `extra`.
    @discardableResult
    func run(_ arguments: String..., extra: [String: String] = [:]) throws -> ProcessResult {
        try run(arguments, extra: extra)
    }

    /// Runs every sequence of commands at the same time, each on a thread of its own (a blocking wait
    /// inside Swift's cooperative pool would run only as many at once as there are cores), the commands of
    /// one sequence one after another. Returns each sequence's results, in order.
    func runAtOnce(_ sequences: [[[String]]]) -> [[ProcessResult]] {
        let collected = Collected(count: sequences.count)
        let group = DispatchGroup()
        for (index, sequence) in sequences.enumerated() {
            group.enter()
            let thread = Thread {
                let results = sequence.map { arguments in
                    (try? self.run(arguments)) ?? ProcessResult(status: -1, stdout: "", stderr: "cannot start quests")
                }
                collected.set(index, results)
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return collected.values
    }

    /// Results written by several threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [[ProcessResult]]

        init(count: Int) { results = Array(repeating: [], count: count) }

        func set(_ index: Int, _ value: [ProcessResult]) {
            lock.withLock { results[index] = value }
        }

        var values: [[ProcessResult]] { lock.withLock { results } }
    }

    /// Starts `quests arguments...` without waiting for it, its output discarded.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `quests arguments...`; with `fileSizeLimit`, every file it writes is limited to that many bytes,
    /// as if the disk were full (`prlimit`, with SIGXFSZ ignored so writes fail instead of killing it).
    func run(_ arguments: [String], extra: [String: String] = [:], fileSizeLimit: Int? = nil) throws -> ProcessResult {
        let process = Process()
        if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "trap '' XFSZ; exec prlimit --fsize=\(fileSizeLimit) -- \"$0\" \"$@\"", Self.binary.path]
                + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        process.environment = environment.merging(extra) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self), started: started, ended: Date())
    }

    /// Runs a command that must succeed, and returns its stdout.
    @discardableResult
    func ok(_ arguments: String..., extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let result = try run(arguments, extra: extra)
        #expect(
            result.status == 0, "quests \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs a command and decodes its JSON output.
    func json(_ arguments: String..., extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [String: Any]
    {
        let result = try run(arguments, extra: extra)
        #expect(
            result.status == 0, "quests \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Everything a user can read back from the store, to show a failed command changed nothing.
    func snapshot() throws -> String {
        try [
            "list --all --json", "ledger --json", "config --json", "board --json", "board --date yesterday --json",
            "vacation list --json", "log --json",
        ]
        .map { try run($0.split(separator: " ").map(String.init)).stdout }
        .joined(separator: "\n")
    }

    /// Asserts that `arguments` fails with one `error:` line containing `fragment`, prints nothing on
    /// stdout, and leaves the store as it was.
    func expectFailure(
        _ arguments: [String], mentioning fragment: String, extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try snapshot()
        let result = try run(arguments, extra: extra)
        let command = "quests " + arguments.joined(separator: " ")
        #expect(result.status != 0, "\(command) should fail", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(command) printed: \(result.stdout)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(
            lines.count == 1 && result.stderr.hasPrefix("error: "), "\(command) stderr: \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains(fragment), "\(command) stderr lacks \(fragment): \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(try snapshot() == before, "\(command) changed the store", sourceLocation: sourceLocation)
    }
}
