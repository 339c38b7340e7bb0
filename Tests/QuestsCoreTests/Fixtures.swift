import Foundation
import QuestsCore
import Testing

/// Builders shared by the core tests.
enum Fixtures {
    static func day(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> LocalDay {
        guard let day = LocalDay(text) else {
            Issue.record("bad day literal \(text)", sourceLocation: sourceLocation)
            return LocalDay(dayNumber: 0)
        }
        return day
    }

    static func time(_ text: String) -> TimeOfDay? {
        try? TimeOfDay.parse(text)
    }

    static func quest(
        _ number: Int, _ title: String, created: String = "2026-01-01", at time: String? = nil,
        days: WeekdaySet = .daily, reward: Int = 10
    ) -> Quest {
        let createdDay = day(created)
        let schedule = Schedule(time: time.flatMap(Fixtures.time), weekdays: days, reward: reward)
        return Quest(
            id: UUID(), number: number, title: title, createdDay: createdDay,
            versions: [ScheduleVersion(effectiveFrom: createdDay, schedule: schedule)])
    }

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!
        return calendar
    }

    /// A moment given as local wall-clock text in `zone`.
    static func moment(_ text: String, in zone: String, sourceLocation: SourceLocation = #_sourceLocation) -> Date {
        guard let date = Timestamp.parse(text, calendar: calendar(zone)) else {
            Issue.record("bad moment literal \(text)", sourceLocation: sourceLocation)
            return Date(timeIntervalSince1970: 0)
        }
        return date
    }

    /// The position of local wall-clock `text` in `zone`.
    static func position(_ text: String, in zone: String = "UTC", dayStart: String = "00:00") -> DayPosition {
        DayPosition(moment: moment(text, in: zone), calendar: calendar(zone), dayStart: time(dayStart) ?? .midnight)
    }
}
