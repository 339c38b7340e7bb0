import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command as a whole process, again and again, and measures its wall time and peak memory, and,
/// when valgrind is installed, the instructions of one run (deterministic where wall time is not).
struct ProcessTimer {
    /// Figures over the timed runs of one command.
    struct Figures {
        /// Wall-clock milliseconds of each run, sorted.
        let milliseconds: [Double]
        /// The largest peak resident set of any run, in MB.
        let peakMegabytes: Double
        /// Instructions of one more run under callgrind; nil when not counted.
        var instructions: Int? = nil

        var median: Double { quantile(0.5) }
        var lowerQuartile: Double { quantile(0.25) }
        var upperQuartile: Double { quantile(0.75) }

        private func quantile(_ q: Double) -> Double {
            guard !milliseconds.isEmpty else { return .nan }
            let position = q * Double(milliseconds.count - 1)
            let below = Int(position.rounded(.down))
            let above = min(below + 1, milliseconds.count - 1)
            return milliseconds[below] + (milliseconds[above] - milliseconds[below]) * (position - Double(below))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let environment: [String: String]
    /// Untimed runs first, to warm the page cache.
    var warmups = 2
    var runs: Int
    /// Whether `compare` also counts the instructions of one run of each command (when valgrind is installed).
    var countsInstructions = true

    /// valgrind, when it is installed.
    static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Times `command` `runs` times; `before` and `after` run untimed around each run (to reset state).
    func time(
        _ command: [String], stdout: String = "/dev/null",
        before: () throws -> Void = {}, after: () throws -> Void = {}
    ) throws -> Figures {
        try compare(command, stdout: stdout, before: before, after: after).command
    }

    /// Times `command` and, run by run in turn with it, `reference`: both see the same machine state,
    /// so their ratio holds steady even when the machine's speed drifts. `extra` is set for `command` alone
    /// (a language, say).
    func compare(
        _ command: [String], with reference: [String]? = nil, extra: [String: String] = [:],
        stdout: String = "/dev/null", before: () throws -> Void = {}, after: () throws -> Void = {}
    ) throws -> (command: Figures, reference: Figures?) {
        var times: [Double] = []
        var referenceTimes: [Double] = []
        var peak = 0
        var referencePeak = 0
        for run in 0..<(warmups + runs) {
            if let reference {
                let (milliseconds, kilobytes) = try Self.spawn(reference, environment: environment)
                if run >= warmups {
                    referenceTimes.append(milliseconds)
                    referencePeak = max(referencePeak, kilobytes)
                }
            }
            try before()
            let (milliseconds, kilobytes) = try Self.spawn(
                command, environment: environment.merging(extra) { $1 }, stdout: stdout)
            try after()
            if run >= warmups {
                times.append(milliseconds)
                peak = max(peak, kilobytes)
            }
        }
        var figures = Figures(milliseconds: times.sorted(), peakMegabytes: Double(peak) / 1024)
        var referenceFigures = reference.map { _ in
            Figures(milliseconds: referenceTimes.sorted(), peakMegabytes: Double(referencePeak) / 1024)
        }
        if countsInstructions, Self.valgrind != nil {
            try before()
            figures.instructions = try instructions(command, extra: extra)
            try after()
            if let reference { referenceFigures?.instructions = try instructions(reference) }
        }
        return (figures, referenceFigures)
    }

    /// The instructions one run of `command` executes, counted by callgrind (its "I refs").
    private func instructions(_ command: [String], extra: [String: String] = [:]) throws -> Int? {
        guard let valgrind = Self.valgrind else { return nil }
        let log = "/tmp/quests-bench-\(getpid()).callgrind"
        defer { try? FileManager.default.removeItem(atPath: log) }
        _ = try Self.spawn(
            [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log] + command,
            environment: environment.merging(extra) { $1 })
        let text = try String(contentsOfFile: log, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("refs:") }) else { return nil }
        return Int(line.split(separator: ":").last?.filter(\.isNumber) ?? "")
    }

    /// Runs `command` once and waits for it: wall milliseconds and peak RSS in KB. A non-zero exit throws.
    static func spawn(_ command: [String], environment: [String: String], stdout: String = "/dev/null") throws -> (
        Double, Int
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let errorLog = "/tmp/quests-bench-\(getpid()).stderr"
        posix_spawn_file_actions_addopen(&actions, 2, errorLog, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var start = timespec()
        var end = timespec()
        var pid: pid_t = 0
        clock_gettime(CLOCK_MONOTONIC, &start)
        let code = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard code == 0 else {
            throw Failure(description: "cannot run \(command[0]): \(String(cString: strerror(code)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        clock_gettime(CLOCK_MONOTONIC, &end)
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
            throw Failure(description: "\(command.joined(separator: " ")) failed (status \(status)): \(message)")
        }
        let milliseconds = Double(end.tv_sec - start.tv_sec) * 1_000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
        return (milliseconds, usage.ru_maxrss)
    }
}
