import QuestsCore
import Synchronization

/// Every human-facing sentence quests prints, worded in the chosen language: one typed function per
/// message, generated from the English catalog `Languages/quests.pot` (see CONTRIBUTING.md). Machine output
/// (`--json`, bar formats, `.ics`, backups, sync files) never goes through it.
enum Message {
    /// The message at `index` with `arguments` (already worded) in its placeholders.
    static func text(_ index: Int, _ arguments: [String]) -> String {
        let forms = Catalog.language.messages(index)
        return fill(forms.first ?? Catalog.en.forms(index)[0], arguments)
    }

    /// The form of the plural message at `index` that `count` takes in the chosen language.
    static func plural(_ index: Int, _ count: Int, _ arguments: [String]) -> String {
        let language = Catalog.language
        let forms = language.messages(index)
        if forms.isEmpty {
            return fill(Catalog.en.forms(index)[count == 1 ? 0 : 1], arguments)
        }
        let form = Catalog.pluralForm(language.code, count)
        return fill(forms[min(max(form, 0), forms.count - 1)], arguments)
    }

    /// The message keyed `key` in the catalog, for words chosen by data; nil for an unknown key or one whose
    /// message has placeholders.
    static func keyed(_ key: String) -> String? {
        Catalog.keys.position(of: key).map { text(Int(Catalog.keyedMessages[$0]), []) }
    }

    /// The plural message keyed `key` for `count`, for counts chosen by data; nil for an unknown key or one
    /// whose message has other placeholders than the count.
    static func keyed(_ key: String, count: Int) -> String? {
        Catalog.countedKeys.position(of: key).map { plural(Int(Catalog.countedMessages[$0]), count, [number(count)]) }
    }

    /// A whole number grouped as the language writes it: `1,234` (English), `1.234` (German).
    static func number(_ value: Int) -> String {
        Catalog.language.calendar.number(value)
    }

    /// `template` with `{0}`, `{1}`… replaced by `arguments`, `{{` and `}}` by single braces. Over UTF-8
    /// bytes in an array, a type every command already uses: walking a string's views would look their
    /// generic types up at run time on first use, which costs more than the board's rows.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        let source = Array(template.utf8)
        guard source.contains(open) || source.contains(close) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(source.count + 32)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == open || byte == close, index + 1 < source.count, source[index + 1] == byte {
                // `{{` or `}}`: one brace.
                result.append(byte)
                index += 2
                continue
            }
            if byte == open, let end = source[index...].firstIndex(of: close), end > index + 1,
                let position = ASCIIDigits.number(source[(index + 1)..<end]), arguments.indices.contains(position)
            {
                result += arguments[position].utf8
                index = end + 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// The messages of every language quests speaks (generated), and the one chosen for this run.
enum Catalog {
    /// A language's code (`de`), messages and calendar words.
    struct Language: Sendable {
        let code: String
        /// A message's forms by its index; none when the language leaves it untranslated.
        let messages: @Sendable (Int) -> [String]
        let calendar: CalendarWords

        init(code: String) {
            self.code = code
            if code == PseudoLanguage.code {
                messages = PseudoLanguage.forms
                calendar = PseudoLanguage.calendar
            } else {
                let table = Catalog.messages(code)
                messages = { table.forms($0) }
                calendar = Catalog.calendar(code)
            }
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

/// Texts laid end to end in one literal, as the EmbedMessages plugin writes the catalog: data, where a
/// table of strings would be code that builds each one. Text `i` is the UTF-8 from where text `i - 1` ends
/// up to `ends[i]`.
struct PackedTexts: Sendable {
    let text: StaticString
    let ends: [UInt32]

    var count: Int { ends.count }

    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return UnsafeBufferPointer(start: text.utf8Start + start, count: Int(ends[index]) - start)
    }

    /// The forms of message `index` (ASCII's unit separator, U+001F, between two); none when the language
    /// leaves it untranslated.
    func forms(_ index: Int) -> [String] {
        guard ends.indices.contains(index), !self[index].isEmpty else { return [] }
        return self[index].split(separator: 0x1F, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Where `key` is among these texts, which are in byte order; nil when it is not.
    func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            var (low, high) = (0, count)
            while low < high {
                let middle = (low + high) / 2
                let entry = self[middle]
                if entry.elementsEqual(wanted) { return middle }
                if entry.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }
}
