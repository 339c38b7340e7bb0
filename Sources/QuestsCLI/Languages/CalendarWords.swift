import QuestsCore

/// A language's names of weekdays and months, how it writes a day and a month, and how it groups digits:
/// from CLDR, read at build time (Languages/ and the EmbedMessages plugin), so no locale data loads at run
/// time.
struct CalendarWords: Sendable {
    /// Monday first: `Montag` … `Sonntag`.
    let weekdays: [String]
    /// Monday first, as a calendar's column heading: `Mo.`, `lun.`, `月`.
    let shortWeekdays: [String]
    /// January first, standing alone (`November`, `novembre`, `11月`).
    let months: [String]
    /// Abbreviated: `Nov`, `nov.`, `11月`.
    let shortMonths: [String]
    /// CLDR's pattern for a day in digits (`d.M.y`); English keeps ISO days (`y-MM-dd`).
    let dayPattern: String
    /// CLDR's pattern for a month of a year (`MMMM y`, `y年M月`).
    let monthPattern: String
    /// Between groups of three digits: `,` `.` a narrow no-break space.
    let groupingSeparator: String
    /// Between a number's whole part and its fraction: `.` `,`.
    let decimalSeparator: String
    /// Whether four digits are grouped too (Spanish writes `1234` but `12.345`).
    let groupsFourDigits: Bool
    /// A percentage, `{0}` the number: `{0}%`, `{0} %`.
    let percentPattern: String

    func weekday(_ day: Weekday) -> String { weekdays[day.rawValue - 1] }

    func shortWeekday(_ day: Weekday) -> String { shortWeekdays[day.rawValue - 1] }

    /// `day` in digits: `2026-11-21`, `21.11.2026`, `2026/11/21`.
    func day(_ day: LocalDay) -> String { format(dayPattern, day) }

    /// A month of a year: `November 2026`, `novembre 2026`, `2026年11月`.
    func month(_ month: Month) -> String { format(monthPattern, month.first) }

    /// `value` with its digits grouped: `1,234`, `1.234`, `12 345`.
    func number(_ value: Int) -> String {
        // No language groups fewer than four digits.
        guard value.magnitude >= 1000 else { return String(value) }
        let digits = Array(String(value.magnitude).utf8)
        guard digits.count > 4 || groupsFourDigits else { return String(value) }
        var result: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += groupingSeparator.utf8 }
            result.append(digit)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `value` as a percentage: `80%`, `80 %`.
    func percent(_ value: Int) -> String { Message.fill(percentPattern, [number(value)]) }

    /// `day` written by a CLDR date pattern: letters are fields (`y`, `M`…`MMMM`, `L`…`LLLL`, `d`, `dd`,
    /// `E`…`EEEE`), text in single quotes is literal, anything else is itself.
    func format(_ pattern: String, _ day: LocalDay) -> String {
        let parts = day.components
        // Over UTF-8 bytes: a pattern's fields are ASCII letters; other bytes are copied as they are.
        let source = Array(pattern.utf8)
        var result: [UInt8] = []
        var index = 0
        func append(_ text: String) { result += text.utf8 }
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "'") {
                if index + 1 < source.count, source[index + 1] == byte {
                    result.append(byte)
                    index += 2
                    continue
                }
                let end = source[(index + 1)...].firstIndex(of: byte) ?? source.count
                result += source[(index + 1)..<end]
                index = end + 1
                continue
            }
            var count = 1
            while index + count < source.count, source[index + count] == byte { count += 1 }
            index += count
            switch (Unicode.Scalar(byte), count) {
            case ("y", 2): append(String(parts.year % 100).leftPadded(to: 2))
            case ("y", _): append(String(parts.year))
            case ("M", 1), ("L", 1): append(String(parts.month))
            case ("M", 2), ("L", 2): append(String(parts.month).leftPadded(to: 2))
            case ("M", 3), ("L", 3): append(shortMonths[parts.month - 1])
            case ("M", _), ("L", _): append(months[parts.month - 1])
            case ("d", 1): append(String(parts.day))
            case ("d", _): append(String(parts.day).leftPadded(to: 2))
            case ("E", 4...), ("c", 4...): append(weekday(day.weekday))
            case ("E", _), ("c", _): append(shortWeekday(day.weekday))
            default: result += source[(index - count)..<index]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
