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
        var text: [UInt8] = []
        text.reserveCapacity(5)
        LocalDay.appendPadded(minutes / 60, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        LocalDay.appendPadded(minutes % 60, width: 2, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }
}
