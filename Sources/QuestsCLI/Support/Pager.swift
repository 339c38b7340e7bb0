import Foundation

/// Long output on a terminal goes through `$PAGER` (default `less -R`); anywhere else it is printed plainly.
enum Pager {
    /// Prints `lines`, through the pager when standard output is a terminal they do not fit on.
    static func print(_ lines: [String], environment: Environment = .process) {
        guard let size = Terminal.windowSize(), lines.count >= size.rows else {
            Swift.print(lines.joined(separator: "\n"))
            return
        }
        let command = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            Swift.print(lines.joined(separator: "\n"))
            return
        }
        // A pager quit early closes the pipe: the rest is not wanted.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
