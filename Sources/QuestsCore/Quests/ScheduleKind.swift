/// How often a quest is due: on fixed weekdays, every N days, or a number of times per week or month on
/// any days the user likes (a *flexible* quest; see `DayRule`).
public enum ScheduleKind: Hashable, Sendable, CustomStringConvertible {
    /// On the schedule's weekdays.
    case weekdays
    /// Every `days` days counted from `from`; nil until the schedule is applied, when it becomes the day it
    /// takes effect (`Schedule.anchored(at:)`).
    case every(days: Int, from: LocalDay?)
    /// `times` completions in each period, on any days.
    case quota(times: Int, per: QuotaPeriod)

    /// The longest interval `--every` takes.
    public static let maximumInterval = 366

    /// The quota of a flexible quest; nil for fixed ones.
    public var quota: (times: Int, per: QuotaPeriod)? {
        if case .quota(let times, let per) = self { return (times, per) }
        return nil
    }

    /// The text backups keep and `parse` reads: `weekdays`, `3/week`, `8/month` or `every 3 from 2026-11-02`.
    public var description: String {
        switch self {
        case .weekdays: return "weekdays"
        case .quota(let times, let per): return "\(times)/\(per.rawValue)"
        case .every(let days, let from): return "every \(days)" + (from.map { " from \($0)" } ?? "")
        }
    }

    /// Reads `description`'s text back; nil for anything else, or an out-of-range number.
    public static func parse(_ text: String) -> ScheduleKind? {
        if text == "weekdays" { return .weekdays }
        // The store reads every schedule on every command: `N/week` and `N/month` as written here are read
        // without the trimming and splitting user input needs (which still reads anything else).
        if let slash = text.utf8.firstIndex(of: UInt8(ascii: "/")), let times = Int(text[..<slash]),
            let period = QuotaPeriod(rawValue: String(text[text.index(after: slash)...])),
            (1...period.maximumTimes).contains(times)
        {
            return .quota(times: times, per: period)
        }
        // An `every` schedule is never a quota: it skips the quota parser's failure.
        if !text.hasPrefix("every "), let quota = try? ScheduleDays.parseQuota(text) { return quota }
        // Words split on the space byte: splitting on the Character " " would cost more than the rest of
        // reading the schedule (a stored kind is ASCII, and the parsers below refuse anything else).
        let words = text.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
        guard words.count == 4, words[0] == "every", words[2] == "from",
            let days = try? Schedule.parseInterval(words[1]),
            let from = LocalDay(words[3])
        else { return nil }
        return .every(days: days, from: from)
    }
}

/// The period a flexible quest's quota counts over.
public enum QuotaPeriod: String, Hashable, Sendable, CaseIterable {
    /// Seven days from the `week-start` setting's weekday.
    case week
    /// A calendar month.
    case month

    /// The most completions a period can hold (one per day).
    public var maximumTimes: Int { self == .week ? 7 : 31 }

    /// The days of the period that holds `day`.
    public func days(containing day: LocalDay, weekStart: Weekday) -> ClosedRange<LocalDay> {
        switch self {
        case .week:
            let first = day.firstDayOfWeek(startingOn: weekStart)
            return first...first.adding(days: 6)
        case .month:
            let (year, month, dayOfMonth) = day.components
            let first = day.adding(days: 1 - dayOfMonth)
            return first...first.adding(days: LocalDay.daysIn(month: month, year: year) - 1)
        }
    }
}

/// What `--days` (and a pack's `days`) says: fixed weekdays, or a quota per week or month.
public struct ScheduleDays: Hashable, Sendable {
    public var kind: ScheduleKind
    /// The weekdays of a `.weekdays` schedule; every day otherwise.
    public var weekdays: WeekdaySet

    public init(kind: ScheduleKind = .weekdays, weekdays: WeekdaySet = .daily) {
        self.kind = kind
        self.weekdays = weekdays
    }

    /// Parses weekdays (`daily`, `weekdays`, `weekends`, `mon,wed,fri`) or a quota (`3/week`, `8/month`).
    public static func parse(_ text: String) throws(QuestsError) -> ScheduleDays {
        if text.contains("/") { return ScheduleDays(kind: try parseQuota(text)) }
        return ScheduleDays(weekdays: try WeekdaySet.parse(text))
    }

    /// Parses `N/week` (N from 1 to 7) or `N/month` (1 to 31).
    static func parseQuota(_ text: String) throws(QuestsError) -> ScheduleKind {
        let parts = text.trimmingWhitespace().lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let period = QuotaPeriod(rawValue: String(parts[1]).trimmingWhitespace()),
            let times = Int(String(parts[0]).trimmingWhitespace())
        else { throw .invalidWeekdays(text) }
        guard (1...period.maximumTimes).contains(times) else {
            throw .invalidQuota(text, maximum: period.maximumTimes, period: period.rawValue)
        }
        return .quota(times: times, per: period)
    }

    /// `schedule` with these days.
    public func applied(to schedule: Schedule) -> Schedule {
        var result = schedule
        result.kind = kind
        result.weekdays = weekdays
        return result
    }
}

extension Schedule {
    /// Parses the N of `--every N`: a whole number of days from 1 to `ScheduleKind.maximumInterval`.
    public static func parseInterval(_ text: String) throws(QuestsError) -> Int {
        guard let days = Int(text.trimmingWhitespace()), (1...ScheduleKind.maximumInterval).contains(days) else {
            throw .invalidInterval(text)
        }
        return days
    }

    /// This schedule as applied from `day`: an `every` schedule without a first day counts from `day`.
    public func anchored(at day: LocalDay) -> Schedule {
        guard case .every(let days, nil) = kind else { return self }
        var result = self
        result.kind = .every(days: days, from: day)
        return result
    }
}
