import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI

/// The message catalog: every language has the English messages' placeholders and its plural forms, its
/// plural rule is CLDR's, its files are valid for gettext's own tools, and the language is chosen as
/// gettext chooses it.
@Suite struct CatalogTests {
    /// The positions `{0}`, `{1}`… a compiled message uses.
    static func positions(_ text: String) -> Set<String> {
        var found = Set<String>()
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            if after.first == "{" {
                rest = after.dropFirst()
                continue
            }
            guard let close = after.firstIndex(of: "}") else { break }
            found.insert(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return found
    }

    @Test func everyTranslationUsesTheEnglishPlaceholders() {
        for code in Catalog.codes.dropFirst() {
            let table = Catalog.table(code)
            #expect(table.count == Catalog.count)
            for (index, english) in Catalog.table("en").enumerated() {
                let expected = english.map(Self.positions).reduce(Set(), { $0.union($1) })
                for form in table[index] {
                    // A form may leave out the count (`one` says "a day"), never put in what English lacks.
                    let used = Self.positions(form)
                    #expect(used.isSubset(of: expected), "\(code): \(form) against \(english[0])")
                    if english.count == 1 { #expect(used == expected, "\(code): \(form) against \(english[0])") }
                }
            }
        }
    }

    @Test func everyMessageIsTranslatedInEveryLanguage() {
        for code in Catalog.codes.dropFirst() {
            let table = Catalog.table(code)
            let missing = Catalog.table("en").indices.filter { table[$0].isEmpty || table[$0].contains("") }
            #expect(missing.isEmpty, "\(code) lacks: \(missing.map { Catalog.en.forms($0)[0] }.prefix(10))")
        }
    }

    @Test func aKeyFindsItsMessageWhenTheMessageHasNoPlaceholders() {
        for position in 0..<Catalog.keys.count {
            let key = String(decoding: Catalog.keys[position], as: UTF8.self)
            #expect(Message.keyed(key) == Message.text(Int(Catalog.keyedMessages[position]), []), "\(key)")
        }
        #expect(Message.keyed("achievement-completions-1") == "First Step")
        for key in ["", "achievement-", "achievement-completions-1-summary-", "details-streak", "zzz"] {
            #expect(Message.keyed(key) == nil, "\(key)")
        }
    }

    @Test func aKeyWithACountFindsItsPluralMessageWhenTheCountIsItsOnlyPlaceholder() {
        for position in 0..<Catalog.countedKeys.count {
            let key = String(decoding: Catalog.countedKeys[position], as: UTF8.self)
            let index = Int(Catalog.countedMessages[position])
            #expect(Message.keyed(key, count: 3) == Message.plural(index, 3, ["3"]), "\(key)")
        }
        #expect(Message.keyed("backup-quests", count: 1) == "1 quest")
        #expect(Message.keyed("backup-quests", count: 1_234) == "1,234 quests")
        for key in ["", "backup-", "backup-quests-", "achievement-completions-1", "zzz"] {
            #expect(Message.keyed(key, count: 2) == nil, "\(key)")
        }
    }

    @Test func thePseudoLanguageAccentsEnglishOutsidePlaceholdersAndMakesItLonger() {
        #expect(PseudoLanguage.pseudo("Today {0}") == "[Ŧöđåý {0} ··]")
        #expect(PseudoLanguage.pseudo("{{0}} 42") == "{{0}} 42")  // no letter: as it is
        #expect(PseudoLanguage.calendar.weekdays.first == "Ṁöñđåý")
        for index in 0..<Catalog.count {
            #expect(PseudoLanguage.forms(index).count == Catalog.en.forms(index).count)
        }
    }

    @Test func pluralMessagesHaveEachLanguagesNumberOfForms() {
        for code in Catalog.codes {
            for (index, english) in Catalog.table("en").enumerated() where english.count > 1 {
                let forms = Catalog.table(code)[index]
                #expect(forms.isEmpty || forms.count == Catalog.pluralCount(code), "\(code) \(english[0])")
            }
        }
    }

    /// The numbers CLDR's rules for our languages tell apart: 0, 1, 2, the teens, round millions.
    static let samples = Array(0...120) + [1_000, 1_001, 100_000, 1_000_000, 2_000_000, 1_000_001, 21_000_000]

    @Test func pluralRulesAreCLDRs() throws {
        // Babel carries CLDR's plural rules as gettext Plural-Forms; Python's gettext evaluates them.
        let script = """
            import sys, gettext
            from babel.messages.plurals import get_plural
            for code in sys.argv[1:]:
                rule = gettext.c2py(get_plural(code).plural_expr)
                print(code, get_plural(code).num_plurals, *(rule(n) for n in [\(Self.samples.map(String.init).joined(separator: ","))]))
            """
        let output = try Self.python(script, arguments: Catalog.codes)
        let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == Catalog.codes.count)
        for line in lines {
            let code = line[0]
            #expect(Int(line[1]) == Catalog.pluralCount(code), "\(code)")
            let ours = Self.samples.map { String(Catalog.pluralForm(code, $0)) }
            #expect(Array(line.dropFirst(2)) == ours, "\(code)")
        }
    }

    @Test func catalogFilesPassGettextsChecks() throws {
        let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Languages")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".po") || $0.hasSuffix(".pot") }
        #expect(files.count == Catalog.codes.count)
        for file in files {
            let result = try Self.run(
                "/usr/bin/msgfmt", ["--check", "-o", "/dev/null", folder.appending(path: file).path])
            #expect(result.status == 0, "\(file): \(result.output)")
        }
    }

    @Test(
        arguments: [
            // (LC_ALL, LC_MESSAGES, LANG, LANGUAGE, configured) → language
            ([nil, nil, "de_DE.UTF-8", nil, nil], "de"),
            (["fr_FR.UTF-8", nil, "de_DE.UTF-8", nil, nil], "fr"),
            ([nil, "ja_JP.UTF-8", "de_DE.UTF-8", nil, nil], "ja"),
            (["", "", "es_ES", nil, nil], "es"),
            ([nil, nil, "C", nil, nil], "en"),
            ([nil, nil, "C.UTF-8", "de", nil], "en"),  // gettext ignores LANGUAGE under the C locale
            ([nil, nil, "POSIX", nil, nil], "en"),
            ([nil, nil, nil, nil, nil], "en"),
            ([nil, nil, "en_US.UTF-8", "pt_BR:fr:de", nil], "fr"),  // the first with a translation
            ([nil, nil, "it_IT.UTF-8", nil, nil], "en"),  // no Italian: English, without a warning
            ([nil, nil, "zh_CN.UTF-8", nil, nil], "zh"),
            ([nil, nil, "zh_TW.UTF-8", nil, nil], "en"),  // Traditional Chinese is not shipped
            ([nil, nil, "zh_TW.UTF-8", "zh_TW:ja", nil], "ja"),
            ([nil, nil, "de_AT.UTF-8@euro", nil, nil], "de"),
            ([nil, nil, "de_DE.UTF-8", nil, "ja"], "ja"),  // config language overrides
            ([nil, nil, "C", nil, "es"], "es"),
        ] as [([String?], String)])
    func theLanguageIsChosenAsGettextChoosesIt(variables: [String?], expected: String) {
        let names = ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]
        let values = Dictionary(
            uniqueKeysWithValues: zip(names, variables.prefix(4)).compactMap { name, value in
                value.map { (name, $0) }
            })
        let environment = Environment { values[$0] }
        #expect(LanguageChoice.code(configured: variables[4], environment: environment) == expected)
    }

