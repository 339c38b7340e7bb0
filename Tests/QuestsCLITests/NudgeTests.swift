import Foundation
import Testing

/// `quests remind`'s gentle nudges over two weeks of missed and done days, a vacation among them: one on the
/// 2nd and one on the 5th day in a row with quests due and none done, at nudge-at or the first run after it,
/// at most once a day, never on a vacation day, then silence until a quest is done.
@Suite struct NudgeTests {
    let remind = RemindTests()

    @Test func twoWeeksOfMissedAndDoneDaysNudgeOnTheSecondAndFifthOnly() throws {
        let sandbox = try Sandbox(now: "2026-03-01T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Read", "--at", "07:00")
        let command = try remind.notifier(sandbox)
        func day(_ number: Int, _ time: String) -> [String: String] {
            ["QUESTS_NOW": String(format: "2026-03-%02dT", number) + time]
        }
        func nudges() -> [String] { remind.sent(sandbox).filter { !$0.contains("is open") } }
        func runs(on number: Int) throws {
            for time in ["08:00", "17:59", "18:00", "18:30", "23:00"] {
                try sandbox.ok("remind", "--command", command, extra: day(number, time))
            }
        }
        // 1st missed (1 in a row), 2nd missed (2: nudged at 18:00, once), 3rd and 4th missed (silent),
        // 5th missed (5: the last nudge), 6th and 7th missed (silent).
        var expected: [Int: String] = [:]
        for number in 1...7 { try runs(on: number) }
        expected[2] = "quests|2 days in a row without a quest done. One small one today?|"
        expected[5] =
            "quests|5 days without quests. No pressure: one small quest is a fresh start. This is the last nudge.|"
        #expect(nudges() == [expected[2], expected[5]].compactMap { $0 })
        // The 8th: Read done, the run is over; the 9th missed (1).
        try sandbox.ok("done", "read", extra: day(8, "09:00"))
        try runs(on: 8)
        try runs(on: 9)
        #expect(nudges().count == 2)
        // The 10th and 11th on vacation: no nudge, and they neither count nor end the run.
        try sandbox.ok("vacation", "add", "2026-03-10", "2026-03-11", extra: day(9, "20:00"))
        try runs(on: 10)
        try runs(on: 11)
        #expect(nudges().count == 2)
        // The 12th missed: the 2nd day of the run, nudged; a first run only at 22:00 still sends it.
        try sandbox.ok("remind", "--command", command, extra: day(12, "17:00"))
        #expect(nudges().count == 2)
        try sandbox.ok("remind", "--command", command, extra: day(12, "22:00"))
        #expect(nudges().count == 3 && nudges().last == expected[2])
        // Nudges off: the 15th, the 5th day of this run, stays silent; and the journal is in no notification.
        try sandbox.ok("config", "nudges", "off")
        try sandbox.ok("journal", "Secret thoughts", extra: day(13, "12:00"))
        for number in 13...15 { try runs(on: number) }
        #expect(nudges().count == 3)
        #expect(remind.sent(sandbox).allSatisfy { !$0.contains("Secret") })
    }

    @Test func nudgeAtSetsTheTimeAndTheNudgeSpeaksTheUsersLanguage() throws {
        let sandbox = try Sandbox(now: "2026-03-01T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Read")
        try sandbox.ok("config", "nudge-at", "20:00")
        let german = ["QUESTS_NOW": "2026-03-02T19:59", "LANG": "de_DE.UTF-8"]
        #expect(try sandbox.ok("remind", "--dry-run", extra: german).contains("Nachricht") == false)
        #expect(!(try sandbox.ok("remind", "--dry-run", extra: german)).contains("in Folge"))
        let later = try sandbox.ok(
            "remind", "--dry-run", extra: german.merging(["QUESTS_NOW": "2026-03-02T20:00"]) { $1 })
        #expect(later.contains("2 Tage in Folge ohne erledigte Quest. Heute eine kleine?"))
    }
}
