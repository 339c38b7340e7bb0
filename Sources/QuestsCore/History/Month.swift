/// A calendar month, such as 2026-11: what `quests log` and `quests stats` group and compare by.
public struct Month: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1–12.
    public let month: Int

    /// The month `day` falls in.
    public init(containing day: LocalDay) {
        let components = day.components
        year = components.year
        month = components.month
    }

    /// Parses `YYYY-MM`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let first = LocalDay(year: year, month: month, day: 1)
        else { return nil }
        self.init(containing: first)
    }

    /// The parsed `text`, or the error naming it.
    public static func parse(_ text: String) throws(QuestsError) -> Month {
        guard let month = Month(text) else { throw .invalidMonth(text) }
        return month
    }

    public var first: LocalDay {
        // Every month (1–12) has a first day.
        guard let first = LocalDay(year: year, month: month, day: 1) else {
            preconditionFailure("month \(month) out of range")
        }
        return first
    }
    public var last: LocalDay { next.first.adding(days: -1) }
    public var previous: Month { Month(containing: first.adding(days: -1)) }
    public var next: Month { Month(containing: first.adding(days: 31)) }

    public var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }

    public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
