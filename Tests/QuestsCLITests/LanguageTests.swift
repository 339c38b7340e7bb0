import Foundation
import QuestsCore
import Testing

/// quests in the user's language, end to end: every human line goes through the catalog (the pseudo-language
/// finds any that does not), machine output is the same in every language, and views fit the terminal.
@Suite struct LanguageTests {
    /// A week of use touching every command's human output, with titles in no language (`Ŧ1`, `Ŗ`) so that
    /// any plain word left is quests' own.
    static let script: [[String]] = [
        ["add", "Ŧ1", "--at", "07:00", "--reward", "1500"], ["add", "Ŧ2", "--days", "3/week"],
        ["add", "Ŧ3", "--at", "23:00"], ["board"], ["done", "Ŧ1"], ["done", "Ŧ2", "--note", "ñ"],
        ["undo", "Ŧ2"], ["done", "Ŧ2"], ["next"], ["list"], ["show", "Ŧ1"], ["streak"], ["achievements"],
        ["heatmap"], ["wallet"], ["ledger"], ["shop", "add", "Ŗ", "--price", "100"], ["shop"], ["shop", "buy", "Ŗ"],
        ["shop", "history"], ["freeze", "buy"], ["skip", "Ŧ3"], ["vacation", "add", "tomorrow"], ["vacation"],
        ["focus", "goal", "Ĝ"], ["focus", "add", "Ŧa"], ["focus", "add", "Ŧb"], ["focus", "done", "Ŧa"], ["focus"],
        // A counted and a limit quest, with amounts, an undo and a group.
        ["add", "Ŵ", "--target", "8", "--unit", "ĝ", "--group", "Ħ"], ["add", "Ĉ", "--at-most", "2"],
        ["done", "Ŵ", "3"], ["done", "Ŵ", "2"], ["undo", "Ŵ"], ["done", "Ĉ", "3"], ["show", "Ŵ"], ["show", "Ĉ"],
        ["month"], ["log"], ["stats"], ["doctor"], ["config"], ["pack", "list"],
        // Refusals, each one clear line.
        ["done", "ẑẑ"], ["add", "Ŧ4", "--at", "25:00"], ["shop", "buy", "Ŗ"], ["undo", "Ŧ3"], ["focus", "add", ""],
        ["config", "backfill-days", "x"], ["frobnicate"],
    ]

    /// Words that are quests' machine tokens, typed forms or the test's own, never translated: ledger kinds,
    /// setting values and schedules as they are typed (`--days 3/week`), the month grid's priority letters.
    static let allowed: Set<String> = [
        "DD", "quests", "UTC", "ID", "daily", "week", "month", "undo", "freeze", "monday", "none", "auto", "Mm",
        "weekdays", "weekends", "language", "nudges", "on", "off", "en", "de", "es", "fr", "ja", "zh",
    ]

    /// Runs the script in a fresh store with `environment`; each command's stdout and stderr.
    static func run(_ extra: [String: String], columns: Int = 100) throws -> [(command: [String], output: String)] {
        let sandbox = try Sandbox(now: "2026-11-21T20:00")
        var environment = extra
        environment["COLUMNS"] = String(columns)
        return try script.map { command in
            let result = try sandbox.run(command, extra: environment)
            return (command, result.stdout + result.stderr)
        }
    }

