import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Long output on a terminal goes through `$PAGER` (default `less`, with `LESS=FRX` unless `LESS` is set),
/// as git does it; anywhere else it is printed plainly.
enum Pager {
    /// Prints `lines`, through the pager when standard output is a terminal they do not fit on.
    static func print(_ lines: [String], environment: Environment = .process) {
        let text = lines.joined(separator: "\n") + "\n"
        guard let size = Terminal.windowSize(), lines.count >= size.rows,
            let command = command(environment), run(command, text: text)
        else {
            Swift.print(text, terminator: "")
            return
        }
    }

    /// The pager to run: `$PAGER`, else `less`; nil when `PAGER` is empty or `cat` (no pager, as in git).
    static func command(_ environment: Environment) -> String? {
        guard let pager = environment["PAGER"] else { return "less" }
        let trimmed = pager.trimmingSpaces()
        return trimmed.isEmpty || trimmed == "cat" ? nil : pager
    }

    /// Runs `command` with `text` on its standard input and waits for it; false when it could not start
    /// (or the shell found no such command).
    ///
    /// The pager runs in quests' own process group, the terminal's foreground one, so that it may read
    /// keys from the terminal (`ChildProcess` starts a group of its own, where a pager that reads
    /// the terminal is stopped). While it runs, quests ignores Ctrl-C and Ctrl-\, which are the pager's;
    /// the pager gets them with their default handling.
    private static func run(_ command: String, text: String) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // What git gives less: quit when it fits one screen, colours through, no screen clearing at exit.
        setenv("LESS", "FRX", 0)
        setenv("LV", "-c", 0)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        // A pager quit early closes the pipe: the rest is not wanted.
        signal(SIGPIPE, SIG_IGN)
        let arguments = ["/bin/sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
        close(readEnd)
        guard started == 0 else {
            close(writeEnd)
            return false
        }

        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            bytes = bytes.dropFirst(written)
        }
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // The shell's "command not found": nothing was shown.
        let notFound = status & 0x7f == 0 && (status >> 8) & 0xff == 127
        return !notFound
    }
}
