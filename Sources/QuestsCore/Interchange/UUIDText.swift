import FoundationEssentials

/// UUIDs as their 36-character text (`7C9E6679-7425-40DE-944B-E07FC1F90AE7`), read and written straight
/// from and to bytes: backups hold hundreds of thousands of them.
public enum UUIDText {
    /// The value of each byte as a hex digit, 255 for bytes that are not one.
    @usableFromInline static let hexValues: [UInt8] = (0..<256).map { JSONReader.hexValue(UInt8($0)) ?? 255 }

    /// Parses the text form, either case; nil for anything else (inlinable as `LocalDay.parse` is).
    @inlinable
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> UUID? where Bytes.Index == Int {
        guard text.count == 36 else { return nil }
        let start = text.startIndex
        guard text[start + 8] == UInt8(ascii: "-"), text[start + 13] == UInt8(ascii: "-"),
            text[start + 18] == UInt8(ascii: "-"),
            text[start + 23] == UInt8(ascii: "-")
        else { return nil }
        // Each digit's value is below 16; any other byte's is 255, which `invalid` collects.
        var invalid: UInt8 = 0
        func byte(_ offset: Int) -> UInt8 {
            let high = hexValues[Int(text[start + offset])]
            let low = hexValues[Int(text[start + offset + 1])]
            invalid |= high | low
            return high << 4 | low
        }
        let uuid = (
            byte(0), byte(2), byte(4), byte(6), byte(9), byte(11), byte(14), byte(16),
            byte(19), byte(21), byte(24), byte(26), byte(28), byte(30), byte(32), byte(34)
        )
        return invalid < 16 ? UUID(uuid: uuid) : nil
    }

    /// Parses the text form in `text`, either case, as `parse` does (Foundation's `UUID(uuidString:)` scans
    /// it with `sscanf`).
    public static func parse(_ text: String) -> UUID? { parse(Array(text.utf8)) }

    /// The uppercase text form, the same as `uuidString`.
    public static func text(_ uuid: UUID) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        append(uuid, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A UUID's 128 bits as two numbers, its first byte the highest: they compare as its bytes do, and as
    /// its text form does (the text is the bytes' hex digits in order, and the digits' order is their values').
    static func bits(_ uuid: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            (
                UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// Whether `lhs`'s text form sorts before `rhs`'s (`lhs.uuidString < rhs.uuidString`), compared without
    /// making either.
    public static func precedes(_ lhs: UUID, _ rhs: UUID) -> Bool {
        bits(lhs) < bits(rhs)
    }

    /// Appends the uppercase text form (the same as `uuidString`, which formats through `snprintf`), made
    /// whole first and appended at once.
    public static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            var position = 0
            withUnsafeBytes(of: uuid.uuid) { raw in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = upperHexDigit(byte >> 4)
                    text[position + 1] = upperHexDigit(byte & 0x0F)
                    position += 2
                }
            }
            bytes.append(contentsOf: text)
        }
    }

    /// The uppercase hex digit of `value`, below 16.
    private static func upperHexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