    @Test func everyHumanLineGoesThroughTheCatalog() throws {
        // In the pseudo-language every catalog message is accented: a plain ASCII word is one that is not.
        var missed: [String] = []
        // A pack's id is typed as it is (`quests pack add fitness`).
        let packIDs = Set(QuestPack.bundled.map(\.id))
        for (command, output) in try Self.run(["LANG": "qps"]) {
            for fullLine in output.split(separator: "\n") {
                // Paths (the store's file) are the user's own.
                let line = fullLine.replacing(/\S*\/\S*/, with: "")
                // Options, setting keys and commands named in a message are put in as they are typed.
                let words = line.split(whereSeparator: { !$0.isASCII || !$0.isLetter }).filter { $0.count >= 2 }
                let plain = words.filter { word in
                    !Self.allowed.contains(String(word)) && !packIDs.contains(String(word))
                        && !line.contains("--" + word) && !line.contains("-" + word) && !line.contains(word + "-")
                        && !line.contains("quests " + word) && !line.contains("/" + word)
                        && !line.contains("'" + word + "'") && !word.allSatisfy(\.isHexDigit)
                }
                if !plain.isEmpty { missed.append("\(command.joined(separator: " ")): \(line)") }
            }
        }
        #expect(missed.isEmpty, "English left in the pseudo-language:\n\(missed.joined(separator: "\n"))")
    }

    @Test func machineOutputIsTheSameInEveryLanguage() throws {
        let commands: [[String]] = [
            ["board", "--json"], ["list", "--json"], ["ledger", "--json"], ["stats", "--json"], ["log", "--json"],
            ["status", "--format", "waybar"], ["achievements", "--json"], ["heatmap", "--json"], ["month", "--json"],
            ["config", "--json"], ["log", "--csv"], ["calendar"], ["show", "water", "--json"],
            ["status", "--format", "json"], ["status", "--template", "{amount}"],
        ]
        var outputs: [String: [String]] = [:]
        for language in ["C", "de_DE.UTF-8", "ja_JP.UTF-8", "fr_FR.UTF-8", "qps"] {
            let sandbox = try Sandbox(now: "2026-11-21T20:00")
            for setup in [
                ["add", "Run", "--at", "07:00"], ["done", "run"], ["focus", "goal", "Ship"],
                ["add", "Water", "--target", "8.5", "--unit", "glasses", "--group", "Health"],
                ["done", "water", "2.5"],
            ] {
                _ = try sandbox.run(setup, extra: ["LANG": language])
            }
            // Each sandbox's store has its own random UUIDs: compared without them.
            let uuid = /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/
            outputs[language] = try commands.map {
                try sandbox.run($0, extra: ["LANG": language]).stdout.replacing(uuid, with: "UUID")
            }
        }
        for language in outputs.keys { #expect(outputs[language] == outputs["C"], "\(language)") }
    }

    @Test(
        arguments: ["C", "de_DE.UTF-8", "es_ES.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8"], [40, 50, 60, 100])
    func everyViewFitsTheTerminalInEveryLanguage(language: String, columns: Int) throws {
        // The views that lay themselves out to the terminal's width (one-line messages and errors are
        // sentences a terminal wraps).
        let views: Set<String> = [
            "board", "next", "list", "shop", "ledger", "log", "stats", "month", "heatmap", "achievements", "streak",
            "focus", "show", "wallet", "doctor",
        ]
        for (command, output) in try Self.run(["LANG": language], columns: columns)
        where views.contains(command[0]) && command.count <= 2 {
            // A command to type is never broken: it has a line of its own (`DisplayWidth.hint`).
            for line in output.split(separator: "\n") where !line.hasPrefix("  quests ") {
                #expect(
                    Self.displayWidth(String(line)) <= columns, "\(language) \(columns): \(command): \(line)")
            }
        }
    }

    @Test func theUsersLanguageIsSpokenAndUnderstood() throws {
        let sandbox = try Sandbox(now: "2026-11-20T20:00")
        try sandbox.ok("add", "Lauf", "--at", "07:00", "--days", "mo,mi,fr", extra: ["LANG": "de_DE.UTF-8"])
        let german = try sandbox.ok("done", "lauf", "--date", "heute", extra: ["LANG": "de_DE.UTF-8"])
        let board = try sandbox.ok("board", extra: ["LANG": "de_DE.UTF-8"])
        #expect(board.contains("Freitag, 20.11.2026"))
        let japanese = try sandbox.ok("board", extra: ["LANG": "ja_JP.UTF-8"])
        #expect(japanese.contains("金曜日"))
        #expect(!german.isEmpty)
        // English input works in every language.
        try sandbox.ok("undo", "lauf", "--date", "today", extra: ["LANG": "ja_JP.UTF-8"])
    }

