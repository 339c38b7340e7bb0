import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal taken over for a full-screen view: keys read one by one without echo, the alternate
/// screen, no cursor, no line wrap (a line too wide is cut, never wrapped). `leave()` puts all of it back;
/// so does a signal that ends the process (Ctrl-C, SIGTERM, SIGHUP, a crash), before re-raising it. A
/// resize wakes `next(timeout:)`.
final class FullScreenTerminal {
    /// What woke `next(timeout:)`.
    enum Event {
        case keys([Key])
        /// The window was resized, the timeout passed, or a signal interrupted the wait.
        case redraw
        /// Standard input ended: the terminal is gone.
        case closed
    }

    /// The signals that end the process, whose handlers put the terminal back first.
    private static let endingSignals = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
    ]
    /// The self-pipe the SIGWINCH handler writes to, so that a resize wakes `poll`.
    private let wakeUp: (read: Int32, write: Int32)

    /// Takes over the terminal on standard input and output.
    init() throws {
        guard tcgetattr(STDIN_FILENO, savedMode) == 0 else { throw CommandFailure.needsTerminal }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandFailure.fullScreenUnavailable(reason: String(cString: strerror(errno)))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeUp = (ends[0], ends[1])
        resizePipe = ends[1]
        for signal in Self.endingSignals {
            install(leaveAndReraise, for: signal)
        }
        install(wakeUpOnResize, for: SIGWINCH)
        var raw = savedMode.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
            characters[Int(VSUSP)] = 0  // no Ctrl-Z: a stopped board would leave the shell in its screen
        }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        send("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
    }

    /// Puts the terminal back as it was found.
    func leave() {
        leaveFullScreen()
        for signal in Self.endingSignals + [SIGWINCH] {
            sigaction(signal, previousActions + Int(signal), nil)
        }
        close(wakeUp.read)
        close(wakeUp.write)
    }

    /// Replaces the screen with `lines`, which must fit its height, in one write. (The screen is cleared
    /// first: erasing after a line that fills the width would erase its last character too.)
    func draw(_ lines: [String]) {
        send("\u{1B}[H\u{1B}[J" + lines.joined(separator: "\r\n"))
    }

    /// Waits for keys, a resize, or `timeout` milliseconds.
    func next(timeout: Int32) -> Event {
        var ready = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&ready, 2, timeout) > 0 else { return .redraw }
        if ready[1].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            while read(wakeUp.read, &drained, drained.count) > 0 {}
            return .redraw
        }
        guard var bytes = readInput() else { return .closed }
        // An Esc at the end may start an arrow key whose other bytes are on their way; a lone Esc quits.
        var more = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if bytes.last == 0x1B, poll(&more, 1, 50) > 0, let rest = readInput() {
            bytes += rest
        }
        return .keys(Key.parse(bytes))
    }

    /// The bytes waiting on standard input; nil at its end.
    private func readInput() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }

    private func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

// What the signal handlers use, set before they are installed: a C handler cannot capture anything.
nonisolated(unsafe) private let savedMode = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
nonisolated(unsafe) private var resizePipe: Int32 = -1

/// Puts back the screen and the terminal mode; only async-signal-safe calls, for the handlers.
private func leaveFullScreen() {
    let sequence: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedMode)
}

/// Puts the terminal back, then lets `signal` do what it did before (end the process, or the runtime's
/// crash report): blocked while its handler runs, it is delivered again as the handler returns.
private func leaveAndReraise(_ signal: Int32) {
    leaveFullScreen()
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
}

/// Wakes the board's `poll` to redraw at the new size.
private func wakeUpOnResize(_ signal: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 0
    _ = write(resizePipe, &byte, 1)
    errno = savedErrno
}

/// Installs `handler` for `signal`, keeping the previous action to restore.
private func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, previousActions + Int(signal))
}
