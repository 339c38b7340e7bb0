/// A wall-clock time of day with minute precision, such as `07:30`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0–1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` (24-hour; `7:05` is accepted too).
    public static func parse(_ text: String) throws(QuestsError) -> TimeOfDay {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = LocalDay.number(ArraySlice(parts[0].utf8)),
              let minute = LocalDay.number(ArraySlice(parts[1].utf8)),
              let time = TimeOfDay(hour: hour, minute: minute)
        else { throw .invalidTime(text) }
        return time
    }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)!

    /// `HH:MM`.
    public var description: String {
        // Written in place, digit by digit (a board's every row shows a time): the minutes are 0–1439.
        String(unsafeUninitializedCapacity: 5) { text in
            let hour = minutes / 60, minute = minutes % 60
            text[0] = UInt8(ascii: "0") + UInt8(hour / 10)
            text[1] = UInt8(ascii: "0") + UInt8(hour % 10)
            text[2] = UInt8(ascii: ":")
            text[3] = UInt8(ascii: "0") + UInt8(minute / 10)
            text[4] = UInt8(ascii: "0") + UInt8(minute % 10)
            return 5
        }
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }
}
