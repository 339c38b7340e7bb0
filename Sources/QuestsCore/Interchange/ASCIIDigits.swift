/// Whole numbers written in ASCII digits, read from bytes: a sync file's name, a message's placeholder.
public enum ASCIIDigits {
    /// The number `digits` spell, nil when one of them is not an ASCII digit (or there are none).
    public static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
