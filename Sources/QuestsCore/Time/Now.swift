import FoundationEssentials

/// The moment a command runs at and the time zone to read it in. Read once at the edge.
public struct Now: Sendable {
    public let instant: Date
    public let zone: Zone

    public init(instant: Date, zone: Zone) {
        self.instant = instant
        self.zone = zone
    }

    /// `instant` read in `calendar`'s time zone.
    public init(instant: Date, calendar: Calendar) {
        self.init(instant: instant, zone: Zone(calendar.timeZone))
    }

    /// Where this moment falls among quest days that begin at `dayStart`.
    public func position(dayStart: TimeOfDay) -> DayPosition {
        DayPosition(moment: instant, zone: zone, dayStart: dayStart)
    }
}
