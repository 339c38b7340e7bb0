import QuestsCore

/// User text made safe to print: control characters (escape sequences, carriage returns...), bidirectional
/// overrides and invisible characters (zero-width spaces and joiners, byte order marks...) removed.
enum Sanitized {
    /// `text` without control, bidi-override or invisible characters; newlines and tabs become spaces so
    /// it stays on one line. A zero-width joiner inside an emoji sequence (👩‍💻) is kept.
    static func line(_ text: String) -> String {
        if DisplayWidth.isPrintableASCII(text) { return text }
        var result = String.UnicodeScalarView()
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                if scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control {
                    result.append(" ")
                }
            case .format:
                // Invisible: zero-width spaces, joiners, marks, bidi overrides and isolates, BOM, tags...
                if scalar == zeroWidthJoiner, let previous = result.last,
                    isPictograph(previous) || previous == "\u{FE0F}",
                    index != scalars.endIndex, isPictograph(scalars[index])
                {
                    result.append(scalar)
                }
            default:
                // Other characters that render as nothing (Hangul fillers, combining grapheme joiner...);
                // variation selectors stay, they choose how an emoji is drawn.
                if scalar.properties.isDefaultIgnorableCodePoint && !isVariationSelector(scalar) { continue }
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// An argument-parser message with the input it quotes in single quotes (`the value 'kkkk…' is invalid
    /// for '--days <days>'`) cut to a readable length, so a huge argument never makes a huge line. Only a
    /// quoted part that comes from one of `arguments` is cut, never the message's own words.
    static func cuttingQuotedInput(_ message: String, arguments: [String]) -> String {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated().map { part in
            let text = String(part.element)
            let isLongInput =
                !part.offset.isMultiple(of: 2) && text.unicodeScalars.count > UserText.quoteLimit
                && arguments.contains { $0.contains(text) }
            return isLongInput ? UserText.cut(text) : text
        }.joined(separator: "'")
    }

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }
}
