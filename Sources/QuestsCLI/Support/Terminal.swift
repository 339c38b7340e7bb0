import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Terminal detection, in one place.
enum Terminal {
    /// Whether standard output is a terminal.
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard input is a terminal, so that a question can be asked.
    static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

    /// How many columns output may take: `COLUMNS` when set to a positive number, else the width of the
    /// terminal on standard output, else 80.
    static func columns(environment: Environment = .process) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return windowSize()?.columns ?? 80
    }

    /// The size of the terminal on standard output, in cells; nil when it is not a terminal.
    static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Whether to colour output: forced by `always`/`never`; with `auto`, only on a terminal whose `TERM`
    /// is not `dumb` and with `NO_COLOR` unset.
    static func useColor(_ choice: ColorChoice, environment: Environment) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return stdoutIsTTY
        }
    }
}
