import Foundation
import Testing

/// `done`, `complete` and `undo` as people type them, and the same arguments spelt with `--` before the
/// quest, must print, fail and change exactly the same.
@Suite struct PlainCompletionTests {
    /// The same command twice: as typed, and with `--` before the quest.
    struct Case {
        let arguments: [String]
        let parsed: [String]

        init(_ arguments: String..., quest: String) {
            self.arguments = arguments.map { $0 == "QUEST" ? quest : $0 }
            parsed = arguments.filter { $0 != "QUEST" } + ["--", quest]
        }
    }

    static let cases: [Case] = [
        Case("done", "QUEST", quest: "Run"),
        Case("done", "QUEST", quest: "Run"),
        Case("undo", "QUEST", quest: "run"),
        Case("complete", "QUEST", "--early", quest: "Read"),
        Case("undo", "--date", "today", "QUEST", quest: "Read"),
        Case("done", "QUEST", quest: "2"),
        Case("--color", "always", "done", "QUEST", "--date", "yesterday", quest: "1"),
        Case("done", "--color=never", "QUEST", "--date=yesterday", quest: "Stretch"),
        Case("undo", "QUEST", "--date", "friday", "--color", "always", quest: "Stretch"),
        Case("--db", "STORE", "done", "QUEST", quest: "Stretch"),
        Case("undo", "QUEST", "--db=STORE", quest: "Stretch"),
        Case("done", "QUEST", quest: "nope"),
        Case("done", "QUEST", quest: "Walk"),
        Case("done", "--date", "2026-10-01", "QUEST", quest: "Run"),
        Case("done", "--date", "someday", "QUEST", quest: "Run"),
        Case("done", "QUEST", "--date", "2026-11-22", quest: "Run"),
        Case("undo", "QUEST", quest: "Read"),
        Case("done", "QUEST", "--color", "always", quest: "Stretch"),
    ]

    /// Since a week ago, at 08:30: Run (07:00, +20) Available, Read (21:00) Upcoming, Stretch (any time, +5), Walk archived.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let weekAgo = ["QUESTS_NOW": "2026-11-14T08:00"]
        try sandbox.ok("add", "Run", "--at", "07:00", "--reward", "20", extra: weekAgo)
        try sandbox.ok("add", "Read", "--at", "21:00", extra: weekAgo)
        try sandbox.ok("add", "Stretch", "--reward", "5", extra: weekAgo)
        try sandbox.ok("add", "Walk", extra: weekAgo)
        try sandbox.ok("archive", "Walk")
        return sandbox
    }

    @Test func bothPathsPrintFailAndChangeTheSame() throws {
        let plain = try Self.sandbox()
        let parsed = try Self.sandbox()
        func store(_ sandbox: Sandbox, _ arguments: [String]) -> [String] {
            arguments.map { $0.replacingOccurrences(of: "STORE", with: sandbox.home + "/store.sqlite") }
        }
        for test in Self.cases {
            let fast = try plain.run(store(plain, test.arguments))
            let slow = try parsed.run(store(parsed, test.parsed))
            let label = test.arguments.joined(separator: " ")
            #expect(fast.status == slow.status, "\(label)")
            #expect(fast.stdout == slow.stdout, "\(label)")
            #expect(
                fast.stderr.replacingOccurrences(of: plain.home, with: "HOME")
                    == slow.stderr.replacingOccurrences(of: parsed.home, with: "HOME"), "\(label)")
            for view in [["board"], ["board", "--date", "yesterday"], ["wallet"]] {
                #expect(try plain.run(view).stdout == parsed.run(view).stdout, "\(label): \(view)")
            }
        }
        #expect(try plain.ok("wallet").hasPrefix("Balance: 25 DD\n"), "Run and Stretch yesterday, Stretch today")
    }

    /// `streak`, `heatmap` and `achievements` with --json, --db and --color after them, and the same options
    /// written before the subcommand, print the same.
    @Test func reportsPrintTheSameBothWays() throws {
        let plain = try Self.sandbox()
        let parsed = try Self.sandbox()
        for sandbox in [plain, parsed] {
            try sandbox.ok("done", "Run", "--date", "yesterday")
            try sandbox.ok("done", "Stretch", "--date", "yesterday")
            try sandbox.ok("done", "Read", "--date", "yesterday")
            try sandbox.ok("done", "Stretch")
            try sandbox.ok("focus", "goal", "Ship the draft")
            try sandbox.ok("focus", "add", "Write the intro")
        }
        let optionLists = [
            [], ["--json"], ["--color", "always"], ["--color=never", "--json"], ["--db", "STORE"],
            ["--json", "--db=STORE"],
        ]
        for command in ["streak", "heatmap", "achievements", "focus", "month"] {
            for options in optionLists {
                for extra in [[:], ["QUESTS_NOW": "soon"]] {
                    let fast = try plain.run(
                        [command]
                            + options.map { $0.replacingOccurrences(of: "STORE", with: plain.home + "/store.sqlite") },
                        extra: extra)
                    let slow = try parsed.run(
                        options.map { $0.replacingOccurrences(of: "STORE", with: parsed.home + "/store.sqlite") } + [
                            command
                        ], extra: extra)
                    let label = ([command] + options).joined(separator: " ") + " \(extra)"
                    // A focus task's UUID is each store's own.
                    let uuid = #"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#
                    let masked = { (text: String) in
                        text.replacingOccurrences(of: uuid, with: "UUID", options: .regularExpression)
                    }
                    let (fastOut, slowOut) = (masked(fast.stdout), masked(slow.stdout))
                    #expect(fast.status == slow.status && fastOut == slowOut && fast.stderr == slow.stderr, "\(label)")
                    #expect(fast.status == (extra.isEmpty ? 0 : 1), "\(label)")
                }
            }
        }
        #expect(try plain.ok("achievements").contains("First Step"))
    }

    /// Help, `--`, unknown options and missing or repeated values are reported as argument-parser words them.
    @Test func anythingElseIsLeftToArgumentParser() throws {
        let sandbox = try Self.sandbox()
        let help = try sandbox.run(["done", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: quests complete"))
        #expect(try sandbox.run(["undo", "1", "-h"]).stdout.contains("USAGE: quests undo"))
        try sandbox.expectFailure(["done"], mentioning: "missing expected argument '<quest>'")
        try sandbox.expectFailure(["undo", "1", "2"], mentioning: "unexpected argument '2'")
        try sandbox.expectFailure(["done", "1", "--date"], mentioning: "missing value for '--date <day>'")
        try sandbox.expectFailure(["done", "1", "--color", "pink"], mentioning: "pink")
        try sandbox.expectFailure(["undo", "1", "--early"], mentioning: "unknown option '--early'")
        try sandbox.expectFailure(["done", "1", "--json"], mentioning: "unknown option '--json'")
        try sandbox.expectFailure(["--json", "done", "1"], mentioning: "unknown option '--json'")
    }
}
