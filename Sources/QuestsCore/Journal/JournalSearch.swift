/// `journal --search`: which entries hold every word searched for, ignoring case and accents in every
/// language quests speaks (`cafe` finds `Café`, `strasse` finds `Straße`, `ｑｕｅｓｔ` finds `quest`).
public enum JournalSearch {
    /// The words of `query`, folded; empty when it has none.
    public static func words(_ query: String) -> [String] {
        query.split(whereSeparator: \.isWhitespace).map { fold(String($0)) }.filter { !$0.isEmpty }
    }

    /// Whether `text` holds every one of `words` (folded, as `words` gives them).
    public static func matches(_ text: String, words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        let folded = fold(text)
        return words.allSatisfy { folded.contains($0) }
    }

    /// `text` lowercased, with its letters' accents dropped (canonical decomposition without the combining
    /// marks), `ß` as `ss`, the Latin ligatures spelled out and full-width Latin letters and digits as
    /// plain ones. Kana keep their marks (`か` and `が` are other sounds) and Chinese characters stay as
    /// they are.
    public static func fold(_ text: String) -> String {
        var folded = ""
        folded.unicodeScalars.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let first = scalars.first {
                if let spelled = spelledOut[first] {
                    folded += spelled
                } else if let base = Self.bases[character] {
                    folded.unicodeScalars.append(base)
                } else if (0xFF01...0xFF5E).contains(first.value), let plain = Unicode.Scalar(first.value - 0xFEE0) {
                    folded += String(plain).lowercased()
                } else {
                    folded.unicodeScalars.append(first)
                }
                continue
            }
            // Already decomposed: the base and its marks, of which only the base is kept (a letter with two
            // marks, precomposed with one, is found through the table by its first scalar and that mark).
            for scalar in scalars where !isDroppedMark(scalar) { folded.unicodeScalars.append(scalar) }
        }
        return folded
    }

    /// A combining mark folding drops: every nonspacing mark but the kana voicing marks.
    private static func isDroppedMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .nonspacingMark && !(0x3099...0x309A).contains(scalar.value)
    }

    /// Letters that decompose into nothing shorter, or not canonically, spelled as their plain letters.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ﬁ": "fi", "ﬂ": "fl",
    ]

    /// Each precomposed Latin letter with one combining mark (`é`, `ñ`, `ü`, `ç`…), to its plain letter.
    /// Swift compares characters by canonical equivalence, so `e` followed by U+0301 is the key `é` finds:
    /// the table is the canonical decomposition of those letters, made without a normalization library.
    private static let bases: [Character: Unicode.Scalar] = {
        var table: [Character: Unicode.Scalar] = [:]
        for base in Unicode.Scalar("a").value...Unicode.Scalar("z").value {
            guard let letter = Unicode.Scalar(base) else { continue }
            for mark in 0x0300...0x036F {
                guard let combining = Unicode.Scalar(mark) else { continue }
                var composed = String(letter)
                composed.unicodeScalars.append(combining)
                if let character = composed.first, composed.count == 1 { table[character] = letter }
            }
        }
        return table
    }()
}
