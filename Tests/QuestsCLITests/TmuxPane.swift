import Foundation
import Testing

/// A real terminal for the interactive board and the pager: a tmux server of its own (its own socket) with
/// one pane, driven with `send-keys` and read with `capture-pane`. The pane runs quests from a shell script
/// that then prints its exit status and `stty -a`, and stays open, so that tests can see what was left behind.
final class TmuxPane {
    /// Where tmux is; nil when it is not installed (CI installs it in `.ci/run`).
    static let tmux: String? =
        ((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + [
            "/usr/bin", "/usr/local/bin",
        ])
        .map { $0 + "/tmux" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private let tmux: String
    private let socket = "quests-test-\(UUID().uuidString.prefix(12))"
    /// The file the board's process writes its id to.
    let pidFile: String

    /// Opens an 80×24 pane running `quests arguments...` (the interactive board unless told) in `sandbox`'s
    /// environment.
    convenience init(
        _ sandbox: Sandbox, running arguments: [String] = ["board", "--interactive"],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try self.init(sandbox, program: [Sandbox.binary.path] + arguments, sourceLocation: sourceLocation)
    }

    /// Opens an 80×24 pane running `program` (its path, then its arguments) in `sandbox`'s environment,
    /// with quests on the `PATH` and a UTF-8 locale.
    init(_ sandbox: Sandbox, program: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        tmux = try #require(
            Self.tmux, "tmux is not installed: the interactive board is tested in it (.ci/run installs it)",
            sourceLocation: sourceLocation)
        pidFile = sandbox.home + "/board.pid"
        let environment = sandbox.environment.merging([
            "TERM": "xterm-256color", "SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8",
            "PATH": Sandbox.binary.deletingLastPathComponent().path + ":"
                + (sandbox.environment["PATH"] ?? "/usr/bin:/bin"),
        ]) { $1 }
        let words =
            environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
                "/bin/sh", "-c", "echo $$ > \"$0\"; exec \"$@\"", pidFile,
            ] + program
        #expect(!words.contains { $0.contains("'") }, "cannot quote \(words)", sourceLocation: sourceLocation)
        let script = sandbox.home + "/board.sh"
        // The shell survives Ctrl-C (a trap, not an ignored signal, which the board would inherit) to report.
        try """
        trap 'true' INT
        ulimit -c 0
        env -i \(words.map { "'\($0)'" }.joined(separator: " "))
        echo "exit $?"
        stty -a
        sleep 600
        """.write(toFile: script, atomically: true, encoding: .utf8)
        // The client that starts the server is not waited for: the server inherits the socket through
        // which Foundation learns that the client ended, so that wait would last as long as the server.
        let start = Process()
        start.executableURL = URL(fileURLWithPath: tmux)
        start.arguments = [
            "-L", socket, "-u", "-f", "/dev/null", "new-session", "-d", "-s", "board", "-c", sandbox.home, "-x", "80",
            "-y", "24", "/bin/sh " + script,
        ]
        start.environment = Self.environment
        start.standardInput = FileHandle.nullDevice
        start.standardOutput = FileHandle.nullDevice
        start.standardError = FileHandle.nullDevice
        try start.run()
        let deadline = Date() + Self.patience
        var processes: String?
        while processes == nil {
            processes = try? command(["display-message", "-p", "-t", "board", "#{pid} #{pane_pid}"])
            guard processes != nil || Date() < deadline else { throw PaneError.noSession }
            if processes == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let ids = (processes ?? "").split(separator: " ").compactMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        (server, pane) = (ids.first, ids.dropFirst().first)
    }

    /// The tests' environment without `TMUX`: not the tmux the tests may run in.
    private static let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }

    /// The tmux server's process and the pane's (its shell, which leads the pane's process group).
    private var server: pid_t?
    private var pane: pid_t?

