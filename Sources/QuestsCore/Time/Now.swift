import Foundation

/// The moment a command runs at and the calendar (time zone) to read it in. Read once at the edge.
public struct Now: Sendable {
    public let instant: Date
    public let calendar: Calendar

    public init(instant: Date, calendar: Calendar) {
        self.instant = instant
        self.calendar = calendar
    }

    /// Where this moment falls among quest days that begin at `dayStart`.
    public func position(dayStart: TimeOfDay) -> DayPosition {
        DayPosition(moment: instant, calendar: calendar, dayStart: dayStart)
    }
}
