import Foundation
import QuestsCore
import Testing

/// The C library as an oracle: the UTC offsets (seconds) `date` gives for `instants` with `TZ=tz`.
private func glibcOffsets(tz: String, at instants: [Int]) throws -> [Int] {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("quests-instants-\(UUID().uuidString)")
    try Data(instants.map { "@\($0)\n" }.joined().utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["TZ=\(tz)", "date", "-f", input.path, "+%::z"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map { line in
        let parts = line.dropFirst().split(separator: ":").compactMap { Int($0) }  // +hh:mm:ss
        return (line.hasPrefix("-") ? -1 : 1) * parts.reduce(0) { $0 * 60 + $1 } * (parts.count == 3 ? 1 : 0)
    }
}

/// Every `step` seconds from `start` to `end` (`YYYY-MM-DD`, UTC midnights).
private func instants(from start: String, to end: String, step: Int) -> [Int] {
    Array(stride(from: Fixtures.day(start).dayNumber * 86_400, to: Fixtures.day(end).dayNumber * 86_400, by: step))
}

@Suite struct ZoneTests {
    static let posixRules = [
        "CET-1CEST,M3.5.0,M10.5.0/3", "EST+5", "EST5EDT", "EST5EDT,J60/2,J300/2", "EST5EDT,59/2,299/2",
        "AEST-10AEDT,M10.1.0,M4.1.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
        "IST-1GMT0,M10.5.0,M3.5.0/1", "<+0545>-5:45", "NST3:30NDT,M3.2.0,M11.1.0",
    ]

    @Test(arguments: posixRules)
    func posixRulesGiveTheCLibrarysOffsets(rule: String) throws {
        let zone = try #require(Zone(posixRule: rule))
        // Changes happen on the half hour: the grid lands on each, and a second before each.
        let grid = instants(from: "2023-01-01", to: "2026-01-01", step: 1800)
        let moments = grid + grid.map { $0 - 1 }
        let expected = try glibcOffsets(tz: rule, at: moments)
        #expect(expected.count == moments.count)
        for (moment, offset) in zip(moments, expected)
        where zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment))) != offset {
            Issue.record(
                "\(rule) at @\(moment): \(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))), glibc \(offset)"
            )
            return
        }
    }

    @Test(arguments: [
        "Europe/Paris", "America/New_York", "Australia/Sydney", "Africa/Cairo", "America/Santiago",
        "Asia/Tokyo", "Pacific/Apia", "Europe/Dublin", "Atlantic/Azores", "Australia/Lord_Howe",
    ])
    func zoneinfoFilesGiveTheCLibrarysOffsets(name: String) throws {
        let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
        let zone = try #require(Zone(tzif: Array(data)))
        // From before the table's first transitions to well after its last (where the footer rule rules).
        let moments =
            instants(from: "1900-01-01", to: "2060-01-01", step: 86_400 * 3 + 3_607)
            + instants(from: "2010-01-01", to: "2030-01-01", step: 3_600 * 5 + 60)
        let expected = try glibcOffsets(tz: name, at: moments)
        #expect(expected.count == moments.count)
        for (moment, offset) in zip(moments, expected)
        where zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment))) != offset {
            Issue.record(
                "\(name) at @\(moment): \(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))), glibc \(offset)"
            )
            return
        }
    }

    @Test(arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Paris"), ("EST5EDT,M3.2.0,M11.1.0", "America/New_York"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),
    ])
    func aPosixRuleGivesTheSameDaysAsItsNamedZone(rule: String, name: String) throws {
        let posix = try #require(Zone(posixRule: rule))
        let named = Zone(try #require(TimeZone(identifier: name)))
        for moment in instants(from: "2025-01-01", to: "2027-01-01", step: 1200) {
            let date = Date(timeIntervalSince1970: TimeInterval(moment))
            for dayStart in [TimeOfDay.midnight, Fixtures.time("02:30")!] {
                let expected = DayPosition(moment: date, zone: named, dayStart: dayStart)
                guard DayPosition(moment: date, zone: posix, dayStart: dayStart) == expected else {
                    Issue.record("\(rule) at \(Timestamp.utcString(date)) differs from \(name): \(expected)")
                    return
                }
            }
        }
    }

    @Test func notRulesAreRejected() {
        for text in [
            "", "Europe/Paris", "EST", "ES+5", "EST+25", "EST+5EDT,M3.2.0", "EST+5EDT,M13.1.0,M11.1.0",
            "EST+5EDT,M3.6.0,M11.1.0", "EST+5EDT,M3.2.7,M11.1.0", "EST+5EDT,J0,J365", "EST+5EDT,366,1",
            "EST+5 ", "<AB>5", "EST+5EDT,M3.2.0,M11.1.0/", "garbage,,",
        ] {
            #expect(Zone(posixRule: text) == nil, "\(text)")
        }
        #expect(Zone(tzif: Array("TZif2 but nothing more".utf8)) == nil)
        #expect(Zone(tzif: Array("not a zone at all, just some words long enough".utf8)) == nil)
    }

    @Test func wallClockTimesReadTheFirstOfARepeatAndSkipAGap() throws {
        let paris = try #require(Zone(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2026-10-25 02:30 happens twice (CEST, then CET): the first one.
        #expect(Timestamp.parse("2026-10-25T02:30", zone: paris).map(Timestamp.utcString) == "2026-10-25T00:30:00Z")
        // 2026-03-29 02:30 does not exist: read as if still in CET, so 03:30 CEST.
        #expect(Timestamp.parse("2026-03-29T02:30", zone: paris).map(Timestamp.utcString) == "2026-03-29T01:30:00Z")
        #expect(Timestamp.parse("2026-07-01T12:00", zone: paris).map(Timestamp.utcString) == "2026-07-01T10:00:00Z")
        #expect(
            Timestamp.parse("2026-07-01T12:00:00-04:00", zone: paris).map(Timestamp.utcString) == "2026-07-01T16:00:00Z"
        )
    }
}
