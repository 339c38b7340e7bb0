import Foundation
import QuestsCore

/// What a user types in their own language, read as the English the core parses: relative days (`heute`,
/// `ayer`, `明日`) and weekday names (`Freitag`, `vie`, `金曜日`). English always works as well.
enum LocalInput {
    /// `text` as the core's day reference reads it: a local relative day or weekday name becomes its
    /// English word; anything else is left as typed.
    static func day(_ text: String) -> String {
        let typed = folded(text)
        guard !typed.isEmpty else { return text }
        for (words, english) in [
            (Message.inputToday, "today"), (Message.inputYesterday, "yesterday"), (Message.inputTomorrow, "tomorrow"),
        ] where words.split(separator: ",").contains(where: { folded(String($0)) == typed }) {
            return english
        }
        return weekday(typed).map(\.lowercaseName) ?? text
    }

    /// Whether `answer` to a `[y/N]` question says yes: `y` or `yes`, or the language's own (`ja`, `oui`).
    static func isYes(_ answer: String) -> Bool {
        let typed = folded(answer)
        return ["y", "yes"].contains(typed)
            || Message.inputYes.split(separator: ",").contains { folded(String($0)) == typed }
    }

    /// `--days` as the core reads it: each comma-separated local weekday name becomes its English one.
    static func weekdays(_ text: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let english = parts.map { part in weekday(folded(String(part))).map(\.shortName) ?? String(part) }
        return english.joined(separator: ",")
    }

    /// The weekday a local name means: the whole name or its CLDR abbreviation, in any case, with or
    /// without its accents and final period (`mié`, `mie`, `Mo.`, `mo`).
    static func weekday(_ typed: String) -> Weekday? {
        let words = Catalog.language.calendar
        return Weekday.allCases.first { day in
            [words.weekday(day), words.shortWeekday(day)].map(folded).contains(typed)
        }
    }

    /// `text` lowercased, trimmed, without accents and a final period.
    static func folded(_ text: String) -> String {
        var result = text.lowercased().trimmingCharacters(in: .whitespaces)
        if result.hasSuffix(".") { result.removeLast() }
        return result.folding(options: .diacriticInsensitive, locale: nil)
    }
}

extension DayReference {
    /// The day a user typed after `--date` (or `--from`, `--to`…), in English or in their own language;
    /// nothing typed means today.
    init(typed text: String?, ahead: Bool = false) throws(QuestsError) {
        guard let text else {
            self = .today
            return
        }
        try self.init(LocalInput.day(text), ahead: ahead)
    }
}
