/// qps, the pseudo-language, for tests that find unworded text: every English message with its letters
/// accented and 40% longer, in brackets (`Today` → `[Ŧöđåý ··]`), and English's calendar words accented.
/// Made from the English catalog when chosen, so the binary carries no second copy of it.
enum PseudoLanguage {
    /// The code that chooses it (`LANG=qps`).
    static let code = "qps"

    /// The forms of the English message `index`, each made pseudo.
    @Sendable static func forms(_ index: Int) -> [String] { Catalog.en.forms(index).map(pseudo) }

    /// English's calendar words, accented.
    static var calendar: CalendarWords {
        let english = Catalog.calendar("en")
        return CalendarWords(
            weekdays: english.weekdays.map(accented), shortWeekdays: english.shortWeekdays.map(accented),
            months: english.months.map(accented), shortMonths: english.shortMonths.map(accented),
            dayPattern: english.dayPattern, monthPattern: english.monthPattern,
            groupingSeparator: english.groupingSeparator, decimalSeparator: english.decimalSeparator,
            groupsFourDigits: english.groupsFourDigits, percentPattern: english.percentPattern)
    }

    /// An accented Latin letter for each letter of English.
    private static let accents: [Character: Character] = [
        "a": "å", "b": "ƀ", "c": "ç", "d": "đ", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
        "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ŧ",
        "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Đ",
        "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ",
        "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ŧ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ",
        "Y": "Ý", "Z": "Ž",
    ]

    /// `text` with every letter accented: `Friday` → `Ƒŕîđåý`.
    static func accented(_ text: String) -> String { String(text.map { accents[$0] ?? $0 }) }

    /// `text` with every letter outside placeholders (`{0}`) accented, 40% longer, in brackets.
    static func pseudo(_ text: String) -> String {
        var result = ""
        var inPlaceholder = false
        var letters = 0
        for character in text {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder {
                result.append(character)
            } else if let accented = accents[character] {
                result.append(accented)
                letters += 1
            } else {
                result.append(character)
            }
            if character == "}" { inPlaceholder = false }
        }
        guard letters > 0 else { return text }
        return "[" + result + " " + String(repeating: "·", count: max(1, letters * 2 / 5)) + "]"
    }
}
