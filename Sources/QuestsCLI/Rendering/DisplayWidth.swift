/// Text measured, cut and wrapped in terminal cells, so that columns line up and nothing wraps: emoji and
/// CJK characters take two cells, combining marks none, ANSI styling none.
enum DisplayWidth {
    /// How many terminal cells `text` takes.
    static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) || oneCellMarks.contains($0.value) }) {
            return text.unicodeScalars.count
        }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                // An escape sequence ends with a letter (`ESC [ 1 m`).
                if character != "[", let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += cells(character)
        }
        return width
    }

    /// `text` (plain, unstyled) cut to at most `width` cells, ending in "…" when it was shortened.
    static func truncate(_ text: String, to width: Int) -> String {
        // No character takes more cells than its UTF-8 bytes: a text of `width` bytes or fewer fits as it is.
        guard text.utf8.count > width, of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let size = cells(character)
            if used + size > width - 1 { break }
            result.append(character)
            used += size
        }
        return result.trimmingTrailingSpaces() + "…"
    }

    /// `text`, which may carry ANSI styling, cut to at most `width` cells: its escape sequences are kept (they
    /// take no cells), and a cut one ends in "…" with the styling reset.
    static func truncateStyled(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        var inEscape = false
        for character in text {
            if inEscape || character == "\u{1B}" {
                result.append(character)
                if character != "\u{1B}", character != "[", let ascii = character.asciiValue,
                    (0x40...0x7E).contains(ascii)
                {
                    inEscape = false
                } else if character == "\u{1B}" {
                    inEscape = true
                }
                continue
            }
            let size = cells(character)
            if used + size > width - 1 { break }
            result.append(character)
            used += size
        }
        return result + "…" + (text.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }

    /// `text` cut to `width` cells and padded with spaces to exactly that width.
    static func fit(_ text: String, _ width: Int) -> String {
        pad(truncate(text, to: width), width)
    }

    /// `text` padded with spaces to `width` cells.
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// `text` right-aligned in `width` cells.
    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - of(text))) + text
    }

    /// `text` (plain) broken into lines of at most `width` cells: at spaces, and after any wide character,
    /// as Japanese and Chinese break between ideographs; a word longer than a line is cut.
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            // The word's pieces: it may break after each wide character.
            var pieces: [String] = []
            var piece = ""
            for character in word {
                piece.append(character)
                if cells(character) == 2 {
                    pieces.append(piece)
                    piece = ""
                }
            }
            if !piece.isEmpty { pieces.append(piece) }
            for (index, piece) in pieces.enumerated() {
                let space = index == 0 && !line.isEmpty ? 1 : 0
                let pieceWidth = of(piece)
                if !line.isEmpty, lineWidth + space + pieceWidth > width {
                    lines.append(line)
                    (line, lineWidth) = (piece, pieceWidth)
                } else {
                    line += (space == 1 ? " " : "") + piece
                    lineWidth += space + pieceWidth
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { truncate($0, to: width) }
    }

    /// `text`, a hint that ends in a command to type (`… : quests focus add "…"`), fitted to `width`: as it is
    /// when it fits, else its words wrapped and the command on a line of its own, indented and never broken
    /// (a command wider than the terminal is wrapped by the terminal, and copies whole).
    static func hint(_ text: String, width: Int) -> [String] {
        guard of(text) > width, let command = text.range(of: "quests ") else { return wrap(text, to: width) }
        return wrap(String(text[..<command.lowerBound]), to: width) + ["  " + text[command.lowerBound...]]
    }

    /// `lead` (which may carry styling) then `text` wrapped to fit `width` cells, each further line indented
    /// as far as `lead` reaches: a label and its text in a column of their own.
    static func hanging(_ lead: String, _ text: String, width: Int) -> [String] {
        let indent = of(lead)
        let lines = wrap(text, to: max(width - indent, 10))
        guard let first = lines.first else { return [lead] }
        return [lead + first] + lines.dropFirst().map { String(repeating: " ", count: indent) + $0 }
    }

    /// The marks the views draw with (· – … █ ░ ▲ ▼ ★): one cell each, and each its own character (none
    /// joins a neighbour, as printable ASCII does not), so a text of these and printable ASCII is measured
    /// without Unicode tables, one cell a scalar.
    private static let oneCellMarks: Set<UInt32> = [0xB7, 0x2013, 0x2026, 0x2588, 0x2591, 0x25B2, 0x25BC, 0x2605]

    /// Whether `text` is only printable ASCII, one cell a byte: most text, measured without Unicode tables.
    static func isPrintableASCII(_ text: String) -> Bool {
        // Over the bytes in place when the string has them (native and small strings do): a loop over the
        // UTF-8 view costs several times more a byte, on every row of every board.
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { (0x20..<0x7F).contains($0) } }
            ?? text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
    }

    /// The cells one character takes.
    private static func cells(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") || isWide(first.value) { return 2 }
        return 1
    }

    /// East Asian wide and fullwidth blocks: CJK, Hangul, kana, fullwidth forms, emoji pictographs.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
