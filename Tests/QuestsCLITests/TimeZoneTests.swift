import Foundation
import Testing

/// `TZ` in every form the C library reads, `QUESTS_NOW` in each, and quest days across DST changes.
@Suite struct TimeZoneTests {
    /// What glibc's `date` prints for `instant` (`YYYY-MM-DDTHH:MM:SSZ`) in `format` with `TZ=tz`.
    static func glibcDate(_ instant: String, tz: String, format: String = "+%F %H:%M") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["TZ=\(tz)", "date", "-d", instant, format]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let parisForms = [
        "Europe/Paris", ":Europe/Paris", "/usr/share/zoneinfo/Europe/Paris", ":/usr/share/zoneinfo/Europe/Paris",
        "CET-1CEST,M3.5.0,M10.5.0/3",
    ]

    @Test(
        arguments: parisForms + ["EST+5", "<+0545>-5:45", "EST5EDT,M3.2.0,M11.1.0", "AEST-10AEDT,M10.1.0,M4.1.0/3", ""])
    func everyFormGivesTheCLibrarysDaysAndTimes(tz: String) throws {
        let sandbox = try Sandbox(zone: tz)
        sandbox.environment["QUESTS_NOW"] = "2026-01-01T12:00:00Z"
        try sandbox.ok("add", "Anything")
        // Around the 2026 European and American changes, and a midnight either side of them.
        for instant in [
            "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-03-28T23:30:00Z", "2026-03-29T00:59:59Z",
            "2026-03-29T01:00:00Z", "2026-03-29T22:30:00Z", "2026-04-04T15:30:00Z", "2026-04-04T16:30:00Z",
            "2026-10-24T22:30:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-10-25T23:30:00Z",
            "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z",
        ] {
            let board = try sandbox.json("board", "--json", extra: ["QUESTS_NOW": instant])
            #expect(
                board["today"] as? String == (try Self.glibcDate(instant, tz: tz, format: "+%F")),
                "TZ=\(tz) at \(instant)")
            try sandbox.ok("complete", "1", "--date", "today", extra: ["QUESTS_NOW": instant])
            let ledger = try sandbox.ok("ledger", "--limit", "1")
            #expect(ledger.hasPrefix(try Self.glibcDate(instant, tz: tz)), "TZ=\(tz) at \(instant): \(ledger)")
            try sandbox.ok("undo", "1", "--date", "today", extra: ["QUESTS_NOW": instant])
        }
    }

    @Test(arguments: parisForms)
    func questsNowIsLocalToEveryFormUnlessItHasAnOffset(tz: String) throws {
        let sandbox = try Sandbox(zone: tz)
        for (number, (now, utc)) in [
            ("2026-01-15T12:00:00", "2026-01-15T11:00:00Z"), ("2026-07-01T12:00", "2026-07-01T10:00:00Z"),
            ("2026-07-02T12:00:00+05:00", "2026-07-02T07:00:00Z"), ("2026-07-03T12:00:00Z", "2026-07-03T12:00:00Z"),
        ].enumerated() {
            sandbox.environment["QUESTS_NOW"] = now
            try sandbox.ok("add", "Quest \(number + 1)")
            try sandbox.ok("complete", "\(number + 1)")
            let ledger = try sandbox.json("ledger", "--json", "--limit", "1")
            let entry = try #require((ledger["entries"] as? [[String: Any]])?.first)
            #expect(entry["at"] as? String == utc, "TZ=\(tz) QUESTS_NOW=\(now)")
        }
    }

    @Test func anUnreadableZoneIsAnErrorThatChangesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        for bad in [
            "Not/AZone", ":Not/AZone", "garbage", "/nonexistent/zone", "/etc/hostname", "CET-1CEST,M13.5.0,M10.5.0/3",
            ":garbage,,",
        ] {
            try sandbox.expectFailure(
                ["add", "Write"], mentioning: "TZ=\"\(bad)\" is not a time zone", extra: ["TZ": bad])
        }
        for command in [["board"], ["complete", "1"]] {
            try sandbox.expectFailure(
                command, mentioning: "TZ=\"Not/AZone\" is not a time zone", extra: ["TZ": "Not/AZone"])
        }
    }

    @Test func anEmptyZoneIsUTCAsForTheCLibrary() throws {
        let sandbox = try Sandbox(now: "2026-11-21T23:30:00Z", zone: "")
        #expect(try sandbox.json("board", "--json")["today"] as? String == "2026-11-21")
    }

    @Test func ledgerSinceADayWhoseStartIsInASpringGapKeepsItsEntries() throws {
        // Santiago, 2022-09-11: 00:00 -04 became 01:00 -03, so a 00:30 day start never shows on the clock.
        let sandbox = try Sandbox(now: "2022-09-01T12:00:00Z", zone: "America/Santiago")
        try sandbox.ok("config", "day-start", "00:30")
        try sandbox.ok("add", "Stretch")
        try sandbox.ok("complete", "1", extra: ["QUESTS_NOW": "2022-09-11T04:10:00Z"])
        let ledger = try sandbox.json(
            "ledger", "--since", "2022-09-11", "--json", extra: ["QUESTS_NOW": "2022-09-11T12:00:00Z"])
        let entries = try #require(ledger["entries"] as? [[String: Any]])
        #expect(entries.map { $0["at"] as? String } == ["2022-09-11T04:10:00Z"])
    }

    @Test func aQuestThatOpenedStaysOpenWhenTheClocksFallBack() throws {
        // Cairo, 2024-10-31: 24:00 EEST became 23:00 EET, so 23:10 comes again after 23:45.
        let sandbox = try Sandbox(now: "2024-10-31T12:00:00Z", zone: "Africa/Cairo")
        try sandbox.ok("add", "Late", "--at", "23:30")
        for now in ["2024-10-31T20:45:00Z", "2024-10-31T21:10:00Z"] {
            let board = try sandbox.json("board", "--json", extra: ["QUESTS_NOW": now])
            let quests = try #require(board["quests"] as? [[String: Any]])
            #expect(quests.first?["state"] as? String == "available", "at \(now)")
        }
        try sandbox.ok("complete", "1", extra: ["QUESTS_NOW": "2024-10-31T21:10:00Z"])
        let board = try sandbox.json("board", "--json", extra: ["QUESTS_NOW": "2024-10-31T21:20:00Z"])
        #expect(board["today"] as? String == "2024-10-31")
        #expect((board["quests"] as? [[String: Any]])?.first?["state"] as? String == "completed")
    }
}
