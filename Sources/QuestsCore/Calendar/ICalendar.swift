import Foundation

/// An iCalendar (RFC 5545) export of quests' schedules, for khal, Thunderbird, GNOME or Google Calendar.
///
/// Each schedule version of a quest that is not archived becomes one weekly recurring event (`RRULE` with
/// `BYDAY`), ending (`UNTIL`) the day before the next version starts. A timed quest is a 30-minute event at
/// its time, local time of `zone`, with an alarm at that moment; an untimed one is an all-day event. A
/// vacation day it would fall on is an exception (`EXDATE`): nothing is due then.
/// Everything but `DTSTAMP` (the export moment) is a function of the quests and the zone, so exporting twice
/// gives the same events and the same `UID`s, and calendars update them instead of duplicating them.
public enum ICalendar {
    /// How long a timed quest's event lasts, in minutes.
    static let eventMinutes = 30
    /// How far past the later of the export moment and the last event start the time zone's rules are written.
    static let zoneHorizonDays = 3653

    /// The whole document, lines ending in CRLF.
    public static func document(
        quests: [Quest], vacations: [ClosedRange<LocalDay>] = [], zone: Zone, now: Date
    ) -> String {
        let events = quests.sorted { $0.number < $1.number }.flatMap(Event.all)
        let times = Times(zone, events: events, now: now)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//quests//quests//EN", "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:Quests",
        ]
        lines += times.component
        let stamp = basicUTC(seconds: Int(now.timeIntervalSince1970.rounded(.down)))
        for event in events {
            lines += event.lines(times: times, stamp: stamp, vacations: vacations)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `text` as an iCalendar TEXT value: `\`, `;`, `,` and line breaks escaped, other control characters
    /// (which the format does not allow) left out.
    public static func escaped(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", ";", ",": result += "\\" + String(scalar)
            case "\n" where previous == "\r": break
            case "\n", "\r": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F { result.unicodeScalars.append(scalar) }
            }
            previous = scalar
        }
        return result
    }

    /// `line` folded so that no line is longer than 75 octets: a CRLF and a space before the character that
    /// would cross the limit, never inside a UTF-8 sequence.
    public static func fold(_ line: String) -> String {
        var result = ""
        var length = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if length + size > 75 {
                result += "\r\n "
                length = 1
            }
            result.unicodeScalars.append(scalar)
            length += size
        }
        return result
    }

    /// One recurring event: a schedule of a quest over the days it was in force.
    struct Event {
        let quest: Quest
        let span: ScheduleSpan
        /// The first day the schedule runs on (an event's start is always one of its occurrences).
        let first: LocalDay

        /// The events of `quest`: one per schedule span that is not archived and has a day to run on. A
        /// flexible quest's event is an all-day one on the first day of each period (a month's first
        /// day; a week's from the span's first day), its quota in the description.
        static func all(of quest: Quest) -> [Event] {
            quest.scheduleSpans.compactMap { span in
                guard !span.schedule.archived, let first = firstDay(of: span), first <= span.until ?? first else {
                    return nil
                }
                return Event(quest: quest, span: span, first: first)
            }
        }

        /// The first day `span`'s schedule runs on (a period's start for a flexible quest).
        private static func firstDay(of span: ScheduleSpan) -> LocalDay? {
            switch span.schedule.kind {
            case .weekdays:
                return (0..<7).map({ span.from.adding(days: $0) }).first(where: {
                    span.schedule.weekdays.contains($0.weekday)
                })
            case .every(let days, let anchor):
                let anchor = anchor ?? span.from
                return anchor >= span.from
                    ? anchor : span.from.adding(days: (days - anchor.days(to: span.from) % days) % days)
            case .quota(_, .week):
                return span.from
            case .quota(_, .month):
                let month = QuotaPeriod.month.days(containing: span.from, weekStart: .monday)
                return month.lowerBound == span.from ? span.from : month.upperBound.adding(days: 1)
            }
        }

        /// The vacation days among `vacations` the event would fall on; none for a flexible quest's period.
        func vacationDays(_ vacations: [ClosedRange<LocalDay>]) -> [LocalDay] {
            guard span.schedule.kind.quota == nil else { return [] }
            let days = vacations.flatMap { vacation in
                stride(from: max(vacation.lowerBound, first).dayNumber, through: vacation.upperBound.dayNumber, by: 1)
                    .map(LocalDay.init(dayNumber:))
            }
            return Set(days).filter { day in span.until.map { day <= $0 } ?? true && quest.isScheduled(on: day) }
                .sorted()
        }

        func lines(times: Times, stamp: String, vacations: [ClosedRange<LocalDay>]) -> [String] {
            var schedule = span.schedule
            var rule: String
            switch schedule.kind {
            case .weekdays:
                rule =
                    "RRULE:FREQ=WEEKLY;BYDAY="
                    + schedule.weekdays.days.map { String($0.lowercaseName.prefix(2)).uppercased() }.joined(
                        separator: ",")
            case .every(let days, _):
                rule = "RRULE:FREQ=DAILY;INTERVAL=\(days)"
            case .quota(_, let per):
                rule = "RRULE:FREQ=" + (per == .week ? "WEEKLY" : "MONTHLY")
                schedule.time = nil  // on any days: an all-day event for the period
            }
            var lines = [
                "BEGIN:VEVENT", "UID:\(quest.id.uuidString.lowercased())-\(basic(span.from))@quests",
                "DTSTAMP:" + stamp,
            ]
            if let time = schedule.time {
                let end = time.minutes + ICalendar.eventMinutes
                lines.append("DTSTART" + times.dateTime(first, minutes: time.minutes))
                lines.append("DTEND" + times.dateTime(first.adding(days: end / 1440), minutes: end % 1440))
                if let until = span.until { rule += ";UNTIL=" + times.utcEnd(of: until) }
                lines += vacationDays(vacations).map { "EXDATE" + times.dateTime($0, minutes: time.minutes) }
            } else {
                lines.append("DTSTART;VALUE=DATE:" + basic(first))
                lines.append("DTEND;VALUE=DATE:" + basic(first.adding(days: 1)))
                if let until = span.until { rule += ";UNTIL=" + basic(until) }
                lines += vacationDays(vacations).map { "EXDATE;VALUE=DATE:" + basic($0) }
            }
            lines += [
                rule, "SUMMARY:" + escaped(quest.title), "DESCRIPTION:" + escaped(description), "TRANSP:TRANSPARENT",
            ]
            if schedule.time != nil {
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escaped(quest.title), "TRIGGER:PT0S",
                    "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
            return lines
        }

        /// The quota of a flexible quest, the reward, then the notes.
        var description: String {
            var reward = "Reward: \(span.schedule.reward) DD"
            if let quota = span.schedule.kind.quota {
                reward = "\(quota.times) times a \(quota.per.rawValue), on any days (\(span.schedule.kind)). " + reward
            }
            return quest.notes.isEmpty ? reward : reward + "\n\n" + quest.notes
        }
    }

    /// How times are written: as UTC (`Z`) in a zone that is always UTC, else as local times with a `TZID`
    /// whose `VTIMEZONE` lists every offset change from the first timed event on.
    struct Times {
        let zone: Zone
        /// Nil when times are written in UTC.
        let tzid: String?
        let component: [String]

        init(_ zone: Zone, events: [Event], now: Date) {
            self.zone = zone
            let timed = events.filter { $0.span.schedule.time != nil }
            guard let earliest = timed.map(\.first).min(), let latest = timed.map(\.first).max() else {
                (tzid, component) = (nil, [])
                return
            }
            let start = earliest.adding(days: -2).dayNumber * 86_400
            let lastStart = latest.adding(days: 2).dayNumber * 86_400
            let end = max(Int(now.timeIntervalSince1970.rounded(.down)), lastStart) + ICalendar.zoneHorizonDays * 86_400
            let transitions = zone.transitions(in: (start + 1)...(end - 1))
            guard zone.offset(at: start) != 0 || !transitions.isEmpty else {
                (tzid, component) = (nil, [])
                return
            }
            let name = zone.name
            tzid = name.contains(where: { ";:,\"".contains($0) }) ? "\"" + name.filter { $0 != "\"" } + "\"" : name
            var lines = ["BEGIN:VTIMEZONE", "TZID:" + ICalendar.escaped(name)]
            // The smallest offset in the span is standard time; a larger one is daylight-saving time.
            let standard = ([start] + transitions).map(zone.offset(at:)).min() ?? 0
            var offset = zone.offset(at: start)
            for onset in [start] + transitions {
                let to = zone.offset(at: onset)
                let kind = to > standard ? "DAYLIGHT" : "STANDARD"
                lines += [
                    "BEGIN:" + kind, "DTSTART:" + basicLocal(seconds: onset + offset),
                    "TZOFFSETFROM:" + Self.offset(offset), "TZOFFSETTO:" + Self.offset(to), "END:" + kind,
                ]
                offset = to
            }
            component = lines + ["END:VTIMEZONE"]
        }

        /// `;TZID=Europe/Paris:20261121T073000`, or `:20261121T073000Z` in UTC.
        func dateTime(_ day: LocalDay, minutes: Int) -> String {
            let local = basicLocal(seconds: day.dayNumber * 86_400 + minutes * 60)
            guard let tzid else { return ":" + local + "Z" }
            return ";TZID=\(tzid):" + local
        }

        /// The UTC moment of 23:59:59 local time on `day`, for `UNTIL` (which must be UTC with a `TZID` start).
        func utcEnd(of day: LocalDay) -> String {
            let local = day.dayNumber * 86_400 + 86_399
            guard tzid != nil else { return basicUTC(seconds: local) }
            return basicUTC(seconds: zone.instant(atWallClock: local))
        }

        /// `+0100`, `-0330`, `+054500` (seconds only when there are any).
        static func offset(_ seconds: Int) -> String {
            let magnitude = abs(seconds)
            var text =
                (seconds < 0 ? "-" : "+") + LocalDay.pad(magnitude / 3600, 2) + LocalDay.pad(magnitude / 60 % 60, 2)
            if magnitude % 60 != 0 { text += LocalDay.pad(magnitude % 60, 2) }
            return text
        }
    }

    /// `20261121`.
    static func basic(_ day: LocalDay) -> String {
        String(day.description.filter { $0 != "-" })
    }

    /// `20261121T073000` for a count of seconds since 1970-01-01T00:00 on the same clock.
    static func basicLocal(seconds: Int) -> String {
        let day = LocalDay(dayNumber: seconds.floorDiv(86_400))
        let second = seconds - day.dayNumber * 86_400
        return basic(day) + "T" + LocalDay.pad(second / 3600, 2) + LocalDay.pad(second / 60 % 60, 2)
            + LocalDay.pad(second % 60, 2)
    }

    /// `20261121T073000Z`.
    static func basicUTC(seconds: Int) -> String {
        basicLocal(seconds: seconds) + "Z"
    }
}
