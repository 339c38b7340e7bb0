import Foundation
import QuestsCore
import Testing

@Suite struct LocalDayTests {
    @Test func parsesAndFormatsDays() throws {
        let day = try #require(LocalDay("2026-11-21"))
        #expect(day.description == "2026-11-21")
        #expect(day.components == (2026, 11, 21))
        #expect(day.weekday == .saturday)
        #expect(LocalDay("1970-01-01")?.dayNumber == 0)
        #expect(LocalDay("1969-12-31")?.dayNumber == -1)
    }

    @Test(arguments: [
        "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-11-21", "2026/11/21", "", "2026-11-2x",
        "1900-02-29",
    ])
    func refusesImpossibleOrMalformedDays(_ text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func knowsLeapDays() throws {
        let leap = try #require(LocalDay("2028-02-29"))
        #expect(leap.adding(days: 1).description == "2028-03-01")
        #expect(leap.adding(days: -365).description == "2027-03-01")
        #expect(leap.adding(days: -366).description == "2027-02-28")
        #expect(LocalDay("2000-02-29")?.weekday == .tuesday)
        #expect(LocalDay("2026-02-28")!.adding(days: 1).description == "2026-03-01")
    }

    @Test func agreesWithFoundationOverCenturies() throws {
        let calendar = Fixtures.calendar("UTC")
        // Every 37th day from 1900 to 2100, compared with Foundation's Gregorian calendar.
        for number in stride(from: -25_567, through: 47_482, by: 37) {
            let day = LocalDay(dayNumber: number)
            let date = Date(timeIntervalSince1970: TimeInterval(number) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            #expect(day.components == (parts.year!, parts.month!, parts.day!))
            // Foundation: 1 = Sunday ... 7 = Saturday.
            #expect((day.weekday.rawValue % 7) + 1 == parts.weekday!)
            #expect(LocalDay(day.description) == day)
        }
    }

    @Test func dayReferencesResolveRelativeToToday() throws {
        let today = Fixtures.day("2026-11-21")  // a Saturday
        #expect(try DayReference("today").day(today: today) == today)
        #expect(try DayReference("Yesterday").day(today: today).description == "2026-11-20")
        #expect(try DayReference("tomorrow").day(today: today).description == "2026-11-22")
        #expect(try DayReference("sat").day(today: today) == today)
        #expect(try DayReference("friday").day(today: today).description == "2026-11-20")
        #expect(try DayReference("sun").day(today: today).description == "2026-11-15")
        #expect(try DayReference("2024-02-29").day(today: today).description == "2024-02-29")
        #expect(throws: QuestsError.invalidDay("2026-02-30")) { try DayReference("2026-02-30").day(today: today) }
        #expect(throws: QuestsError.invalidDay("someday")) { try DayReference("someday").day(today: today) }
    }

    /// The weekday names typed as input agree with each other and with the days they name.
    @Test func weeksStartOnTheChosenDay() throws {
        #expect(Weekday.week(startingOn: .monday) == Weekday.allCases)
        #expect(
            Weekday.week(startingOn: .sunday) == [
                .sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday,
            ])
        #expect(Weekday.week(startingOn: .saturday).first == .saturday)
        // Every weekday against every week start: the day's place in the week, and the week's first day.
        let thursday = try #require(LocalDay("2026-11-26"))
        for start in Weekday.allCases {
            for offset in 0..<7 {
                let day = thursday.adding(days: offset)
                let place = try #require(Weekday.week(startingOn: start).firstIndex(of: day.weekday))
                #expect(day.weekday.daysSince(start) == place)
                let first = day.firstDayOfWeek(startingOn: start)
                #expect(first.weekday == start && first <= day && day.dayNumber - first.dayNumber < 7)
            }
        }
    }

    @Test func weekdaysHaveTheirNames() throws {
        let monday = try #require(LocalDay("2026-11-16"))
        let names = (0..<7).map { monday.adding(days: $0).weekday.lowercaseName }
        #expect(names == ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
        for weekday in Weekday.allCases {
            #expect(
                Weekday(name: weekday.lowercaseName.uppercased()) == weekday
                    && Weekday(name: weekday.shortName) == weekday)
        }
    }
}