    /// `sync --status` and `doctor` wrap what does not fit, at any width from 40, in every language.
    @Test(arguments: [40, 50, 80])
    func syncStatusAndDoctorFitTheTerminalInEveryLanguage(columns: Int) throws {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/a shared folder with a long name"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        try sandbox.ok("add", "Read")
        try sandbox.ok("sync", share)
        try sandbox.ok("sync", share, extra: ["QUESTS_DB": sandbox.home + "/other.sqlite"])
        for language in ["C.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8"] {
            for command in [["sync", "--status", share], ["doctor"]] {
                let result = try sandbox.run(command, extra: ["LANG": language, "COLUMNS": String(columns)])
                #expect(result.status == 0, "\(language) \(command): \(result.stderr)")
                for line in result.stdout.split(separator: "\n") {
                    #expect(Self.displayWidth(String(line)) <= columns, "\(language) \(columns) \(command): \(line)")
                }
            }
        }
    }

    /// Schedules both ways: the language's words for weekdays and quotas are read (`werktags`, `2/Woche`,
    /// `lun,mer`), and schedules are shown in the reader's language; English still works and shows as before.
    @Test func schedulesAreReadAndShownInTheUsersLanguage() throws {
        let sandbox = try Sandbox()
        let german = ["LANG": "de_DE.UTF-8"]
        #expect(
            try sandbox.ok("add", "Lauf", "--days", "Werktags", extra: german)
                == "Hinzugefügt: #1 Lauf · jederzeit · werktags · 10 DD\n")
        try sandbox.ok("add", "Gym", "--days", "2/Woche", extra: german)
        try sandbox.ok("add", "Velo", "--days", "lun,mer", extra: ["LANG": "fr_FR.UTF-8"])
        try sandbox.ok("add", "Walk", "--every", "3")
        try sandbox.ok("add", "Tea", "--days", "平日", extra: ["LANG": "ja_JP.UTF-8"])
        let list = try sandbox.ok("list", extra: german)
        for row in [
            "#1  Lauf   jederzeit  werktags", "#2  Gym    jederzeit  2/Woche", "#3  Velo   jederzeit  mo,mi",
            "#4  Walk   jederzeit  alle 3 Tage", "#5  Tea    jederzeit  werktags",
        ] {
            #expect(list.contains(row), "\(list)")
        }
        let english = try sandbox.ok("list")
        for row in ["weekdays", "2/week", "mon,wed", "every 3 days"] { #expect(english.contains(row), "\(english)") }
        #expect(try sandbox.ok("list", extra: ["LANG": "ja_JP.UTF-8"]).contains("週2回"))
        try sandbox.expectFailure(["add", "Run", "--days", "werktags"], mentioning: "invalid days \"werktags\"")
        // The ledger's kinds too; in English, the names --kind takes.
        try sandbox.ok("done", "walk")
        #expect(try sandbox.ok("ledger", extra: german).contains("  +10 DD  Quest-Belohnung  "))
        #expect(try sandbox.ok("ledger").contains("  +10 DD  quest-reward  "))
        try sandbox.ok("undo", "walk")
        let log = try sandbox.ok("log", extra: german)
        #expect(log.contains("    Quest-Belohnung ") && log.contains("    Rücknahme "), "\(log)")
    }

    /// Terminal cells: East Asian wide characters take two.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        var escape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                escape = true
                continue
            }
            if escape {
                if scalar.properties.isAlphabetic { escape = false }
                continue
            }
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let wide =
                (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value)
            width += wide ? 2 : 1
        }
        return width
    }
}
