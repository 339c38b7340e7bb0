import Foundation

/// UUIDs as their 36-character text (`7C9E6679-7425-40DE-944B-E07FC1F90AE7`), read and written straight
/// from and to bytes: backups hold hundreds of thousands of them.
public enum UUIDText {
    /// The value of each byte as a hex digit, 255 for bytes that are not one.
    private static let hexValues: [UInt8] = (0..<256).map { JSONReader.hexValue(UInt8($0)) ?? 255 }

    /// Parses the text form, either case; nil for anything else.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
              text[23] == UInt8(ascii: "-") else { return nil }
        return hexValues.withUnsafeBufferPointer { hexValues -> UUID? in
            // Each digit's value is below 16; any other byte's is 255, which `invalid` collects.
            var invalid: UInt8 = 0
            func byte(_ offset: Int) -> UInt8 {
                let high = hexValues[Int(text[offset])], low = hexValues[Int(text[offset + 1])]
                invalid |= high | low
                return high << 4 | low
            }
            let uuid = (byte(0), byte(2), byte(4), byte(6), byte(9), byte(11), byte(14), byte(16),
                        byte(19), byte(21), byte(24), byte(26), byte(28), byte(30), byte(32), byte(34))
            return invalid < 16 ? UUID(uuid: uuid) : nil
        }
    }

    /// Whether `lhs`'s text form sorts before `rhs`'s (`lhs.uuidString < rhs.uuidString`), compared byte by
    /// byte without making either: the text is the bytes' hex digits in order, and the digits' order is
    /// their values'.
    public static func precedes(_ lhs: UUID, _ rhs: UUID) -> Bool {
        withUnsafeBytes(of: lhs.uuid) { left in
            withUnsafeBytes(of: rhs.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    /// Appends the uppercase text form (the same as `uuidString`).
    public static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        // Written into 36 bytes first and appended at once: one capacity check, not 36.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            withUnsafeBytes(of: uuid.uuid) { raw in
                var offset = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[offset] = UInt8(ascii: "-")
                        offset += 1
                    }
                    text[offset] = digit(raw[index] >> 4)
                    text[offset + 1] = digit(raw[index] & 0x0F)
                    offset += 2
                }
            }
            bytes.append(contentsOf: text)
        }
    }

    /// The uppercase hex digit for `value` (0 through 15).
    @inline(__always)
    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "A") &+ (value &- 10)
    }
}