@Suite struct TimeParsingTests {
    @Test func parsesTimesOfDay() throws {
        #expect(try TimeOfDay.parse("07:30").minutes == 450)
        #expect(try TimeOfDay.parse("7:05").description == "07:05")
        #expect(try TimeOfDay.parse("23:59").minutes == 1439)
        for bad in ["24:00", "12:60", "1230", "12:5", "ab:cd", "", "-1:00", "12:30:00"] {
            #expect(throws: QuestsError.invalidTime(bad)) { try TimeOfDay.parse(bad) }
        }
    }

    @Test func parsesWeekdaySets() throws {
        #expect(try WeekdaySet.parse("daily") == .daily)
        #expect(try WeekdaySet.parse("Weekdays") == .weekdays)
        #expect(try WeekdaySet.parse("weekends").days == [.saturday, .sunday])
        #expect(try WeekdaySet.parse("mon,wed,fri").days == [.monday, .wednesday, .friday])
        #expect(try WeekdaySet.parse("Tuesday, thu").days == [.tuesday, .thursday])
        for bad in ["funday", "mon,,fri", "", "mo", "mon;fri"] {
            #expect(throws: QuestsError.invalidWeekdays(bad)) { try WeekdaySet.parse(bad) }
        }
    }

    @Test func parsesMomentsWithAndWithoutOffsets() throws {
        let newYork = Fixtures.calendar("America/New_York")
        let local = try #require(Timestamp.parse("2026-11-21T08:30", calendar: newYork))
        #expect(Timestamp.utcString(local) == "2026-11-21T13:30:00Z")
        let offset = try #require(Timestamp.parse("2026-11-21T08:30:00+01:00", calendar: newYork))
        #expect(Timestamp.utcString(offset) == "2026-11-21T07:30:00Z")
        let zulu = try #require(Timestamp.parse("2026-11-21T08:30:15Z", calendar: newYork))
        #expect(Timestamp.utcString(zulu) == "2026-11-21T08:30:15Z")
        #expect(Timestamp.parseUTC("2026-11-21T08:30:15Z") == zulu)
        for bad in [
            "2026-11-21", "2026-11-21T25:00", "2026-11-31T08:30", "yesterday", "2026-11-21T08:30+1",
            "2026-11-21T08:30:00+01:00x", "",
        ] {
            #expect(Timestamp.parse(bad, calendar: newYork) == nil, "\(bad)")
        }
    }

    /// The reader for days in order parses exactly what `LocalDay.parse` parses, in order or not, with bad
    /// days among good ones of the same month (a day 00, 29 to 32, a letter, a NUL prefix).
    @Test func theReaderOfDaysInOrderAgreesWithTheParser() {
        var texts: [String] = []
        for number in LocalDay("2023-12-25")!.dayNumber...LocalDay("2024-03-05")!.dayNumber {
            let day = LocalDay(dayNumber: number).description
            texts.append(day)
            if number % 9 == 0 {
                texts += [String(day.prefix(8)) + "00", String(day.prefix(8)) + "3x", String(day.prefix(8)) + "32"]
            }
        }
        texts += [
            "2024-02-29", "2023-02-29", "2024-02-30", "2024-01-31", "2023-11-31", "\0\0\0\0\0\0\0\001", "2024-01-1",
            "2024-01-011",
        ]
        for order in [texts, texts.reversed(), texts.sorted()] {
            var reader = LocalDay.Reader()
            for text in order {
                let bytes = Array(text.utf8)
                let read = reader.parse(bytes)
                #expect(read == LocalDay.parse(bytes), "\(text)")
            }
        }
    }
}
