/// A line of text built as UTF-8 bytes: many short pieces appended without the bookkeeping of a `String`
/// append each (a board's rows are thirty pieces or more apiece).
struct TextBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The text, as a `String`.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many terminal cells the text takes (`DisplayWidth.of`).
    var width: Int { DisplayWidth.of(bytes[...]) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        // Through a buffer of the bytes: over the UTF-8 view, an append costs several times more.
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: TextBytes) {
        bytes.append(contentsOf: other.bytes)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// `count` spaces (none when it is not positive).
    mutating func appendSpaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
    }

    /// What `body` appends, padded with spaces to `width` cells, on the right (`DisplayWidth.pad`) or, when
    /// `left`, on the left (`DisplayWidth.padLeft`).
    mutating func append(padded width: Int, left: Bool = false, _ body: (inout TextBytes) -> Void) {
        let start = bytes.count
        body(&self)
        let missing = width - DisplayWidth.of(bytes[start...])
        guard missing > 0 else { return }
        if left {
            bytes.insert(contentsOf: repeatElement(0x20, count: missing), at: start)
        } else {
            appendSpaces(missing)
        }
    }
}
