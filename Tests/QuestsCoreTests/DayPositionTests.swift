import Foundation
import QuestsCore
import Testing

@Suite struct DayPositionTests {
    @Test func midnightStartsTheDay() {
        let position = Fixtures.position("2026-11-21T00:00")
        #expect(position.day.description == "2026-11-21")
        #expect(position.minutesIntoDay == 0)
        #expect(Fixtures.position("2026-11-21T23:59").minutesIntoDay == 1439)
    }

    @Test func aLateDayStartCountsSmallHoursForThePreviousDay() {
        let early = Fixtures.position("2026-11-22T01:30", dayStart: "03:00")
        #expect(early.day.description == "2026-11-21")
        #expect(early.minutesIntoDay == 22 * 60 + 30)
        let atStart = Fixtures.position("2026-11-22T03:00", dayStart: "03:00")
        #expect(atStart.day.description == "2026-11-22")
        #expect(atStart.minutesIntoDay == 0)
    }

    @Test func theSameInstantIsADifferentDayInAnotherZone() {
        let instant = Fixtures.moment("2026-11-21T23:30:00Z", in: "UTC")
        #expect(
            DayPosition(moment: instant, calendar: Fixtures.calendar("America/New_York")).day.description
                == "2026-11-21")
        #expect(DayPosition(moment: instant, calendar: Fixtures.calendar("Asia/Tokyo")).day.description == "2026-11-22")
        #expect(DayPosition(moment: instant, calendar: Fixtures.calendar("Asia/Kolkata")).minutesIntoDay == 5 * 60)
    }

    @Test func newYorkSpringForwardKeepsWallClockMinutes() {
        // 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT.
        let before = DayPosition(
            moment: Fixtures.moment("2026-03-08T06:59:00Z", in: "UTC"), calendar: Fixtures.calendar("America/New_York"))
        #expect(before.day.description == "2026-03-08")
        #expect(before.minutesIntoDay == 60 + 59)
        let after = DayPosition(
            moment: Fixtures.moment("2026-03-08T07:00:00Z", in: "UTC"), calendar: Fixtures.calendar("America/New_York"))
        #expect(after.minutesIntoDay == 3 * 60)
        let lateEvening = DayPosition(
            moment: Fixtures.moment("2026-03-09T03:59:00Z", in: "UTC"), calendar: Fixtures.calendar("America/New_York"))
        #expect(lateEvening.day.description == "2026-03-08")
        #expect(lateEvening.minutesIntoDay == 23 * 60 + 59)
    }

    @Test func newYorkFallBackHoldsTheFurthestMinuteThroughTheRepeatedHour() {
        // 2026-11-01: 01:00–02:00 happens twice (EDT, then EST). The second time round the position stays
        // at 01:59, the furthest the clock has reached, until the clock passes it again at 02:00 EST.
        let newYork = Fixtures.calendar("America/New_York")
        let first = DayPosition(moment: Fixtures.moment("2026-11-01T05:30:00Z", in: "UTC"), calendar: newYork)
        #expect(first.day.description == "2026-11-01")
        #expect(first.minutesIntoDay == 90)
        let second = DayPosition(moment: Fixtures.moment("2026-11-01T06:30:00Z", in: "UTC"), calendar: newYork)
        #expect(second.day.description == "2026-11-01")
        #expect(second.minutesIntoDay == 119)
        #expect(
            DayPosition(moment: Fixtures.moment("2026-11-01T07:00:00Z", in: "UTC"), calendar: newYork).minutesIntoDay
                == 120)
    }

    @Test func sydneyDaylightSavingChanges() {
        let sydney = Fixtures.calendar("Australia/Sydney")
        // 2026-04-05 03:00 AEDT becomes 02:00 AEST; 2026-10-04 02:00 AEST becomes 03:00 AEDT.
        let autumn = DayPosition(moment: Fixtures.moment("2026-04-04T16:30:00Z", in: "UTC"), calendar: sydney)
        #expect(autumn.day.description == "2026-04-05")
        // 02:30 AEST, after the repeat: the clock has shown 02:59 already
        #expect(autumn.minutesIntoDay == 2 * 60 + 59)
        let spring = DayPosition(moment: Fixtures.moment("2026-10-03T16:00:00Z", in: "UTC"), calendar: sydney)
        #expect(spring.day.description == "2026-10-04")
        #expect(spring.minutesIntoDay == 3 * 60)  // 02:00 AEST does not exist: it is 03:00 AEDT
    }

    @Test func startOfDayIsTheDayStartInstant() {
        let calendar = Fixtures.calendar("America/New_York")
        let start = calendar.startOfDay(for: Fixtures.day("2026-11-21"), dayStart: Fixtures.time("03:00")!)
        #expect(Timestamp.utcString(start) == "2026-11-21T08:00:00Z")
    }

    /// Zones with DST gaps and repeats at various hours, half-hour changes, and none.
    static let zones = [
        "America/Santiago", "Africa/Cairo", "Atlantic/Azores", "Europe/London", "America/New_York",
        "Australia/Sydney", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kolkata", "America/Havana",
    ]

    @Test(arguments: zones)
    func everyQuestDayStartsAtTheFirstInstantThatFallsInIt(zone: String) {
        let calendar = Fixtures.calendar(zone)
        let dayStarts = ["00:00", "00:30", "01:00", "02:30", "03:00", "23:30"].compactMap(Fixtures.time)
        for offset in 0..<366 {
            let day = Fixtures.day("2022-01-01").adding(days: offset)
            for dayStart in dayStarts {
                let start = calendar.startOfDay(for: day, dayStart: dayStart)
                let at = DayPosition(moment: start, calendar: calendar, dayStart: dayStart)
                let justBefore = DayPosition(
                    moment: start.addingTimeInterval(-1), calendar: calendar, dayStart: dayStart)
                guard at.day == day, justBefore.day == day.adding(days: -1) else {
                    Issue.record(
                        "\(zone) \(day) from \(dayStart): starts \(Timestamp.utcString(start)), in \(at.day), a second earlier in \(justBefore.day)"
                    )
                    return
                }
            }
        }
    }

    @Test func santiagoDayStartInTheSpringGapBeginsTheDayAtTheEndOfTheGap() {
        // 2022-09-11 00:00 -04 became 01:00 -03: a 00:30 day start never shows on the clock.
        let start = Fixtures.calendar("America/Santiago").startOfDay(
            for: Fixtures.day("2022-09-11"), dayStart: Fixtures.time("00:30")!)
        #expect(Timestamp.utcString(start) == "2022-09-11T04:00:00Z")
    }

    @Test func cairoFallBackAtMidnightKeepsAnOpenQuestOpen() {
        // 2024-10-31 24:00 EEST became 23:00 EET: 23:00–24:00 happens twice on the 31st.
        let cairo = Fixtures.calendar("Africa/Cairo")
        let opened = DayPosition(moment: Fixtures.moment("2024-10-31T20:45:00Z", in: "UTC"), calendar: cairo)
        #expect(opened.day.description == "2024-10-31")
        #expect(opened.minutesIntoDay == 23 * 60 + 45)
        let repeated = DayPosition(moment: Fixtures.moment("2024-10-31T21:10:00Z", in: "UTC"), calendar: cairo)
        #expect(repeated.day.description == "2024-10-31")
        #expect(repeated.minutesIntoDay == 23 * 60 + 59)
        let quest = Fixtures.quest(1, "Late", created: "2024-01-01", at: "23:30")
        let board = Board(
            day: repeated.day, quests: [quest], paid: [:], now: repeated,
            rule: DayRule(calendar: cairo, dayStart: .midnight))
        #expect(board.entries.first?.state == .available)
        let nextDay = DayPosition(moment: Fixtures.moment("2024-10-31T22:00:00Z", in: "UTC"), calendar: cairo)
        #expect(nextDay.day.description == "2024-11-01")
        #expect(nextDay.minutesIntoDay == 0)
    }

    @Test func azoresRepeatedMidnightHourDoesNotReopenTheDayBefore() {
        // 2026-10-25 01:00 -00 became 00:00 -01, so 00:00–01:00 happens twice; with a 00:30 day start the
        // 25th begins at the first 00:30 and the clock going back to 00:00 does not return to the 24th.
        let azores = Fixtures.calendar("Atlantic/Azores")
        let dayStart = Fixtures.time("00:30")!
        let begun = DayPosition(
            moment: Fixtures.moment("2026-10-25T00:45:00Z", in: "UTC"), calendar: azores, dayStart: dayStart)
        #expect(begun.day.description == "2026-10-25")
        #expect(begun.minutesIntoDay == 15)
        let repeated = DayPosition(
            moment: Fixtures.moment("2026-10-25T01:10:00Z", in: "UTC"), calendar: azores, dayStart: dayStart)
        #expect(repeated.day.description == "2026-10-25")
        #expect(repeated.minutesIntoDay == 29)
        let later = DayPosition(
            moment: Fixtures.moment("2026-10-25T02:10:00Z", in: "UTC"), calendar: azores, dayStart: dayStart)
        #expect(later.minutesIntoDay == 40)  // 01:10 -01, past the furthest reading again
    }

    @Test(arguments: zones)
    func positionsNeverGoBack(zone: String) {
        let calendar = Fixtures.calendar(zone)
        let start = Fixtures.moment("2024-01-01T00:00:00Z", in: "UTC")
        for dayStart in ["00:00", "00:30"].compactMap(Fixtures.time) {
            var previous = DayPosition(day: LocalDay(dayNumber: 0), minutesIntoDay: 0)
            for step in 0..<(366 * 24 * 3) {
                let position = DayPosition(
                    moment: start.addingTimeInterval(TimeInterval(step * 1200)),
                    calendar: calendar, dayStart: dayStart)
                guard (position.day, position.minutesIntoDay) >= (previous.day, previous.minutesIntoDay) else {
                    Issue.record("\(zone) from \(dayStart): \(previous) then \(position)")
                    return
                }
                previous = position
            }
        }
    }
}
