import FoundationEssentials

/// An amount of a counted or limit quest (8 glasses, 2.5 km): a number ≥ 0 with up to three decimals, kept
/// exactly as thousandths, never as floating point.
public struct Amount: Hashable, Comparable, Sendable {
    /// The amount in thousandths (2.5 is 2500).
    public let thousandths: Int

    /// The amount of `thousandths` thousandths; nil when it is negative or above `maximum`.
    public init?(thousandths: Int) {
        guard (0...Self.maximum.thousandths).contains(thousandths) else { return nil }
        self.thousandths = thousandths
    }

    /// The amount nearest `units` (another tracker's `2.5`), rounded to thousandths; nil when it is negative,
    /// not a number, or above `maximum`.
    public init?(rounding units: Double) {
        let thousandths = (units * 1000).rounded()
        guard thousandths.isFinite, thousandths >= 0, thousandths <= Double(Self.maximum.thousandths) else {
            return nil
        }
        self.thousandths = Int(thousandths)
    }

    private init(exactly thousandths: Int) { self.thousandths = thousandths }

    public static let zero = Amount(exactly: 0)
    /// One unit: what `done QUEST` records without an amount.
    public static let one = Amount(exactly: 1000)
    /// The largest amount an entry, a day's total, a target or a limit may be: a billion units, far from the
    /// store's integer limit however many entries a day adds up.
    public static let maximum = Amount(exactly: 1_000_000_000_000)

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.thousandths < rhs.thousandths }

    /// `lhs + rhs`; nil when it is above `maximum`.
    public static func adding(_ lhs: Amount, _ rhs: Amount) -> Amount? {
        Amount(thousandths: lhs.thousandths + rhs.thousandths)
    }

    /// Parses `text`, a number ≥ 0 with up to three decimals after `.` or `decimalSeparator` (`2.5`, `2,5`);
    /// refuses anything else, and more than `maximum`.
    public static func parse(_ text: String, decimalSeparator: Character = ".") throws(QuestsError) -> Amount {
        let typed = text.trimmingWhitespace()
        var whole = 0
        var fraction = 0
        var decimals = 0
        var seenSeparator = false
        var digits = 0
        for character in typed {
            if character == "." || character == decimalSeparator {
                guard !seenSeparator else { throw .invalidAmount(text) }
                seenSeparator = true
                continue
            }
            guard let digit = character.asciiDigit else { throw .invalidAmount(text) }
            digits += 1
            if seenSeparator {
                decimals += 1
                guard decimals <= 3 else { throw .amountTooPrecise(text) }
                fraction = fraction * 10 + digit
            } else {
                // Past the maximum's digits it can only be too large: stop before the integer overflows.
                guard whole <= maximum.thousandths / 1000 else { throw .amountTooLarge(text) }
                whole = whole * 10 + digit
            }
        }
        guard digits > 0 else { throw .invalidAmount(text) }
        while decimals < 3 {
            fraction *= 10
            decimals += 1
        }
        guard whole <= maximum.thousandths / 1000, let amount = Amount(thousandths: whole * 1000 + fraction) else {
            throw .amountTooLarge(text)
        }
        return amount
    }

    /// The amount in digits with `decimalSeparator` and no trailing zeros: `8`, `2.5`, `0,125`.
    public func text(decimalSeparator: String = ".") -> String {
        let whole = String(thousandths / 1000)
        var fraction = thousandths % 1000
        guard fraction != 0 else { return whole }
        var places = 3
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        let digits = String(fraction)
        return whole + decimalSeparator + String(repeating: "0", count: places - digits.count) + digits
    }
}

extension Character {
    /// The value of an ASCII digit; nil for any other character (other scripts' digits included).
    fileprivate var asciiDigit: Int? {
        guard let value = asciiValue, (48...57).contains(value) else { return nil }
        return Int(value - 48)
    }
}
