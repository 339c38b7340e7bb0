/// A day as users name it after `--date`, parsed once at the edge and resolved against today inside the
/// use case: `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, or a weekday name meaning the most recent
/// such day (today included).
public enum DayReference: Sendable, Hashable {
    case today, yesterday, tomorrow
    case date(LocalDay)
    /// The most recent such weekday, today included.
    case last(Weekday)
    /// The next such weekday, today included.
    case next(Weekday)

    /// Parses what a user typed; refuses anything that names no day. A weekday name is the last one (today
    /// included) for a command that looks back, such as completing; the next one for a command that plans
    /// ahead (`ahead`), such as a vacation.
    public init(_ text: String, ahead: Bool = false) throws(QuestsError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        switch trimmed {
        case "today": self = .today
        case "yesterday": self = .yesterday
        case "tomorrow": self = .tomorrow
        default:
            if let day = LocalDay(trimmed) {
                self = .date(day)
            } else if let weekday = Weekday(name: trimmed) {
                self = ahead ? .next(weekday) : .last(weekday)
            } else {
                throw .invalidDay(text)
            }
        }
    }

    /// Parses optional text: nothing typed means today.
    public init(_ text: String?) throws(QuestsError) {
        guard let text else {
            self = .today
            return
        }
        try self.init(text)
    }

    /// The day this names, relative to `today`.
    public func day(today: LocalDay) -> LocalDay {
        switch self {
        case .today: today
        case .yesterday: today.adding(days: -1)
        case .tomorrow: today.adding(days: 1)
        case .date(let day): day
        case .last(let weekday): today.adding(days: -today.weekday.daysSince(weekday))
        case .next(let weekday): today.adding(days: weekday.daysSince(today.weekday))
        }
    }
}
