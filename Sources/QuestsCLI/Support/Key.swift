/// A key the interactive board acts on.
enum Key: Equatable {
    case up, down, complete, completeEarly, skip, undo, help, quit
    /// One more for a counted or limit quest (`+`).
    case addOne

    /// The keys in bytes read from a terminal in raw mode: ↑/↓ (`ESC [ A`, `ESC [ B`, or `ESC O A/B` in
    /// application mode), j/k, space or enter, e (early), s (skip), u, +, ?, q, and a lone Esc (one that ends the bytes or is followed
    /// by another Esc). Other keys, escape sequences and Alt-combinations are skipped.
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x1B else {
                switch byte {
                case UInt8(ascii: "k"): keys.append(.up)
                case UInt8(ascii: "j"): keys.append(.down)
                case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"): keys.append(.complete)
                case UInt8(ascii: "e"): keys.append(.completeEarly)
                case UInt8(ascii: "s"): keys.append(.skip)
                case UInt8(ascii: "u"): keys.append(.undo)
                case UInt8(ascii: "+"): keys.append(.addOne)
                case UInt8(ascii: "?"): keys.append(.help)
                case UInt8(ascii: "q"): keys.append(.quit)
                default: break
                }
                continue
            }
            guard index < bytes.count, bytes[index] != 0x1B else {
                keys.append(.quit)
                continue
            }
            let introducer = bytes[index]
            index += 1
            guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { continue }
            // Parameters, then one final byte (0x40...0x7E) that names the key.
            while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "A"): keys.append(.up)
            case UInt8(ascii: "B"): keys.append(.down)
            default: break
            }
            index += 1
        }
        return keys
    }
}
