import FoundationEssentials

/// Formats and parses moments as ISO 8601 text, for storage and for the `QUESTS_NOW` setting.
public enum Timestamp {
    /// `2026-11-21T07:30:00Z`: the UTC instant, to the second.
    public static func utcString(_ moment: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendUTC(moment, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the `utcString` form as UTF-8.
    public static func appendUTC(_ moment: Date, to bytes: inout [UInt8]) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        let day = LocalDay(dayNumber: seconds.floorDiv(86_400))
        let secondOfDay = seconds - day.dayNumber * 86_400
        let (year, month, dayOfMonth) = day.components
        if (0...9999).contains(year) {
            // The common case, appended at once: stores and backups hold moments by the hundred thousand.
            let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
            LocalDay.appendText(year: year, month: month, day: dayOfMonth, to: &bytes)
            let time = (
                UInt8(ascii: "T"), LocalDay.digit(hour / 10), LocalDay.digit(hour % 10), UInt8(ascii: ":"),
                LocalDay.digit(minute / 10), LocalDay.digit(minute % 10), UInt8(ascii: ":"),
                LocalDay.digit(second / 10), LocalDay.digit(second % 10), UInt8(ascii: "Z")
            )
            withUnsafeBytes(of: time) { bytes.append(contentsOf: $0) }
            return
        }
        day.append(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        LocalDay.appendPadded(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        LocalDay.appendPadded(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        LocalDay.appendPadded(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses exactly the `utcString` form.
    public static func parseUTC(_ text: String) -> Date? {
        parseUTC(Array(text.utf8))
    }

    /// Parses exactly the `utcString` form from UTF-8 bytes (inlinable as `LocalDay.parse` is).
    @inlinable
    public static func parseUTC<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> Date? where Bytes.Index == Int {
        guard text.count == 20 else { return nil }
        let start = text.startIndex
        guard text[start + 10] == UInt8(ascii: "T"), text[start + 13] == UInt8(ascii: ":"),
            text[start + 16] == UInt8(ascii: ":"), text[start + 19] == UInt8(ascii: "Z"),
            let day = LocalDay.parse(text[start..<start + 10]),
            let hour = LocalDay.number(text[start + 11..<start + 13]),
            let minute = LocalDay.number(text[start + 14..<start + 16]),
            let second = LocalDay.number(text[start + 17..<start + 19]), hour < 24, minute < 60, second < 60
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Parses an ISO 8601 date-time: `2026-11-21T08:30`, `2026-11-21T08:30:15`, optionally followed by
    /// `Z` or an offset such as `+01:00`. Without an offset it is a wall-clock time in `zone`: the first
    /// of two when the hour repeats, and in a skipped hour as if the clocks had not changed yet.
    public static func parse(_ text: String, zone: Zone) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let day = LocalDay(String(decoding: bytes[0..<10], as: UTF8.self)),
            bytes[13] == UInt8(ascii: ":"),
            let hour = LocalDay.number(bytes[11..<13]), let minute = LocalDay.number(bytes[14..<16]),
            hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard bytes.count >= 19, let parsed = LocalDay.number(bytes[17..<19]), parsed < 60 else { return nil }
            second = parsed
            index = 19
        }
        let rest = bytes[index...]
        var offsetSeconds: Int?
        if rest.isEmpty {
            offsetSeconds = nil
        } else if rest.elementsEqual("Z".utf8) {
            offsetSeconds = 0
        } else if rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
            rest[rest.startIndex + 3] == UInt8(ascii: ":"),
            let hours = LocalDay.number(rest[(rest.startIndex + 1)..<(rest.startIndex + 3)]),
            let minutes = LocalDay.number(rest[(rest.startIndex + 4)..<(rest.startIndex + 6)]),
            hours < 24, minutes < 60
        {
            let magnitude = hours * 3600 + minutes * 60
            offsetSeconds = rest.first == UInt8(ascii: "-") ? -magnitude : magnitude
        } else {
            return nil
        }
        let localSeconds = day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        if let offsetSeconds {
            return Date(timeIntervalSince1970: TimeInterval(localSeconds - offsetSeconds))
        }
        return Date(timeIntervalSince1970: TimeInterval(zone.instant(atWallClock: localSeconds)))
    }

    /// `parse(_:zone:)` in `calendar`'s time zone.
    public static func parse(_ text: String, calendar: Calendar) -> Date? {
        parse(text, zone: Zone(calendar.timeZone))
    }
}
