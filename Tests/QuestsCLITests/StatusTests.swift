import Foundation
import Testing

@testable import QuestsStore

/// `quests status`: one line per status bar, read-only, never in a writer's way.
@Suite struct StatusTests {
    /// At 08:30: Run (07:00, +20) Available, Read (21:00, +10) Upcoming, Stretch (any time, +5) done.
    static func fixedBoard() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Run", "--at", "07:00", "--reward", "20")
        try sandbox.ok("add", "Read", "--at", "21:00")
        try sandbox.ok("add", "Stretch", "--reward", "5")
        try sandbox.ok("done", "Stretch")
        return sandbox
    }

    static let line = "1/3 · next Run 07:00 · 5 DD"

    /// xbar's click action on an open quest's line: this binary completes it in the sandbox's store.
    static func xbarClick(_ sandbox: Sandbox, quest: Int) -> String {
        " | bash=\(Sandbox.binary.resolvingSymlinksInPath().path) param1=--db param2=\(sandbox.home)/store.sqlite param3=done param4=\(quest) terminal=false refresh=true"
    }

    /// The parameters of an xbar line (what follows its `|`), as xbar reads them: `key=value`, the value
    /// plain up to a space or in double or single quotes.
    static func xbarParameters(_ line: Substring) -> [String: String] {
        var parameters: [String: String] = [:]
        var rest = line.drop { $0 != "|" }.dropFirst().drop { $0 == " " }
        while let equals = rest.firstIndex(of: "=") {
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            let quote = rest.first.flatMap { "\"'".contains($0) ? $0 : nil }
            if quote != nil { rest = rest.dropFirst() }
            let end = rest.firstIndex(of: quote ?? " ") ?? rest.endIndex
            parameters[key] = String(rest[..<end])
            rest = rest[end...].dropFirst().drop { $0 == " " }
        }
        return parameters
    }

    /// Clicking an open quest in xbar's dropdown completes it, with this binary, in the store in use (xbar
    /// runs plugins without the user's QUESTS_DB); quests that are not open have no action.
    @Test func xbarClicksCompleteAnOpenQuestInTheStoreInUse() throws {
        let sandbox = try Self.fixedBoard()
        let folder = sandbox.home + "/my \"quests\""
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: sandbox.home + "/store.sqlite", toPath: folder + "/store.sqlite")
        sandbox.environment["QUESTS_DB"] = folder + "/store.sqlite"
        let lines = try sandbox.ok("status", "--format", "xbar").split(separator: "\n")
        #expect(lines.count == 5 && lines[1] == "---")
        #expect(
            !lines[0].contains("|") && !lines[3].contains("|") && !lines[4].contains("|"),
            "only the open quest has an action")
        let click = Self.xbarParameters(lines[2])
        #expect(click["terminal"] == "false" && click["refresh"] == "true")
        let executable = try #require(click["bash"])
        #expect(executable.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: executable))
        let arguments = (1...).lazy.map { click["param\($0)"] }.prefix { $0 != nil }.compactMap { $0 }
        #expect(Array(arguments) == ["--db", folder + "/store.sqlite", "done", "1"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments)
        process.environment = ["HOME": sandbox.home + "/elsewhere", "TZ": "UTC", "QUESTS_NOW": "2026-11-21T08:31"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try sandbox.ok("status") == "2/3 · next Read 21:00 · 25 DD\n")
    }

    @Test func everyFormatPrintsWhatItsBarReads() throws {
        let sandbox = try Self.fixedBoard()
        let expected = [
            "text": Self.line + "\n",
            "tmux": Self.line + "\n",
            "polybar": Self.line + "\n",
            "i3blocks": Self.line + "\n1/3\n#FCE94F\n",
            "xbar": Self.line + "\n---\nRun · 07:00 · +20 DD" + Self.xbarClick(sandbox, quest: 1)
                + "\nRead · opens 21:00 · +10 DD\n✓ Stretch · +5 DD\n",
            "waybar":
                #"{"alt":"open","class":"open","percentage":33,"text":"1/3 · next Run 07:00 · 5 DD","tooltip":"Run · 07:00 · +20 DD\nRead · opens 21:00 · +10 DD"}"#
                + "\n",
        ]
        #expect(try sandbox.ok("status") == Self.line + "\n")
        for (format, output) in expected {
            #expect(try sandbox.ok("status", "--format", format) == output, "\(format)")
            #expect(try sandbox.ok("status", "--format=\(format)") == output, "\(format)")
            // With a global option besides: the same output.
            #expect(try sandbox.ok("status", "--color", "never", "--format", format) == output, "\(format)")
        }
        let json = try sandbox.json("status", "--format", "json")
        #expect(json["done"] as? Int == 1 && json["total"] as? Int == 3 && json["available"] as? Int == 1)
        #expect(json["upcoming"] as? Int == 1 && json["balance"] as? Int == 5 && json["streak"] as? Int == 0)
        #expect(
            json["class"] as? String == "open" && json["text"] as? String == Self.line
                && json["date"] as? String == "2026-11-21")
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["title"] as? String == "Run" && next["time"] as? String == "07:00" && next["reward"] as? Int == 20)
        #expect(next["id"] as? Int == 1 && next["state"] as? String == "available")
        #expect(try sandbox.ok("status", "--format", "json").split(separator: "\n").count == 1)
    }

    @Test func aDayWithEverythingDoneOrNothingScheduledSaysSo() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("list")
        #expect(try sandbox.ok("status") == "nothing today · 0 DD\n")
        #expect(
            try sandbox.ok("status", "--format", "waybar")
                == #"{"alt":"idle","class":"idle","percentage":0,"text":"nothing today · 0 DD","tooltip":"Nothing scheduled today"}"#
                + "\n")
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "Read")
        #expect(try sandbox.ok("status") == "1/1 done · 10 DD\n")
        #expect(try sandbox.ok("status", "--format", "i3blocks") == "1/1 done · 10 DD\n1/1\n#8AE234\n")
        #expect(
            try sandbox.ok("status", "--format", "waybar")
                == #"{"alt":"all-done","class":"all-done","percentage":100,"text":"1/1 done · 10 DD","tooltip":"The only quest is done"}"#
                + "\n")
        #expect(try sandbox.ok("status", "--template", "[{next}|{next_time}]") == "[|]\n")
    }

    /// A title cannot inject a bar's markup: tmux's `#`, polybar's `%{`, xbar's `|`, waybar's Pango.
    @Test func titlesCannotInjectABarsMarkup() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Tea & <b>#1</b> %{A1:x:}|")
        #expect(try sandbox.ok("status", "--format", "tmux") == "0/1 · next Tea & <b>##1</b> %{A1:x:}| · 0 DD\n")
        #expect(
            try sandbox.ok("status", "--format", "polybar") == "0/1 · next Tea & <b>#1</b> %\u{200B}{A1:x:}| · 0 DD\n")
        #expect(
            try sandbox.ok("status", "--format", "xbar")
                == "0/1 · next Tea & <b>#1</b> %{A1:x:}¦ · 0 DD\n---\nTea & <b>#1</b> %{A1:x:}¦ · +10 DD"
                + Self.xbarClick(sandbox, quest: 1) + "\n")
        let waybar = try sandbox.json("status", "--format", "waybar")
        #expect(waybar["text"] as? String == "0/1 · next Tea &amp; &lt;b&gt;#1&lt;/b&gt; %{A1:x:}| · 0 DD")
        #expect(waybar["tooltip"] as? String == "Tea &amp; &lt;b&gt;#1&lt;/b&gt; %{A1:x:}| · +10 DD")
    }

    @Test func theTemplateFillsEveryPlaceholder() throws {
        let sandbox = try Self.fixedBoard()
        let template = "{done}/{total} {available}a {upcoming}u {next}@{next_time} {balance} DD s{streak} {x {}"
        #expect(try sandbox.ok("status", "--template", template) == "1/3 1a 1u Run@07:00 5 DD s0 {x {}\n")
        #expect(try sandbox.ok("status", "--format", "i3blocks", "--template", "{next}") == "Run\n1/3\n#FCE94F\n")
        try sandbox.expectFailure(
            ["status", "--template", "{done} {nope}"], mentioning: "{nope} is not a status placeholder; use {done}")
        try sandbox.expectFailure(["status", "--format", "lemonbar"], mentioning: "lemonbar")
    }

    /// {goal} and {focus} show the day's main quest and its tasks done of all, in every format that takes a
    /// template; empty on a day without them.
    @Test func theTemplateShowsTheDaysFocus() throws {
        let sandbox = try Self.fixedBoard()
        #expect(try sandbox.ok("status", "--template", "[{goal}|{focus}]") == "[|]\n")
        try sandbox.ok("focus", "goal", "Ship <the> draft & more | #1")
        #expect(try sandbox.ok("status", "--template", "★ {goal} {focus}") == "★ Ship <the> draft & more | #1 \n")
        try sandbox.ok("focus", "add", "Write the intro")
        try sandbox.ok("focus", "add", "Write the outro")
        try sandbox.ok("focus", "done", "intro")
        #expect(try sandbox.ok("status", "--template", "{focus} · {goal}") == "1/2 · Ship <the> draft & more | #1\n")
        #expect(
            try sandbox.ok("status", "--format", "tmux", "--template", "{goal}") == "Ship <the> draft & more | ##1\n")
        let waybar = try sandbox.json("status", "--format", "waybar", "--template", "{goal} {focus}")
        #expect(waybar["text"] as? String == "Ship &lt;the&gt; draft &amp; more | #1 1/2")
        // Without the placeholders the line is as before.
        #expect(try sandbox.ok("status", "--template", "{done}/{total}") == "1/3\n")
    }

    /// The streak is counted whenever the output shows it: a template with {streak}, and json.
    @Test func theStreakIsCountedWhenShown() throws {
        let sandbox = try Sandbox()
        let yesterday = ["QUESTS_NOW": "2026-11-20T09:00"]
        try sandbox.ok("add", "Read", extra: yesterday)
        try sandbox.ok("done", "Read", extra: yesterday)
        #expect(try sandbox.ok("status", "--template", "{streak} days") == "1 days\n")
        #expect(try sandbox.ok("status", "--format", "waybar", "--template", "s{streak}").contains(#""text":"s1""#))
        #expect(try sandbox.json("status", "--format", "json")["streak"] as? Int == 1)
    }

    @Test func noStorePrintsAnEmptyLineAndCreatesNothing() throws {
        let sandbox = try Sandbox()
        sandbox.environment["QUESTS_DB"] = nil
        sandbox.environment["XDG_DATA_HOME"] = sandbox.home + "/data"
        for arguments in [
            ["status"], ["status", "--format", "waybar"], ["status", "--db", sandbox.home + "/none.sqlite"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0 && result.stdout == "\n" && result.stderr.isEmpty, "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/data"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/none.sqlite"))
    }

    @Test func aStoreOfAnotherVersionPrintsAnEmptyLine() throws {
        let sandbox = try Self.fixedBoard()
        let path = sandbox.home + "/store.sqlite"
        try Connection(path: path, access: .readWrite).execute(
            "INSERT INTO schema_migration (version, name) VALUES (999, 'from the future')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try sandbox.run("status")
        #expect(result.status == 0 && result.stdout == "\n" && result.stderr.isEmpty, "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func statusOnlyReadsTheStoreAndLeavesNoLogBehind() throws {
        let sandbox = try Self.fixedBoard()
        let path = sandbox.home + "/store.sqlite"
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for format in ["text", "json", "waybar", "polybar", "i3blocks", "tmux", "xbar"] {
            try sandbox.ok("status", "--format", format)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    /// Twenty status bars read while writers complete, undo and buy: no error, no "database is locked".
    @Test func twentyStatusesAtOnceBesideWriters() throws {
        let sandbox = try Self.fixedBoard()
        try sandbox.ok("shop", "add", "Tea", "--price", "1")
        let statuses = Array(
            repeating: [["status"], ["status", "--format", "waybar"], ["status", "--template", "{done}/{total}"]],
            count: 20)
        let writers = [
            Array(repeating: [["done", "Run"], ["undo", "Run"]], count: 5).flatMap { $0 },
            Array(repeating: ["shop", "buy", "Tea"], count: 5),
        ]
        let results = sandbox.runAtOnce(statuses + writers).flatMap { $0 }
        #expect(results.mostAtOnce >= 4, "the processes did not run at once")
        #expect(results.count == 60 + 15)
        for result in results {
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        #expect(results.prefix(60).allSatisfy { $0.stdout.contains("/3") })
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 0)
    }
}
