/// Parses the days users type after `--date`: `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, or a
/// weekday name meaning the most recent such day (today included).
public enum DayReference {
    /// The day `text` names, relative to `today`; `today` itself when `text` is nil.
    public static func parse(_ text: String?, today: LocalDay) throws(QuestsError) -> LocalDay {
        guard let text else { return today }
        let trimmed = text.trimmingWhitespace().lowercased()
        switch trimmed {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let day = LocalDay(trimmed) { return day }
        if let weekday = Weekday(name: trimmed) {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -back)
        }
        throw .invalidDay(text)
    }
}
