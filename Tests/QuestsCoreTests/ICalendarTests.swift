import Foundation
import QuestsCore
import Testing

@Suite struct ICalendarTests {
    let now = Fixtures.moment("2026-11-21T08:30", in: "UTC")

    /// The document's lines, unfolded.
    func lines(_ quests: [Quest], zone: String) -> [String] {
        let text = ICalendar.document(quests: quests, zone: Zone(TimeZone(identifier: zone) ?? .gmt), now: now)
        return text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    @Test func textIsEscapedAndControlCharactersLeftOut() {
        #expect(ICalendar.escaped(#"a,b;c\d"#) == #"a\,b\;c\\d"#)
        #expect(ICalendar.escaped("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendar.escaped("tab\there\u{1B}[31m\u{7F}") == "tab\there[31m")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let ascii = "SUMMARY:" + String(repeating: "x", count: 200)
        let folded = ICalendar.fold(ascii)
        #expect(folded.components(separatedBy: "\r\n").map(\.utf8.count) == [75, 75, 60])
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == ascii)
        // "é" is 2 octets, "🏃" 4: a line never ends inside one, and never passes 75 octets.
        for filler in ["é", "🏃", "a🏃é"] {
            for prefix in 0..<4 {
                let line = "SUMMARY:" + String(repeating: "a", count: prefix) + String(repeating: filler, count: 60)
                let folded = ICalendar.fold(line)
                let parts = folded.components(separatedBy: "\r\n")
                #expect(parts.allSatisfy { $0.utf8.count <= 75 })
                #expect(parts.dropLast().allSatisfy { $0.utf8.count >= 72 })
                #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
                #expect(
                    Array(folded.utf8).split(separator: UInt8(ascii: "\n")).allSatisfy {
                        String(validating: $0, as: UTF8.self) != nil
                    })
                #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
            }
        }
        #expect(ICalendar.fold("SHORT") == "SHORT")
    }

    @Test func aTimedQuestIsAWeeklyEventInTheLocalZoneWithAnAlarm() {
        // Created on a Sunday, runs on weekdays: the event starts on the Monday, its first occurrence.
        let quest = Fixtures.quest(
            1, "Run, then stretch", created: "2026-10-18", at: "07:30", days: .weekdays, reward: 20)
        let lines = lines([quest], zone: "Europe/Paris")
        let uid = "UID:\(quest.id.uuidString.lowercased())-20261018@quests"
        #expect(lines.contains(uid))
        #expect(lines.contains("DTSTART;TZID=Europe/Paris:20261019T073000"))
        #expect(lines.contains("DTEND;TZID=Europe/Paris:20261019T080000"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        #expect(lines.contains(#"SUMMARY:Run\, then stretch"#))
        #expect(lines.contains("DESCRIPTION:Reward: 20 DD"))
        #expect(lines.contains("DTSTAMP:20261121T083000Z"))
        #expect(lines.contains("TRIGGER:PT0S"))
        #expect(lines.contains("TZID:Europe/Paris"))
        // The change to winter time on 2026-10-25 at 03:00 CEST is among the zone's onsets.
        #expect(
            lines.joined(separator: "\n").contains(
                "BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100"))
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "")
        // Everything but DTSTAMP is the same on every export.
        let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt
        let first = ICalendar.document(quests: [quest], zone: Zone(paris), now: now)
        let later = ICalendar.document(quests: [quest], zone: Zone(paris), now: now.addingTimeInterval(60))
        #expect(later.replacingOccurrences(of: "DTSTAMP:20261121T083100Z", with: "DTSTAMP:20261121T083000Z") == first)
    }

    @Test func versionsEndInUTCAndAnArchivedQuestHasNoLaterEvent() {
        let quest = Fixtures.quest(1, "Read", created: "2026-11-01", at: "21:00")
            .applying(Schedule(time: Fixtures.time("22:00"), weekdays: .weekends), from: Fixtures.day("2026-11-10"))
            .quest
            .applying(
                Schedule(time: Fixtures.time("22:00"), weekdays: .weekends, archived: true),
                from: Fixtures.day("2026-11-15")
            ).quest
        let lines = lines([quest], zone: "America/New_York")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        // 2026-11-09 23:59:59 EST is 2026-11-10 04:59:59 UTC.
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;UNTIL=20261110T045959Z"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=SA,SU;UNTIL=20261115T045959Z"))
        #expect(lines.contains("DTSTART;TZID=America/New_York:20261114T220000"))
        #expect(lines.contains("UID:\(quest.id.uuidString.lowercased())-20261110@quests"))
    }

    @Test func untimedQuestsAreAllDayAndUTCTimesCarryNoTZID() {
        let untimed = Fixtures.quest(1, "Tidy", created: "2026-11-02", days: .weekends)
            .applying(Schedule(archived: true), from: Fixtures.day("2026-11-20")).quest
        let timed = Fixtures.quest(2, "Call", created: "2026-11-02", at: "23:45")
        let lines = lines([untimed, timed], zone: "UTC")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261107"))
        #expect(lines.contains("DTEND;VALUE=DATE:20261108"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=SA,SU;UNTIL=20261119"))
        #expect(lines.contains("DTSTART:20261102T234500Z"))
        #expect(lines.contains("DTEND:20261103T001500Z"))
        #expect(!lines.contains { $0.contains("TZID") || $0.contains("VTIMEZONE") })
        // Only the timed quest has an alarm.
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 1)
    }

    @Test func aZoneWithoutChangesOfClocksHasOneStandardOffset() {
        let lines = lines([Fixtures.quest(1, "Tea", created: "2026-11-02", at: "15:00")], zone: "Asia/Tokyo")
        // (TZNAME is the platform's abbreviation, JST or GMT+9.)
        let zone = lines.drop { $0 != "BEGIN:VTIMEZONE" }.prefix { $0 != "END:VTIMEZONE" }.filter {
            !$0.hasPrefix("TZNAME:")
        }
        #expect(
            zone == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:20261031T090000",
                "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD",
            ])
        #expect(lines.contains("DTSTART;TZID=Asia/Tokyo:20261102T150000"))
    }

    @Test func aQuestArchivedBeforeItsFirstDayHasNoEvent() {
        let quest = Fixtures.quest(1, "Gym", created: "2026-11-02", days: WeekdaySet(.friday))
            .applying(Schedule(weekdays: WeekdaySet(.friday), archived: true), from: Fixtures.day("2026-11-05")).quest
        #expect(!lines([quest], zone: "UTC").contains("BEGIN:VEVENT"))
    }
}
