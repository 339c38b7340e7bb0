import Foundation
import QuestsCore
import Testing

/// When a board changes by itself: the moment the interactive board wakes up to redraw.
@Suite struct BoardNextChangeTests {
    let run = Fixtures.quest(1, "Morning run", at: "07:00")
    let read = Fixtures.quest(2, "Read", at: "21:00")
    let water = Fixtures.quest(3, "Drink water")
    let journal = Fixtures.quest(4, "Night journal", at: "01:00")

    func nextChange(_ quests: [Quest], at text: String, zone: String = "UTC", dayStart: String = "00:00") -> Date {
        let rule = DayRule(calendar: Fixtures.calendar(zone), dayStart: Fixtures.time(dayStart) ?? .midnight)
        let position = Fixtures.position(text, in: zone, dayStart: dayStart)
        let board = Board(day: position.day, quests: quests, paid: [:], now: position, rule: rule)
        return board.nextChange(after: position, rule: rule)
    }

    @Test func theNextUpcomingQuestOpeningIsTheNextChange() {
        #expect(
            nextChange([read, run, water], at: "2026-11-21T06:10") == Fixtures.moment("2026-11-21T07:00", in: "UTC"))
        #expect(
            nextChange([read, run, water], at: "2026-11-21T07:00") == Fixtures.moment("2026-11-21T21:00", in: "UTC"))
    }

    @Test func withNothingLeftToOpenTheNextDayStartIsTheNextChange() {
        #expect(
            nextChange([read, run, water], at: "2026-11-21T21:30") == Fixtures.moment("2026-11-22T00:00", in: "UTC"))
        #expect(
            nextChange([], at: "2026-11-21T12:00", dayStart: "03:00") == Fixtures.moment("2026-11-22T03:00", in: "UTC"))
    }

    @Test func aQuestAfterMidnightOpensWithinALateStartingDay() {
        // Day start 03:00: the 01:00 journal of Saturday's quest day opens early on Sunday.
        #expect(
            nextChange([journal], at: "2026-11-21T22:00", dayStart: "03:00")
                == Fixtures.moment("2026-11-22T01:00", in: "UTC"))
    }

    @Test func openingsAndDayStartsAreWallClockTimesInTheZone() {
        // New York springs forward at 02:00 on 2026-03-08: a 02:30 quest opens at 03:00 EDT (07:00Z).
        let stretch = Fixtures.quest(8, "Stretch", at: "02:30")
        #expect(
            nextChange([stretch], at: "2026-03-08T01:00", zone: "America/New_York")
                == Fixtures.moment("2026-03-08T07:00:00Z", in: "UTC"))
        #expect(
            nextChange([stretch], at: "2026-03-08T04:00", zone: "America/New_York")
                == Fixtures.moment("2026-03-09T04:00:00Z", in: "UTC"))
    }
}
