import FoundationEssentials

/// Writes JSON straight into UTF-8 bytes, with commas placed for the caller.
///
/// Containers are either compact (`{"a":1,"b":2}`) or one element per line, which keeps a backup of
/// ten years readable and diff-friendly: one record per line.
public struct JSONWriter {
    /// How a container lays out its elements.
    public enum Layout: Sendable {
        case compact
        case lines
    }

    private struct Container {
        let layout: Layout
        var count = 0
    }

    /// The document so far.
    public private(set) var bytes: [UInt8] = []
    private var containers: [Container] = []
    private var afterKey = false

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject(_ layout: Layout = .compact) {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        containers.append(Container(layout: layout))
    }

    public mutating func endObject() {
        end(UInt8(ascii: "}"))
    }

    public mutating func beginArray(_ layout: Layout = .compact) {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        containers.append(Container(layout: layout))
    }

    public mutating func endArray() {
        end(UInt8(ascii: "]"))
    }

    /// A field name quoted once, for a key written once per record of a long list.
    public struct QuotedKey: Sendable {
        fileprivate let bytes: [UInt8]

        public init(_ key: String) {
            var writer = JSONWriter(capacity: key.utf8.count + 2)
            writer.appendQuoted(key)
            bytes = writer.bytes
        }
    }

    /// Writes a field name; the next value written is its value.
    public mutating func key(_ key: String) {
        separate()
        appendQuoted(key)
        endKey()
    }

    /// Writes a field name quoted beforehand; the next value written is its value.
    public mutating func key(_ key: QuotedKey) {
        separate()
        bytes.append(contentsOf: key.bytes)
        endKey()
    }

    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if containers.last?.layout == .lines { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func string(_ text: String) {
        beginValue()
        appendQuoted(text)
    }

    public mutating func int(_ value: Int) {
        beginValue()
        appendDigits(value)
    }

    /// Writes an amount as a JSON number in its digits (`8`, `2.5`).
    public mutating func amount(_ value: Amount) {
        beginValue()
        bytes.append(contentsOf: value.text().utf8)
    }

    public mutating func bool(_ value: Bool) {
        beginValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        beginValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes a UUID in its uppercase text form.
    public mutating func uuid(_ value: UUID) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        UUIDText.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a day as `YYYY-MM-DD`.
    public mutating func day(_ value: LocalDay) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        value.append(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a moment as UTC text to the second, `2026-11-21T07:30:00Z`.
    public mutating func timestamp(_ moment: Date) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        Timestamp.appendUTC(moment, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Ends the document with a newline.
    public mutating func finish() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: - Layout

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else {
            separate()
        }
    }

    private mutating func separate() {
        guard let last = containers.indices.last else { return }
        if containers[last].count > 0 { bytes.append(UInt8(ascii: ",")) }
        containers[last].count += 1
        if containers[last].layout == .lines { newline(indent: containers.count) }
    }

    private mutating func end(_ closing: UInt8) {
        guard let container = containers.popLast() else { return }
        if container.layout == .lines, container.count > 0 { newline(indent: containers.count) }
        bytes.append(closing)
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private mutating func appendDigits(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `text` quoted, escaping what JSON must: the bytes between escapes are copied in runs.
    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where Self.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscaped(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether JSON text escapes `byte`: a quote, a backslash or a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends the escape of `byte` (`needsEscape`).
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
            ])
        }
    }
}
