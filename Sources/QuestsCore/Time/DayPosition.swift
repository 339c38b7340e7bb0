import FoundationEssentials

/// Where a moment falls among the user's quest days: which day it counts for, and how far into it.
///
/// A quest day runs from the `dayStart` wall-clock time to the same time the next calendar day, so with
/// a day start of 03:00 a moment at 01:30 still belongs to the previous day. Positions are wall-clock
/// minutes, so on DST days a quest at 02:30 opens when the clock shows 02:30 (or after the gap).
public struct DayPosition: Hashable, Sendable {
    /// The quest day the moment counts for.
    public let day: LocalDay
    /// Wall-clock minutes since the start of `day` (0 at the day start).
    public let minutesIntoDay: Int

    public init(day: LocalDay, minutesIntoDay: Int) {
        self.day = day
        self.minutesIntoDay = minutesIntoDay
    }

    /// The position of `moment` in `zone`, with days starting at `dayStart`.
    ///
    /// Positions never go back: after the clocks fall back, the position stays at the furthest wall-clock
    /// minute (and day) reached so far, so a quest that opened stays open and a day that began stays begun.
    public init(moment: Date, zone: Zone, dayStart: TimeOfDay = .midnight) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        var position = DayPosition(wallClockAt: seconds, zone: zone, dayStart: dayStart)
        for change in zone.transitions(in: (seconds - Zone.window + 1)...seconds) {
            let before = DayPosition(wallClockAt: change - 1, zone: zone, dayStart: dayStart)
            if (before.day, before.minutesIntoDay) > (position.day, position.minutesIntoDay) { position = before }
        }
        self = position
    }

    /// The position of `moment` in `calendar`'s time zone, with days starting at `dayStart`.
    public init(moment: Date, calendar: Calendar, dayStart: TimeOfDay = .midnight) {
        self.init(moment: moment, zone: Zone(calendar.timeZone), dayStart: dayStart)
    }

    /// Where the wall clock alone puts `seconds` (since 1970), regardless of earlier readings that day.
    private init(wallClockAt seconds: Int, zone: Zone, dayStart: TimeOfDay) {
        let localSeconds = seconds + zone.offset(at: seconds)
        let calendarDay = localSeconds.floorDiv(86_400)
        let minuteOfDay = (localSeconds - calendarDay * 86_400) / 60
        if minuteOfDay < dayStart.minutes {
            self.init(day: LocalDay(dayNumber: calendarDay - 1), minutesIntoDay: minuteOfDay + 1440 - dayStart.minutes)
        } else {
            self.init(day: LocalDay(dayNumber: calendarDay), minutesIntoDay: minuteOfDay - dayStart.minutes)
        }
    }

    /// Minutes after the day start at which a quest timed at `time` opens.
    public static func offset(of time: TimeOfDay, dayStart: TimeOfDay) -> Int {
        (time.minutes - dayStart.minutes + 1440) % 1440
    }
}

extension Int {
    /// Division rounding towards negative infinity.
    func floorDiv(_ divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Zone {
    /// The instant the quest day `day` begins, given days that start at `dayStart`: the first instant
    /// whose position falls in `day` (when the day start is skipped by a DST gap, the end of the gap).
    public func startOfDay(for day: LocalDay, dayStart: TimeOfDay) -> Date {
        Date(
            timeIntervalSince1970: TimeInterval(firstInstant(reaching: day.dayNumber * 86_400 + dayStart.minutes * 60)))
    }
}

extension Calendar {
    /// The instant the quest day `day` begins in this calendar's time zone (see `Zone.startOfDay`).
    public func startOfDay(for day: LocalDay, dayStart: TimeOfDay) -> Date {
        Zone(timeZone).startOfDay(for: day, dayStart: dayStart)
    }
}
