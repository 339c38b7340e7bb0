/// A day of the week, Monday first (ISO 8601 order).
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The seven weekdays in the order of a week that starts on `start`.
    public static func week(startingOn start: Weekday) -> [Weekday] {
        (0..<7).map { allCases[(start.rawValue - 1 + $0) % 7] }
    }

    /// How many days this weekday comes after `start` in a week that starts on `start`: 0 through 6.
    public func daysSince(_ start: Weekday) -> Int {
        (rawValue - start.rawValue + 7) % 7
    }

    /// Lowercase full name: `monday` … `sunday`. Spelled out: `String(describing:)` would reflect on the
    /// type at run time, which costs more than the whole board at start-up.
    public var lowercaseName: String {
        switch self {
        case .monday: return "monday"
        case .tuesday: return "tuesday"
        case .wednesday: return "wednesday"
        case .thursday: return "thursday"
        case .friday: return "friday"
        case .saturday: return "saturday"
        case .sunday: return "sunday"
        }
    }

    /// Three-letter lowercase name: `mon` … `sun`.
    public var shortName: String {
        String(lowercaseName.prefix(3))
    }

    /// Accepts a full name or any prefix of at least three letters, in any case (`mon`, `Tues`, `friday`).
    public init?(name text: String) {
        let lowered = text.lowercased()
        guard lowered.count >= 3, let match = Weekday.allCases.first(where: { $0.lowercaseName.hasPrefix(lowered) })
        else { return nil }
        self = match
    }
}

/// The set of weekdays a quest runs on, stored as a 7-bit mask (bit 0 = Monday).
public struct WeekdaySet: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue & 0x7F
    }

    public init(_ day: Weekday) {
        self.init(rawValue: 1 << (day.rawValue - 1))
    }

    public init(_ days: [Weekday]) {
        self.init(rawValue: days.reduce(0) { $0 | WeekdaySet($1).rawValue })
    }

    public static let daily = WeekdaySet(rawValue: 0x7F)
    public static let weekdays = WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday])
    public static let weekends = WeekdaySet([.saturday, .sunday])

    /// Whether `day` is in the set.
    public func contains(_ day: Weekday) -> Bool {
        contains(WeekdaySet(day))
    }

    /// The days in the set, Monday first.
    public var days: [Weekday] {
        Weekday.allCases.filter { contains($0) }
    }

    /// Parses `daily`, `weekdays`, `weekends`, or a comma-separated list of day names (`mon,wed,fri`).
    public static func parse(_ text: String) throws(QuestsError) -> WeekdaySet {
        let trimmed = text.trimmingWhitespace().lowercased()
        switch trimmed {
        case "daily", "every day", "everyday", "all": return .daily
        case "weekdays": return .weekdays
        case "weekends": return .weekends
        default: break
        }
        var set = WeekdaySet()
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmingWhitespace()
            guard let day = Weekday(name: name) else { throw .invalidWeekdays(text) }
            set.insert(WeekdaySet(day))
        }
        guard !set.isEmpty else { throw .invalidWeekdays(text) }
        return set
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
