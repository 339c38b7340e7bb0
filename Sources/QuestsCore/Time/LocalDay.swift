/// A calendar day in the user's own time zone, such as `2026-11-21`.
///
/// Stored as a count of days since 1970-01-01 so that day arithmetic and weekday
/// lookups are plain integer maths (proleptic Gregorian calendar).
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is day 0).
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// The day with this year, month (1–12) and day of month, or nil when no such day exists.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(month: month, year: year) else {
            return nil
        }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `YYYY-MM-DD`; nil for anything else, including impossible dates such as `2026-02-30`.
    public init?(_ text: some StringProtocol) {
        guard let day = Self.parse(Array(text.utf8)) else { return nil }
        self = day
    }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.allCases[index]
    }

    /// The first day of the week that holds this day, in weeks that start on `weekStart`.
    public func firstDayOfWeek(startingOn weekStart: Weekday) -> LocalDay {
        adding(days: -weekday.daysSince(weekStart))
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(dayNumber: dayNumber + count)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int {
        other.dayNumber - dayNumber
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` as UTF-8.
    public func append(to bytes: inout [UInt8]) {
        let (year, month, day) = components
        if (0...9999).contains(year) {
            // The common case, appended at once: a store's and a backup's days are written by the hundred thousand.
            Self.appendText(year: year, month: month, day: day, to: &bytes)
            return
        }
        Self.appendPadded(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendPadded(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendPadded(day, width: 2, to: &bytes)
    }

    /// Appends `YYYY-MM-DD` as UTF-8, for a year from 0 through 9999 (its ten bytes from a tuple: an
    /// array literal would be allocated for each day).
    @inline(__always)
    static func appendText(year: Int, month: Int, day: Int, to bytes: inout [UInt8]) {
        let text = (
            digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10), UInt8(ascii: "-"),
            digit(month / 10), digit(month % 10), UInt8(ascii: "-"), digit(day / 10), digit(day % 10)
        )
        withUnsafeBytes(of: text) { bytes.append(contentsOf: $0) }
    }

    /// The decimal digit for `value`, from 0 through 9.
    @inline(__always)
    static func digit(_ value: Int) -> UInt8 {
        UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes: a document's, or a database column's where they lie (it is
    /// inlinable so that the caller's kind of bytes is read directly, with no copy and no generic calls).
    @inlinable
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> LocalDay?
    where Bytes.Index == Int {
        guard text.count == 10 else { return nil }
        let start = text.startIndex
        guard text[start + 4] == UInt8(ascii: "-"), text[start + 7] == UInt8(ascii: "-"),
            let year = number(text[start..<start + 4]), let month = number(text[start + 5..<start + 7]),
            let day = number(text[start + 8..<start + 10])
        else { return nil }
        return LocalDay(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` as `parse` does, faster for days read in order (years of a store's days): a
    /// day of the same month as the one read before it is found from its day of the month alone.
    public struct Reader {
        /// The first eight bytes (`YYYY-MM-`) of the last day parsed whole, as one number; 0 before the first.
        @usableFromInline var monthPrefix: UInt64 = 0
        /// The day before the first of that month, and the month's length.
        @usableFromInline var monthBase = 0
        @usableFromInline var monthLength = 0

        public init() {}

        /// Parses `YYYY-MM-DD` as `LocalDay.parse` does.
        @inlinable
        public mutating func parse<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> LocalDay?
        where Bytes.Index == Int {
            guard text.count == 10 else { return nil }
            let start = text.startIndex
            let prefix = text[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) }
            if prefix == monthPrefix {
                // (Before the first day, no text matches: the month's length is 0 and none is in range.)
                guard let dayOfMonth = LocalDay.number(text[start + 8..<start + 10]), dayOfMonth >= 1,
                    dayOfMonth <= monthLength
                else { return nil }
                return LocalDay(dayNumber: monthBase + dayOfMonth)
            }
            guard let day = LocalDay.parse(text) else { return nil }
            let (year, month, dayOfMonth) = day.components
            monthPrefix = prefix
            monthBase = day.dayNumber - dayOfMonth
            monthLength = LocalDay.daysIn(month: month, year: year)
            return day
        }
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    @usableFromInline
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The decimal number `digits` spell (0 when empty), or nil when any byte is not a digit.
    @inlinable
    static func number<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Appends `value` in decimal, zero-padded to `width` digits.
    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        guard value >= 0, value < divisor * 10 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
