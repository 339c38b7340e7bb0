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
        let digits = String(value.magnitude)
        var text = value < 0 ? "-" : ""
        guard digits.count > 4 || (digits.count == 4 && groupsFourDigits) else { return text + digits }
        // A separator before every group of three digits but the first.
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text += groupingSeparator }
            text.append(digit)
        }
        return text
    }

    /// `value` as a percentage: `80%`, `80 %`.
    func percent(_ value: Int) -> String { Message.fill(percentPattern, [number(value)]) }

    /// `day` written by a CLDR date pattern: letters are fields (`y`, `M`…`MMMM`, `L`…`LLLL`, `d`, `dd`,
    /// `E`…`EEEE`), text in single quotes is literal, anything else is itself.
    func format(_ pattern: String, _ day: LocalDay) -> String {
        let parts = day.components
        var result = ""
        var characters = pattern[...]
        while let character = characters.first {
            if character == "'" {
                characters.removeFirst()
                if characters.first == "'" {
                    result.append("'")
                    characters.removeFirst()
                    continue
                }
                let literal = characters.prefix { $0 != "'" }
                // `append(contentsOf:)` of a substring, not `+=`, whose generic form looks its types up at run
                // time (about 270,000 instructions, as much as the rest of the board's day line).
                result.append(contentsOf: literal)
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            let run = characters.prefix { $0 == character }
            characters = characters.dropFirst(run.count)
            switch (character, run.count) {
            case ("y", 2): result += String(parts.year % 100).leftPadded(to: 2)
            case ("y", _): result += String(parts.year)
            case ("M", 1), ("L", 1): result += String(parts.month)
            case ("M", 2), ("L", 2): result += String(parts.month).leftPadded(to: 2)
            case ("M", 3), ("L", 3): result += shortMonths[parts.month - 1]
            case ("M", _), ("L", _): result += months[parts.month - 1]
            case ("d", 1): result += String(parts.day)
            case ("d", _): result += String(parts.day).leftPadded(to: 2)
            case ("E", 4...), ("c", 4...): result += weekday(day.weekday)
            case ("E", _), ("c", _): result += shortWeekday(day.weekday)
            default: result.append(contentsOf: run)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
