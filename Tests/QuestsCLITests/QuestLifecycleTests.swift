import Foundation
import Testing

@Suite struct QuestLifecycleTests {
    func sandboxWithQuests() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Morning run", "--at", "07:00", "--days", "weekdays", "--reward", "20")
        try sandbox.ok("add", "Read", "--at", "21:00")
        try sandbox.ok("add", "Drink water", "--notes", "8 glasses")
        try sandbox.ok("add", "Long walk", "--days", "sat,sun", "--reward", "30")
        return sandbox
    }

    @Test func theBoardShowsSectionsRewardsAndProgress() throws {
        let sandbox = try sandboxWithQuests()
        try sandbox.ok("done", "long")
        let board = try sandbox.ok("board")
        let expected = """
            Saturday 2026-11-21 (today)

            Available (1)
              #3  Drink water  any time    +10 DD

            Upcoming (1)
              #2  Read         21:00       +10 DD  opens at 21:00

            Completed (1)
              #4  Long walk    any time    +30 DD  done

            1 of 3 done · streak 0 days · balance 30 DD

            """
        #expect(board == expected)
        #expect(!board.contains("Morning run"))
    }

    @Test func boardJSONHasTheContractKeys() throws {
        let sandbox = try sandboxWithQuests()
        try sandbox.ok("complete", "3")
        let board = try sandbox.json("board", "--json")
        #expect(board["date"] as? String == "2026-11-21")
        #expect(board["balance"] as? Int == 10)
        let quests = try #require(board["quests"] as? [[String: Any]])
        #expect(quests.map { $0["title"] as? String } == ["Long walk", "Read", "Drink water"])
        #expect(quests.map { $0["state"] as? String } == ["available", "upcoming", "completed"])
        #expect(quests.map { $0["id"] as? Int } == [4, 2, 3])
        #expect(quests[1]["time"] as? String == "21:00")
        #expect(quests[0]["time"] is NSNull)
        #expect(quests.map { $0["reward"] as? Int } == [30, 10, 10])
    }

    @Test func listJSONHasTheContractKeys() throws {
        let sandbox = try sandboxWithQuests()
        let list = try sandbox.json("list", "--json")
        let quests = try #require(list["quests"] as? [[String: Any]])
        #expect(quests.count == 4)
        #expect(quests[0]["id"] as? Int == 1)
        #expect(quests[0]["title"] as? String == "Morning run")
        #expect(quests[0]["time"] as? String == "07:00")
        #expect(quests[0]["days"] as? [String] == ["mon", "tue", "wed", "thu", "fri"])
        #expect(quests[0]["reward"] as? Int == 20)
        #expect(quests[2]["notes"] as? String == "8 glasses")
    }

    @Test func completingEarnsOnceAndUndoTakesItBack() throws {
        let sandbox = try sandboxWithQuests()
        #expect(try sandbox.ok("done", "drink").contains("+10 DD · balance 10 DD"))
        #expect(try sandbox.ok("done", "Drink Water").contains("already completed"))
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 10)
        #expect(try sandbox.ok("complete", "read", "--early").contains("balance 20 DD"))
        let cleared = try sandbox.ok("done", "4")
        #expect(cleared.contains("All 3 quests done for 2026-11-21."))
        #expect(try sandbox.ok("undo", "read").contains("-10 DD · balance 40 DD"))
        let ledger = try sandbox.json("ledger", "--json")
        let entries = try #require(ledger["entries"] as? [[String: Any]])
        #expect(entries.map { $0["amount"] as? Int } == [-10, 30, 10, 10])
        #expect(entries.map { $0["kind"] as? String } == ["undo", "quest-reward", "quest-reward", "quest-reward"])
        #expect(ledger["balance"] as? Int == 40)
        let undos = try sandbox.json("ledger", "--kind", "undo", "--json")
        #expect((undos["entries"] as? [Any])?.count == 1)
    }

    @Test func backfillingAMissedDay() throws {
        let sandbox = try sandboxWithQuests()
        // Quests were created today, so yesterday is before their creation.
        try sandbox.expectFailure(["done", "drink", "--date", "yesterday"], mentioning: "not scheduled")
        let later = ["QUESTS_NOW": "2026-11-24T12:00"]  // Tuesday
        #expect(
            try sandbox.ok("done", "morning", "--date", "mon", extra: later).contains("Monday 2026-11-23 (yesterday)"))
        #expect(try sandbox.ok("done", "drink", "--date", "2026-11-22", extra: later).contains("+10 DD"))
        let sunday = try sandbox.json("board", "--date", "2026-11-22", "--json", extra: later)
        let states = (sunday["quests"] as? [[String: Any]])?.compactMap { $0["state"] as? String }
        #expect(states == ["missed", "missed", "completed"])
    }

    @Test func editingAndArchivingApplyFromToday() throws {
        let sandbox = try sandboxWithQuests()
        try sandbox.ok("done", "drink")
        let monday = ["QUESTS_NOW": "2026-11-23T12:00"]
        #expect(
            try sandbox.ok("edit", "drink", "--reward", "25", "--at", "09:00", extra: monday).contains(
                "from 2026-11-23 on"))
        try sandbox.ok("archive", "long", extra: monday)
        let list = try sandbox.ok("list", extra: monday)
        #expect(!list.contains("Long walk"))
        #expect(try sandbox.ok("list", "--all", extra: monday).contains("archived"))
        // Saturday keeps its schedule and reward.
        let saturday = try sandbox.json("board", "--date", "2026-11-21", "--json", extra: monday)
        let quests = try #require(saturday["quests"] as? [[String: Any]])
        #expect(quests.contains { $0["title"] as? String == "Long walk" })
        #expect(quests.first { $0["title"] as? String == "Drink water" }?["reward"] as? Int == 10)
        #expect(quests.first { $0["title"] as? String == "Drink water" }?["time"] is NSNull)
        let today = try sandbox.json("board", "--json", extra: monday)
        let todays = try #require(today["quests"] as? [[String: Any]])
        #expect(todays.first { $0["title"] as? String == "Drink water" }?["reward"] as? Int == 25)
        #expect(try sandbox.ok("done", "drink", extra: monday).contains("+25 DD"))
        try sandbox.ok("edit", "drink", "--any-time", "--title", "Water", extra: monday)
        #expect(try sandbox.ok("next", extra: monday).contains("Morning run"))
    }

    @Test func nextNamesTheOneQuestToDo() throws {
        let sandbox = try sandboxWithQuests()
        #expect(try sandbox.ok("next", extra: ["QUESTS_NOW": "2026-11-23T06:00"]).contains("#3 Drink water"))
        try sandbox.ok("done", "drink", extra: ["QUESTS_NOW": "2026-11-23T06:00"])
        #expect(
            try sandbox.ok("next", extra: ["QUESTS_NOW": "2026-11-23T06:00"]).contains("#1 Morning run opens at 07:00"))
        let json = try sandbox.json("next", "--json", extra: ["QUESTS_NOW": "2026-11-23T07:00"])
        #expect((json["quest"] as? [String: Any])?["state"] as? String == "available")
    }

    @Test func configChangesTheDayStart() throws {
        let sandbox = try sandboxWithQuests()
        #expect(try sandbox.ok("config", "day-start") == "00:00\n")
        try sandbox.ok("config", "day-start", "03:00")
        let late = ["QUESTS_NOW": "2026-11-22T01:30"]
        #expect(try sandbox.ok("done", "read", extra: late).contains("completed for today"))
        #expect(try sandbox.json("board", "--json", extra: late)["date"] as? String == "2026-11-21")
        #expect(try sandbox.json("config", "--json")["day-start"] as? String == "03:00")
    }

    @Test func timeZonesDecideTheLocalDay() throws {
        let sandbox = try sandboxWithQuests()
        let instant = ["QUESTS_NOW": "2026-11-21T23:30:00Z"]
        #expect(
            try sandbox.json("board", "--json", extra: instant.merging(["TZ": "America/New_York"]) { $1 })["date"]
                as? String == "2026-11-21")
        #expect(
            try sandbox.json("board", "--json", extra: instant.merging(["TZ": "Asia/Tokyo"]) { $1 })["date"] as? String
                == "2026-11-22")
    }
}
