#if canImport(Glibc)
    import Glibc
#endif

/// A program run to its end with `posix_spawn`, as Foundation's `Process` ran one: in a process group of
/// its own (Ctrl-C on the terminal is quests', not the child's), with every signal's default handling and
/// none blocked, and standard input from `/dev/null` (quests opens every other descriptor close-on-exec).
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case killed(Int32)
    }

    /// What a run gave.
    struct Outcome {
        let ending: Ending
        /// Its standard output and error, interleaved as written; empty unless captured.
        let output: [UInt8]

        /// The exit status, or the number of the signal that ended it (Foundation's `terminationStatus`).
        var status: Int32 {
            switch ending {
            case .exited(let status): return status
            case .killed(let signal): return signal
            }
        }
    }

    /// Runs `executable` (a path; it is also the child's `argv[0]`) with `arguments` and waits for it to
    /// end. The child gets this process's environment with `environment`'s variables set over it. With
    /// `capturingOutput`, its standard output and error go to one pipe read to its end; else they are
    /// quests'. Nil when it could not be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        capturingOutput: Bool = false
    ) -> Outcome? {
        var ends: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { if readEnd >= 0 { close(readEnd) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var envp = Self.environment(setting: environment).map { strdup($0) } + [nil]
        defer { for variable in envp { free(variable) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        if writeEnd >= 0 { close(writeEnd) }
        guard started == 0 else { return nil }

        let output = capturingOutput ? Descriptor.read(readEnd) ?? [] : []
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return Outcome(ending: signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal), output: output)
    }

    /// This process's environment (`NAME=value` entries) with `variables` set over it.
    private static func environment(setting variables: [String: String]) -> [String] {
        var entries: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            let name = String(text.prefix { $0 != "=" })
            if variables[name] == nil { entries.append(text) }
            entry += 1
        }
        return entries + variables.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
    }
}
