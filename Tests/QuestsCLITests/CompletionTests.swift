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
    func bash(_ sandbox: Sandbox, _ lines: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String]] {
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
        let offered = try bash(sandbox, [
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
        #expect(offered == [
            ["doctor", "done"],
            ["--color", "--date", "--db", "--early", "--help", "--note", "--version"],
            ["Meditate", "Morning run"],
            ["meditate", "morning run"],
            ["Morning run"],
            ["Meditate", "Morning run"],
            ["Meditate"],
            ["Movie night"],
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
}
