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
        ] where isOne(of: words, typed) {
            return english
        }
        return weekday(typed).map(\.lowercaseName) ?? text
    }

    /// Whether `answer` to a `[y/N]` question says yes: `y` or `yes`, or the language's own (`ja`, `oui`).
    static func isYes(_ answer: String) -> Bool {
        let typed = folded(answer)
        return ["y", "yes"].contains(typed)
            || isOne(of: Message.inputYes, typed)
    }

    /// `--days` as the core reads it: the language's words for every day, weekdays and weekends
    /// (`werktags`), its week and month after `N/` (`2/woche`), and each comma-separated local weekday name
    /// become their English ones.
    static func weekdays(_ text: String) -> String {
        let typed = folded(text)
        for (words, english) in [
            (Message.inputDaily, "daily"), (Message.inputWeekdays, "weekdays"), (Message.inputWeekends, "weekends"),
        ] where isOne(of: words, typed) {
            return english
        }
        if let slash = typed.firstIndex(of: "/") {
            let period = String(typed[typed.index(after: slash)...])
            for (words, english) in [(Message.inputWeek, "week"), (Message.inputMonth, "month")]
            where isOne(of: words, period) {
                return typed[..<slash] + "/" + english
            }
            return text
        }
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

    /// Whether `typed` (folded) is one of the comma-separated `words`.
    private static func isOne(of words: String, _ typed: String) -> Bool {
        words.split(separator: ",").contains { folded(String($0)) == typed }
    }

    /// `text` lowercased, trimmed, without accents and a final period.
    static func folded(_ text: String) -> String {
        var result = text.lowercased().trimmingSpaces()
        if result.hasSuffix(".") { result.removeLast() }
        return withoutDiacritics(result)
    }

    /// `text` as Foundation's `folding(options: .diacriticInsensitive, locale: nil)` folds it, from its
    /// tables read at build time: a letter with marks becomes its base letter (`é`, `ǖ`: `e`, `u`), and a
    /// mark after a letter is dropped (`e` + U+0301: `e`). (After a letter of another script than Latin,
    /// Greek and Cyrillic, such as `か` + U+3099, Foundation keeps some marks that this drops.)
    static func withoutDiacritics(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterLetter = false
        for scalar in text.unicodeScalars {
            let dropped = isDropped(scalar)
            if dropped, afterLetter { continue }
            result.append(bases[scalar.value].flatMap(Unicode.Scalar.init) ?? scalar)
            // A mark after NUL or U+200C (zero width non-joiner) is kept, as Foundation keeps it.
            if !dropped { afterLetter = !["\u{0}", "\u{200C}"].contains(scalar) }
        }
        return String(result)
    }

    private static let bases = Dictionary(uniqueKeysWithValues: Catalog.diacriticBases)

    /// Whether folding drops `scalar` after a letter: a binary search of `Catalog.droppedMarks`.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let ranges = Catalog.droppedMarks
        var (low, high) = (0, ranges.count)
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar.value)
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