    /// Ends the pane's processes and the server, also when a test failed half-way: `kill-server` alone
    /// leaves this tmux's server running here, so both are killed outright.
    deinit {
        _ = try? command(["kill-server"])
        if let pane { kill(-pane, SIGKILL) }
        if let server { kill(server, SIGKILL) }
        // tmux keeps a server's socket in TMUX_TMPDIR (else /tmp), in tmux-UID: killed, it leaves it there.
        unlink((Self.environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())/" + socket)
    }

    /// Types `keys` (tmux key names: `j`, `Enter`, `Space`, `Down`, `Escape`, `C-c`).
    func send(_ keys: String...) throws {
        try command(["send-keys", "-t", "board"] + keys)
    }

    /// Types `text` as it is (no key names).
    func type(_ text: String) throws {
        try command(["send-keys", "-t", "board", "-l", text])
    }

    /// What the pane shows now, as plain text.
    func screen() throws -> String {
        try command(["capture-pane", "-p", "-t", "board"])
    }

    /// A tmux format read from the pane, such as `#{alternate_on}`.
    func show(_ format: String) throws -> String {
        try command(["display-message", "-p", "-t", "board", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes the window `width` columns wide.
    func resize(width: Int) throws {
        try command(["resize-window", "-t", "board", "-x", "\(width)"])
    }

    /// The id of the board's process, once it has started.
    func boardProcess() throws -> pid_t {
        let deadline = Date() + Self.patience
        while Date() < deadline {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw PaneError.noProcess
    }

    /// How long to wait for the pane to show something: bounded, and long enough for a loaded machine.
    static let patience: TimeInterval = 20

    /// Waits until the pane shows a line for which `matches` holds and returns that screen; records an
    /// issue with what it showed instead. (A blocking wait, unlike `Task.sleep`: the tests of other suites
    /// that block the shared threads for minutes cannot hold it up while the board's clock runs.)
    @discardableResult
    func waitFor(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ matches: (Substring) -> Bool
    ) throws -> String {
        try waitForScreen(description, sourceLocation: sourceLocation) {
            $0.split(separator: "\n").contains(where: matches)
        }
    }

    /// Waits until the pane's whole screen satisfies `condition` (say, that a line has gone) and returns it;
    /// records an issue with what it showed instead. (A blocking wait, as `waitFor`.)
    @discardableResult
    func waitForScreen(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date() + Self.patience
        var screen = ""
        repeat {
            screen = try self.screen()
            if condition(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("the pane never showed \(description); it shows:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    /// Waits until the pane shows `text`.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitFor(text, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Expects the board gone and the terminal as it was: the normal screen with the shell's output, the
    /// cursor shown, lines wrapping, and `stty` reporting line editing, echo and Ctrl-Z again.
    func expectRestored(exitStatus: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitFor("exit \(exitStatus)", sourceLocation: sourceLocation)
        let screen = try waitFor("stty's local modes", sourceLocation: sourceLocation) { $0.contains("icanon") }
        let words = Set(screen.split(whereSeparator: \.isWhitespace))
        #expect(
            words.isSuperset(of: ["icanon", "echo", "icrnl", "ixon"]), "stty -a: \(screen)",
            sourceLocation: sourceLocation)
        #expect(
            words.isDisjoint(with: ["-icanon", "-echo", "-icrnl", "-ixon"]), "stty -a: \(screen)",
            sourceLocation: sourceLocation)
        #expect(screen.contains("susp = ^Z"), "stty -a: \(screen)", sourceLocation: sourceLocation)
        #expect(try show("#{alternate_on} #{cursor_flag} #{wrap_flag}") == "0 1 1", sourceLocation: sourceLocation)
        #expect(!screen.contains("q quit"), "the board is still on screen: \(screen)", sourceLocation: sourceLocation)
    }

    @discardableResult
    private func command(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-L", socket] + arguments
        process.environment = Self.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PaneError.tmuxFailed(arguments, text) }
        return text
    }

    enum PaneError: Error {
        case tmuxFailed([String], String)
        case noSession
        case noProcess
    }
}
