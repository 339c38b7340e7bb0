import Synchronization

/// Every human-facing sentence quests prints, worded in the chosen language: one typed function per
/// message, generated from the English catalog `Languages/quests.pot` (see CONTRIBUTING.md). Machine output
/// (`--json`, bar formats, `.ics`, backups, sync files) never goes through it.
enum Message {
    /// The message at `index` with `arguments` (already worded) in its placeholders.
    static func text(_ index: Int, _ arguments: [String]) -> String {
        let language = Catalog.language
        let forms = language.table[index]
        return fill(forms.first ?? Catalog.en[index][0], arguments)
    }

    /// The form of the plural message at `index` that `count` takes in the chosen language.
    static func plural(_ index: Int, _ count: Int, _ arguments: [String]) -> String {
        let language = Catalog.language
        let forms = language.table[index]
        if forms.isEmpty {
            return fill(Catalog.en[index][count == 1 ? 0 : 1], arguments)
        }
        let form = Catalog.pluralForm(language.code, count)
        return fill(forms[min(max(form, 0), forms.count - 1)], arguments)
    }

    /// A whole number grouped as the language writes it: `1,234` (English), `1.234` (German).
    static func number(_ value: Int) -> String {
        Catalog.language.calendar.number(value)
    }

    /// `template` with `{0}`, `{1}`… replaced by `arguments`, `{{` and `}}` by single braces.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        func isBrace(_ scalar: Unicode.Scalar) -> Bool { scalar == "{" || scalar == "}" }
        guard template.utf8.contains(UInt8(ascii: "{")) || template.utf8.contains(UInt8(ascii: "}")) else {
            return template
        }
        var result = ""
        var rest = template.unicodeScalars[...]
        // The text up to each brace goes over whole.
        while let brace = rest.firstIndex(where: isBrace) {
            result += String(rest[..<brace])
            let scalar = rest[brace]
            rest = rest[rest.index(after: brace)...]
            if rest.first == scalar {
                rest.removeFirst()
                result.unicodeScalars.append(scalar)
            } else if scalar == "{", let end = rest.firstIndex(of: "}"),
                let position = Int(String(rest[..<end])), arguments.indices.contains(position)
            {
                result += arguments[position]
                rest = rest[rest.index(after: end)...]
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + String(rest)
    }
}

/// The messages of every language quests speaks (generated), and the one chosen for this run.
enum Catalog {
    /// A language's code (`de`), messages and calendar words.
    struct Language: Sendable {
        let code: String
        let table: [[String]]
        let calendar: CalendarWords

        init(code: String) {
            self.code = code
            table = Catalog.table(code)
            calendar = Catalog.calendar(code)
        }
    }

    private static let chosen = Mutex(Language(code: "en"))

    /// The language messages are worded in: English until `choose` says otherwise.
    static var language: Language { chosen.withLock { $0 } }

    /// Words every following message in the language `code` (one of `codes`, or `qps`).
    static func choose(_ code: String) {
        guard code != language.code else { return }
        let language = Language(code: code)
        chosen.withLock { $0 = language }
    }
}
