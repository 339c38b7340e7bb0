import Foundation
import QuestsCore
import Testing

@Suite struct CalendarCommandTests {
    /// Quests with a history of edits and archives, made at moments of `sandbox`'s zone.
    func sandboxWithHistory(zone: String) throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-20T10:00", zone: zone)
        let steps: [(String, [String])] = [
            ("2026-09-01T08:00", ["add", "Morning run", "--at", "07:00", "--days", "weekdays", "--reward", "20"]),
            ("2026-09-01T08:00", ["add", "Late call", "--at", "00:15"]),
            (
                "2026-09-01T08:00",
                [
                    "add", "Evening read, slowly; with a long title that needs folding 📚 é", "--at", "23:45",
                    "--days", "mon,wed,fri", "--notes", "Chapter two\nthen sleep",
                ]
            ),
            ("2026-09-01T08:00", ["add", "Tidy up", "--days", "weekends"]),
            ("2026-09-20T09:00", ["add", "Stretch", "--at", "12:00", "--days", "tue,thu"]),
            ("2026-10-10T09:00", ["edit", "Morning run", "--at", "06:30", "--days", "daily"]),
            ("2026-10-20T09:00", ["archive", "Late call"]),
            ("2026-11-05T09:00", ["archive", "Tidy up"]),
            ("2026-11-12T09:00", ["unarchive", "Tidy up"]),
            ("2026-11-15T09:00", ["edit", "Stretch", "--reward", "30"]),
            // Across a schedule change (Morning run's daily version starts on 10-10), and one to come.
            ("2026-10-01T09:00", ["vacation", "add", "2026-10-08", "2026-10-11"]),
            ("2026-11-15T09:00", ["vacation", "add", "2026-12-10"]),
        ]
        for (moment, arguments) in steps {
            let result = try sandbox.run(arguments, extra: ["QUESTS_NOW": moment])
            #expect(result.status == 0, "quests \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return sandbox
    }

    /// Runs the checked-in script that reads `file` with Python's `icalendar` and `recurring-ical-events`.
    /// Missing modules fail the test: CI installs them (.ci/run).
    func expand(_ file: String, zone: String, from first: String, days: Int) throws -> (
        occurrences: [[String: Any]], problems: [String]
    ) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/expand_calendar.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, file, zone, first, String(days)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "expand_calendar.py failed (pip install icalendar recurring-ical-events): \(message)")
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (
            try #require(document["occurrences"] as? [[String: Any]]), try #require(document["problems"] as? [String])
        )
    }

    /// A real iCalendar parser, expanding every event over 90 days that include the zone's change of clocks
    /// (and in UTC, written with `Z` times), sees on each day exactly the quests the board shows that day, at
    /// their time of day.
    @Test(arguments: ["Europe/Paris", "America/New_York", "Australia/Sydney", "UTC"])
    func aRealParserSeesWhatTheBoardShowsDayByDay(zone: String) throws {
        let sandbox = try sandboxWithHistory(zone: zone)
        let file = sandbox.home + "/quests.ics"
        try sandbox.ok("calendar", file)
        let first = try #require(LocalDay("2026-09-15"))
        let (occurrences, problems) = try expand(file, zone: zone, from: first.description, days: 90)
        #expect(problems.isEmpty, "\(problems)")
        var calendar: [String: Set<String>] = [:]
        for occurrence in occurrences {
            let uid = try #require(occurrence["uid"] as? String)
            let date = try #require(occurrence["date"] as? String)
            calendar[date, default: []].insert(
                uid.prefix(36).uppercased() + " " + (occurrence["time"] as? String ?? "all day"))
        }
        var compared = 0
        var onVacation = 0
        for offset in 0..<90 {
            let day = first.adding(days: offset).description
            let document = try sandbox.json("board", "--date", day, "--json")
            let quests = try #require(document["quests"] as? [[String: Any]])
            let board = Set(quests.map { "\($0["uuid"] ?? "") " + ($0["time"] as? String ?? "all day") })
            if document["vacation"] is [String: Any] {
                // Nothing is due on a vacation day: the calendar leaves the board's quests out.
                #expect(calendar[day, default: []].isEmpty, "\(zone) \(day) is a vacation day")
                onVacation += board.count
                continue
            }
            #expect(calendar[day, default: []] == board, "\(zone) \(day)")
            compared += board.count
        }
        // Not vacuous: every quest shows up, timed and untimed, before and after the change of clocks, and
        // the vacation held some.
        #expect(onVacation == 14)
        #expect(compared == 205 - onVacation)
        #expect(occurrences.count == compared)
    }

    @Test func theFileIsOwnerOnlyTheSameAsStandardOutputAndItsEventsKeepTheirIdentity() throws {
        let sandbox = try sandboxWithHistory(zone: "Europe/Paris")
        let file = sandbox.home + "/quests.ics"
        #expect(
            try sandbox.ok("calendar", file)
                == "Wrote the schedules of 4 quests and the past schedules of 1 archived to \(file).\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try sandbox.ok("calendar", "-") == written)
        #expect(try sandbox.ok("calendar") == written)
        // A later export, after a new quest, keeps every event as it was but its DTSTAMP.
        try sandbox.ok("add", "Water plants", extra: ["QUESTS_NOW": "2026-11-25T10:00"])
        try sandbox.ok("calendar", file, extra: ["QUESTS_NOW": "2026-11-25T10:00"])
        let events = { (text: String) in
            text.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { event in
                event.components(separatedBy: "END:VEVENT")[0].split(separator: "\r\n").filter {
                    !$0.hasPrefix("DTSTAMP")
                }
            }
        }
        let later = try String(contentsOfFile: file, encoding: .utf8)
        #expect(Array(events(later).prefix(events(written).count)) == events(written))
        #expect(events(later).count == events(written).count + 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.home).filter { $0.contains("quests.ics") } == [
                "quests.ics"
            ])
    }

    @Test func anExistingFileThatIsNotACalendarIsNeverOverwritten() throws {
        let sandbox = try sandboxWithHistory(zone: "UTC")
        try sandbox.expectFailure(["calendar", sandbox.home + "/store.sqlite"], mentioning: "is not an iCalendar file")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: sandbox.home + "/notes.txt"))
        try sandbox.expectFailure(["calendar", sandbox.home + "/notes.txt"], mentioning: "nothing was written there")
        #expect(try String(contentsOfFile: sandbox.home + "/notes.txt", encoding: .utf8) == "notes")
        try sandbox.expectFailure(["calendar", sandbox.home + "/missing/quests.ics"], mentioning: "cannot write")
    }

    @Test func helpShowsHowToImportIt() throws {
        let help = try Sandbox().ok("calendar", "--help")
        #expect(help.contains("khal import"))
        #expect(help.contains("Thunderbird"))
    }
}
