import Foundation
import Testing

/// `--days 3/week`, `--days 8/month` and `--every N` as a user meets them.
@Suite struct FlexibleScheduleCommandTests {
    /// Gym (2/week) and Plants (every 3 days), created on Monday 2026-11-16.
    func sandboxWithFlexibleQuests() throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-11-16T08:00")
        try sandbox.ok("add", "Gym", "--days", "2/week")
        try sandbox.ok("add", "Plants", "--every", "3")
        return sandbox
    }

    @Test func aWeeklyQuotaIsAvailableUntilMetThenCompletedAndRefused() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        #expect(try sandbox.ok("board").contains("#1  Gym     any time    +10 DD  0/2 this week"))
        try sandbox.ok("done", "gym")
        let tuesday = ["QUESTS_NOW": "2026-11-17T08:00"]
        #expect(
            try sandbox.ok("board", extra: tuesday).contains(
                "Available (1)\n  #1  Gym  any time    +10 DD  1/2 this week"))
        try sandbox.ok("done", "gym", extra: tuesday)
        let wednesday = ["QUESTS_NOW": "2026-11-18T08:00"]
        let board = try sandbox.ok("board", extra: wednesday)
        // Met on Monday and Tuesday: on Wednesday nothing was done or paid, so it reads "quota met".
        #expect(board.contains("Completed (1)\n  #1  Gym  any time            quota met  2/2 this week"), "\(board)")
        try sandbox.expectFailure(
            ["done", "gym"], mentioning: "\"Gym\" already met its 2/week quota for the week of 2026-11-16",
            extra: wednesday)
        let json = try sandbox.json("board", "--json", extra: wednesday)
        let gym = try #require((json["quests"] as? [[String: Any]])?.first { $0["title"] as? String == "Gym" })
        let quota = try #require(gym["quota"] as? [String: Any])
        #expect(quota["done"] as? Int == 2 && quota["times"] as? Int == 2 && quota["per"] as? String == "week")
        #expect(quota["from"] as? String == "2026-11-16" && quota["through"] as? String == "2026-11-22")
    }

    /// "N of M done" counts what the day asks: a flexible quest open in its period counts from the
    /// morning (M does not grow when it is done), and one whose quota other days met counts on neither side.
    @Test func theDaysCountStaysPutAsAFlexibleQuestIsDone() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        try sandbox.ok("add", "Read")
        // Monday: Gym open, Plants and Read due.
        #expect(try sandbox.ok("board").contains("0 of 3 done"))
        try sandbox.ok("done", "gym")
        #expect(try sandbox.ok("board").contains("1 of 3 done"))
        let tuesday = ["QUESTS_NOW": "2026-11-17T08:00"]
        try sandbox.ok("done", "gym", extra: tuesday)
        #expect(try sandbox.ok("board", extra: tuesday).contains("1 of 2 done"))
        // Wednesday: Gym's quota was met on other days; only Read is asked.
        let wednesday = ["QUESTS_NOW": "2026-11-18T08:00"]
        #expect(try sandbox.ok("board", extra: wednesday).contains("0 of 1 done"))
        let json = try sandbox.json("board", "--json", extra: wednesday)
        #expect(json["done"] as? Int == 0 && json["total"] as? Int == 1)
        try sandbox.ok("done", "read", extra: wednesday)
        #expect(try sandbox.ok("board", extra: wednesday).contains("1 of 1 done"))
        #expect(try sandbox.ok("status", "--template", "{done}/{total}", extra: wednesday) == "1/1\n")
    }

    @Test func aWeekEndingShortBreaksTheStreakOnItsLastDayOnly() throws {
        let sandbox = try Sandbox(now: "2026-11-16T08:00")
        try sandbox.ok("add", "Gym", "--days", "2/week")
        try sandbox.ok("done", "gym")
        #expect(try sandbox.ok("streak", extra: ["QUESTS_NOW": "2026-11-22T08:00"]).contains("Current streak: 1 day"))
        #expect(try sandbox.ok("streak", extra: ["QUESTS_NOW": "2026-11-23T08:00"]).contains("Current streak: 0 days"))
        let sunday = try sandbox.ok("board", "--date", "2026-11-22", extra: ["QUESTS_NOW": "2026-11-23T08:00"])
        #expect(sunday.contains("missed  1/2 this week"), "\(sunday)")
    }

    @Test func anOpenFlexibleQuestDoesNotKeepADayFromBeingCleared() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "plants")
        let output = try sandbox.ok("done", "read")
        #expect(output.contains("All 2 quests done for 2026-11-16"), "\(output)")
        #expect(try sandbox.ok("streak").contains("Current streak: 1 day"))
    }

    @Test func everyThirdDayIsOnTheBoardEveryThirdDay() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        let days = try (16...22).filter { day in
            try sandbox.ok("board", "--date", "2026-11-\(day)").contains("Plants")
        }
        #expect(days == [16, 19, 22])
        try sandbox.expectFailure(
            ["done", "plants", "--date", "2026-11-17"], mentioning: "\"Plants\" is not scheduled on Tuesday 2026-11-17",
            extra: ["QUESTS_NOW": "2026-11-17T08:00"])
        try sandbox.ok("add", "Water", "--every", "2", "--from", "2026-11-17")
        #expect(try sandbox.ok("board").contains("Water") == false)
        #expect(try sandbox.ok("board", "--date", "2026-11-17").contains("Water"))
    }

    @Test func listShowAndJSONCarryTheKind() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        try sandbox.ok("edit", "gym", "--days", "8/month")
        let list = try sandbox.ok("list")
        #expect(list.contains("8/month") && list.contains("every 3 days"), "\(list)")
        let json = try sandbox.json("list", "--json")
        let kinds = (json["quests"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["8/month", "every 3 from 2026-11-16"])
        #expect(try sandbox.ok("show", "gym").contains("8/month"))
        try sandbox.ok("edit", "gym", "--days", "mon,fri")
        #expect(try sandbox.ok("list").contains("mon,fri"))
    }

    @Test func theCalendarExportCarriesTheSchedules() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        let file = sandbox.home + "/quests.ics"
        try sandbox.ok("calendar", file)
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("RRULE:FREQ=DAILY;INTERVAL=3"))
        #expect(text.contains("RRULE:FREQ=WEEKLY\r\n"))
        #expect(text.contains("DESCRIPTION:2 times a week\\, on any days (2/week). Reward: 10 DD"), "\(text)")
    }

    @Test func badSchedulesAreOneLineErrorsThatChangeNothing() throws {
        let sandbox = try sandboxWithFlexibleQuests()
        try sandbox.expectFailure(
            ["add", "Swim", "--days", "8/week"],
            mentioning: "invalid days \"8/week\" for --days: a quota is 1 to 7 times a week")
        try sandbox.expectFailure(
            ["add", "Swim", "--days", "0/month"],
            mentioning: "invalid days \"0/month\" for --days: a quota is 1 to 31 times a month")
        try sandbox.expectFailure(["add", "Swim", "--every", "0"], mentioning: "invalid interval \"0\"")
        try sandbox.expectFailure(["edit", "gym", "--days", "8/week"], mentioning: "invalid days \"8/week\"")
        try sandbox.expectFailure(["edit", "gym", "--every", "0"], mentioning: "invalid interval \"0\"")
        try sandbox.expectFailure(
            ["add", "Swim", "--every", "3", "--days", "daily"], mentioning: "--days and --every cannot be used together"
        )
        try sandbox.expectFailure(["add", "Swim", "--from", "2026-11-20"], mentioning: "--from goes with --every")
        try sandbox.expectFailure(
            ["add", "Swim", "--every", "3", "--from", "soon"], mentioning: "invalid date \"soon\"")
    }
}
