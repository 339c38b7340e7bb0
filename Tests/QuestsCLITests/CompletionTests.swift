import Foundation
import Testing

/// Shell completion, tried for real in bash: the completion function is called as bash calls it on TAB.
@Suite struct CompletionTests {
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Morning run")
        try sandbox.ok("add", "Meditate")
        try sandbox.ok("add", "Old habit")
        try sandbox.ok("archive", "old habit")
        try sandbox.ok("shop", "add", "Movie night", "--price", "150")
        return sandbox
    }

    /// What bash offers for `words` (the last one being completed), one candidate per element.
    func bash(_ sandbox: Sandbox, _ lines: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [[String]]
    {
        let script = sandbox.home + "/quests.bash"
        try sandbox.ok("--generate-completion-script", "bash").write(toFile: script, atomically: true, encoding: .utf8)
        let calls = lines.map { words in
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            return """
                COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                COMPREPLY=(); _quests quests "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s|' "${COMPREPLY[@]}"; echo
                """
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "source \"$0\"\n" + calls.joined(separator: "\n"), script]
        var environment = sandbox.environment
        environment["PATH"] = Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, sourceLocation: sourceLocation)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "|").map(String.init).sorted()
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesDoneAndEveryCommandWithItsValues() throws {
        let sandbox = try sandbox()
        let offered = try bash(
            sandbox,
            [
                ["quests", "d"],
                ["quests", "done", "--"],
                ["quests", "done", ""],
                ["quests", "done", "m"],
                ["quests", "complete", "Mo"],
                ["quests", "--db", sandbox.home + "/store.sqlite", "done", ""],
                ["quests", "undo", "--date", "yesterday", "Med"],
                ["quests", "shop", "buy", ""],
                ["quests", "pack", "show", "f"],
                ["quests", "config", "w"],
                ["quests", "config", "s"],
                ["quests", "--color", ""],
                ["quests", "ach"],
                ["quests", "lo"],
                ["quests", "st"],
                ["quests", "stats", "--m"],
            ])
        #expect(
            offered == [
                ["delete", "doctor", "done"],
                ["--amount", "--color", "--date", "--db", "--early", "--help", "--note", "--set", "--version"],
                // Titles come as shell words, quoted as the command line needs them.
                ["Meditate", #"Morning\ run"#],
                ["meditate", #"morning\ run"#],
                [#"Morning\ run"#],
                ["Meditate", #"Morning\ run"#],
                ["Meditate"],
                [#"Movie\ night"#],
                ["fitness"],
                ["week-start"],
                ["sync-dir"],
                ["always", "auto", "never"],
                ["achievements"],
                ["log"],
                ["stats", "status", "streak"],
                ["--month"],
            ])
    }

    @Test func noStoreIsCreatedWhenCompletingWithoutOne() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("---completion", "complete", "--", "positional@0", "2", "0", "quests", "done", "")
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/store.sqlite"))
    }

    @Test func zshAndFishScriptsOfferDoneToo() throws {
        let sandbox = try Sandbox()
        let zsh = try sandbox.ok("--generate-completion-script", "zsh")
        #expect(zsh.contains("'done:Complete a quest"))
        #expect(zsh.contains("|complete|done|"))
        #expect(zsh.contains("_quests_done() {\n    _quests_complete \"${@}\"\n}"))
        let fish = try sandbox.ok("--generate-completion-script", "fish")
        #expect(fish.contains("case 'complete' 'done'\n            set unparsed_tokens[1] 'complete'"))
        #expect(fish.contains("-fa 'done' -d 'Complete a quest"))
        for script in [zsh, fish] { #expect(script.contains("---completion")) }
    }

    /// A shell as a user starts it, and what makes it load quests' completion script.
    struct Shell: Sendable, CustomTestStringConvertible {
        let name: String
        let program: [String]
        let setup: @Sendable (String) -> String
        var testDescription: String { name }
    }

    /// The shells, where installed (`.ci/run` installs zsh and fish).
    static let shells = [
        Shell(name: "bash", program: ["/bin/bash", "--norc", "--noprofile", "-i"]) { "source '\($0)'" },
        Shell(name: "zsh", program: ["/usr/bin/zsh", "-f", "-i"]) {
            "autoload -U compinit && compinit -u && source '\($0)'"
        },
        Shell(name: "fish", program: ["/usr/bin/fish", "--no-config", "-i"]) { "source '\($0)'" },
    ].filter { FileManager.default.isExecutableFile(atPath: $0.program[0]) }

    /// In a real terminal: TAB completes a title holding an apostrophe, double quotes, spaces, a dollar
    /// sign and an accented letter to a word the shell reads back as that title, so Enter completes it.
    @Test(arguments: Self.shells)
    func tabCompletesATitleWithQuotesToAWordTheShellReadsBack(shell: Shell) throws {
        let sandbox = try Sandbox()
        let title = "Pack tomorrow's \"gym\" bag for $5 café"
        try sandbox.ok("add", title)
        try sandbox.ok("add", "Meditate")
        let script = sandbox.home + "/quests.\(shell.name)"
        try sandbox.ok("--generate-completion-script", shell.name).write(
            toFile: script, atomically: true, encoding: .utf8)
        let pane = try TmuxPane(sandbox, program: shell.program)
        // The shell prints "loaded" only once the script is read: keys typed before that are echoed
        // ahead of the prompt and push the completed line past the pane's width.
        try pane.type(shell.setup(script) + "; echo LOADED | tr A-Z a-z")
        try pane.send("Enter")
        try pane.waitFor("the script loaded") { $0 == "loaded" }
        try pane.type("quests done Pa")
        try pane.send("Tab")
        try pane.waitFor("the whole title on the command line") { $0.contains("quests done") && $0.contains("café") }
        try pane.send("Enter")
        try pane.waitFor("✓ \(title) completed for today")
        let board = try sandbox.json("board", "--json")["quests"] as? [[String: Any]] ?? []
        #expect(board.first { $0["title"] as? String == title }?["state"] as? String == "completed")
        try pane.type("exit")
        try pane.send("Enter")
    }
}