    @Test func numbersAndDaysAreWrittenAsEachLanguageWritesThem() {
        let day = LocalDay("2026-11-27")!
        let expected: [String: (day: String, weekday: String, number: String, month: String)] = [
            "en": ("2026-11-27", "Friday", "12,345", "November 2026"),
            "de": ("27.11.2026", "Freitag", "12.345", "November 2026"),
            "es": ("27/11/2026", "viernes", "12.345", "noviembre de 2026"),
            "fr": ("27/11/2026", "vendredi", "12\u{202F}345", "novembre 2026"),
            "ja": ("2026/11/27", "金曜日", "12,345", "2026年11月"),
            "zh": ("2026/11/27", "星期五", "12,345", "2026年11月"),
        ]
        for (code, words) in expected {
            let calendar = Catalog.calendar(code)
            #expect(calendar.day(day) == words.day, "\(code)")
            #expect(calendar.weekday(day.weekday) == words.weekday, "\(code)")
            #expect(calendar.number(12_345) == words.number, "\(code)")
            #expect(calendar.month(Month(containing: day)) == words.month, "\(code)")
        }
        // Spanish groups four digits only from five on, as CLDR says.
        #expect(Catalog.calendar("es").number(1_234) == "1234")
        #expect(Catalog.calendar("de").number(-1_234) == "-1.234")
    }

    static func python(_ script: String, arguments: [String]) throws -> String {
        let result = try run("/usr/bin/env", ["python3", "-c", script] + arguments)
        guard result.status == 0 else { throw CatalogTestFailure(result.output) }
        return result.output
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct CatalogTestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension Catalog {
    /// Every message of the language `code`, in index order.
    static func table(_ code: String) -> [[String]] { (0..<count).map(messages(code).forms) }
}
