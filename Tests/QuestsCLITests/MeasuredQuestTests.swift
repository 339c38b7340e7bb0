import Foundation
import Testing

/// Counted and limit quests through the binary (SPEC 18): amounts, states, pay, undo and bad input.
@Suite struct MeasuredQuestTests {
    /// The board entry of the quest titled `title`.
    private func entry(_ board: [String: Any], _ title: String) throws -> [String: Any] {
        let quests = try #require(board["quests"] as? [[String: Any]])
        return try #require(quests.first { $0["title"] as? String == title })
    }

    private func balance(_ sandbox: Sandbox) throws -> Int {
        try #require(try sandbox.json("wallet", "--json")["balance"] as? Int)
    }

    @Test func aCountedQuestShowsProgressAndPaysOnceAtItsTarget() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        #expect(try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses").contains("8 glasses"))
        #expect(try sandbox.ok("done", "water", "3").contains("3/8 glasses"))
        #expect(try sandbox.ok("done", "water").contains("4/8 glasses"))
        var board = try sandbox.json("board", "--json")
        var water = try entry(board, "Water")
        #expect(water["state"] as? String == "available")
        #expect(water["amount"] as? Double == 4)
        #expect(water["target"] as? Double == 8)
        #expect(water["atMost"] is NSNull)
        #expect(water["unit"] as? String == "glasses")
        #expect(try sandbox.ok("board").contains("4/8 glasses"))
        #expect(try sandbox.ok("done", "water", "--amount", "4").contains("+10 DD"))
        #expect(try balance(sandbox) == 10)
        // Over the target: still completed, paid once.
        _ = try sandbox.ok("done", "water", "--amount", "2.5")
        #expect(try balance(sandbox) == 10)
        board = try sandbox.json("board", "--json")
        water = try entry(board, "Water")
        #expect(water["state"] as? String == "completed")
        #expect(water["amount"] as? Double == 10.5)
        // Undo takes back the latest amount (2.5: still at the target), then the 4 (under it: reward back).
        #expect(try sandbox.ok("undo", "water").contains("2.5 glasses"))
        #expect(try balance(sandbox) == 10)
        #expect(try sandbox.ok("undo", "water").contains("-10 DD"))
        #expect(try balance(sandbox) == 0)
        water = try entry(try sandbox.json("board", "--json"), "Water")
        #expect(water["state"] as? String == "available")
        #expect(water["amount"] as? Double == 4)
        // --set records what makes the day's total N.
        #expect(try sandbox.ok("done", "water", "--set", "8").contains("8/8 glasses"))
        #expect(try balance(sandbox) == 10)
        #expect(try sandbox.ok("undo", "water").contains("4 glasses"))
    }

    /// A target of nothing (harsh's habits come so): any amount makes the day, and the total stands alone.
    @Test func aTargetOfNothingShowsTheTotalAlone() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        _ = try sandbox.ok("add", "Pages", "--target", "0", "--unit", "pages")
        let done = try sandbox.ok("done", "pages", "12")
        #expect(done.contains("12 pages") && !done.contains("/0"), "\(done)")
        let board = try sandbox.ok("board")
        #expect(board.contains("12 pages") && !board.contains("12/0"), "\(board)")
    }

    @Test func aNumberAfterAYesNoQuestIsTheNextQuest() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        _ = try sandbox.ok("add", "Read")
        _ = try sandbox.ok("add", "Water", "--target", "8")
        _ = try sandbox.ok("add", "Stretch")
        // 1 is yes/no: 2 is the next quest; 2 is counted: 3 is its amount.
        let output = try sandbox.ok("done", "1", "2", "3")
        #expect(output.contains("Read completed"))
        #expect(output.contains("3/8"))
        let board = try sandbox.json("board", "--json")
        #expect(try entry(board, "Stretch")["state"] as? String == "available")
        #expect(try entry(board, "Read")["amount"] is NSNull)
        // Yes/no quests keep working in a row.
        _ = try sandbox.ok("add", "Walk")
        let row = try sandbox.ok("done", "3", "4")
        #expect(row.contains("Stretch completed") && row.contains("Walk completed"))
    }

    @Test func aLimitQuestIsAvailableWithinItsLimitOverAboveItAndPaidOnceTheDayIsOver() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        #expect(try sandbox.ok("add", "Coffee", "--at-most", "2", "--unit", "cups").contains("at most 2 cups"))
        _ = try sandbox.ok("add", "Smoking", "--at-most", "0", "--reward", "5")
        #expect(try sandbox.ok("done", "coffee").contains("1 of at most 2 cups"))
        var coffee = try entry(try sandbox.json("board", "--json"), "Coffee")
        #expect(coffee["state"] as? String == "available")
        #expect(coffee["atMost"] as? Double == 2)
        #expect(try balance(sandbox) == 0)
        // Nothing is paid during the day.
        #expect(try sandbox.ok("done", "coffee", "2").contains("over its limit"))
        coffee = try entry(try sandbox.json("board", "--json"), "Coffee")
        #expect(coffee["state"] as? String == "over")
        #expect(try sandbox.ok("board").contains("3 of at most 2 cups"))
        // The next day: Smoking (0 of at most 0) was kept and is paid; Coffee went over and is not.
        let tomorrow = ["QUESTS_NOW": "2026-03-03T08:00"]
        _ = try sandbox.ok("board", extra: tomorrow)
        _ = try sandbox.ok("board", extra: tomorrow)
        var ledger = try sandbox.ok("ledger", extra: tomorrow)
        #expect(ledger.components(separatedBy: "Smoking").count - 1 == 1)
        #expect(!ledger.contains("Coffee"))
        #expect(try sandbox.json("wallet", "--json", extra: tomorrow)["balance"] as? Int == 5)
        let yesterday = try sandbox.json("board", "--date", "yesterday", "--json", extra: tomorrow)
        #expect(try entry(yesterday, "Smoking")["state"] as? String == "completed")
        #expect(try entry(yesterday, "Coffee")["state"] as? String == "over")
        // Undoing a cup brings yesterday's coffee within its limit: paid; a back-filled cigarette takes the
        // Smoking reward back.
        _ = try sandbox.ok("undo", "coffee", "--date", "yesterday", extra: tomorrow)
        #expect(try sandbox.json("wallet", "--json", extra: tomorrow)["balance"] as? Int == 15)
        #expect(
            try sandbox.ok("done", "smoking", "1", "--date", "yesterday", extra: tomorrow).contains("-5 DD"))
        #expect(try sandbox.json("wallet", "--json", extra: tomorrow)["balance"] as? Int == 10)
        ledger = try sandbox.ok("ledger", extra: tomorrow)
        #expect(ledger.contains("Coffee"))
    }

    @Test func amountsFollowTheLanguagesDecimalSeparator() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        _ = try sandbox.ok("config", "language", "de")
        _ = try sandbox.ok("add", "Laufen", "--target", "10", "--unit", "km")
        #expect(try sandbox.ok("done", "laufen", "2,5").contains("2,5/10 km"))
        #expect(try sandbox.ok("done", "laufen", "2.5").contains("5/10 km"))
        #expect(try sandbox.ok("done", "laufen", "--amount", "0,125").contains("5,125/10 km"))
    }

    @Test func badAmountsAndTargetsAreRefusedAndChangeNothing() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        _ = try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses")
        _ = try sandbox.ok("add", "Read")
        try sandbox.expectFailure(["done", "water", "--amount", "abc"], mentioning: "invalid amount")
        try sandbox.expectFailure(["done", "water", "--amount=-2"], mentioning: "invalid amount")
        try sandbox.expectFailure(["done", "water", "1.2345"], mentioning: "more than three decimals")
        try sandbox.expectFailure(["done", "water", "99999999999999999999"], mentioning: "too large")
        try sandbox.expectFailure(["done", "water", "1000000001"], mentioning: "too large")
        try sandbox.expectFailure(["done", "water", "--amount", "1000000000.001"], mentioning: "too large")
        try sandbox.expectFailure(["done", "read", "--amount", "2"], mentioning: "yes/no quest")
        try sandbox.expectFailure(["done", "read", "--set", "2"], mentioning: "yes/no quest")
        try sandbox.expectFailure(["add", "Tea", "--target", "2", "--at-most", "3"], mentioning: "not both")
        try sandbox.expectFailure(["add", "Tea", "--target=-1"], mentioning: "invalid amount")
        try sandbox.expectFailure(["add", "Tea", "--target", "x"], mentioning: "invalid amount")
        try sandbox.expectFailure(["add", "Tea", "--at-most", "0.0001"], mentioning: "three decimals")
        try sandbox.expectFailure(
            ["add", "Tea", "--target", "2", "--unit", String(repeating: "u", count: 201)], mentioning: "unit")
        try sandbox.expectFailure(["add", "Tea", "--unit", "cups"], mentioning: "--unit")
        try sandbox.expectFailure(["undo", "water"], mentioning: "no amount to undo")
        _ = try sandbox.ok("done", "water", "5")
        try sandbox.expectFailure(["done", "water", "--set", "3"], mentioning: "--set")
    }

    @Test func editChangesTheTargetFromTodayOnAndEarlierDaysKeepTheirs() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        _ = try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses")
        _ = try sandbox.ok("done", "water", "8")
        let tomorrow = ["QUESTS_NOW": "2026-03-03T08:00"]
        #expect(try sandbox.ok("edit", "water", "--target", "10", extra: tomorrow).contains("10 glasses"))
        #expect(try sandbox.ok("done", "water", "8", extra: tomorrow).contains("8/10 glasses"))
        let yesterday = try sandbox.json("board", "--date", "yesterday", "--json", extra: tomorrow)
        #expect(try entry(yesterday, "Water")["target"] as? Double == 8)
        #expect(try entry(yesterday, "Water")["state"] as? String == "completed")
        #expect(try sandbox.ok("edit", "water", "--unit", "cups", extra: tomorrow).contains("10 cups"))
    }

    @Test func groupsShowBesideTitlesAndFilterTheBoardAndTheList() throws {
        let sandbox = try Sandbox(now: "2026-03-02T08:00", zone: "Europe/Berlin")
        #expect(try sandbox.ok("add", "Water", "--target", "8", "--group", "Health").contains("Water (Health)"))
        _ = try sandbox.ok("add", "Stretch", "--group", "health")
        _ = try sandbox.ok("add", "Report", "--group", "Work")
        _ = try sandbox.ok("add", "Read")
        let board = try sandbox.ok("board")
        #expect(board.contains("Water · Health") && board.contains("Report · Work"))
        let health = try sandbox.json("board", "--group", "HEALTH", "--json")
        let titles = (health["quests"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted()
        #expect(titles == ["Stretch", "Water"])
        #expect(try entry(health, "Water")["group"] as? String == "Health")
        #expect(try entry(try sandbox.json("board", "--json"), "Read")["group"] is NSNull)
        let list = try sandbox.json("list", "--group", "work", "--json")
        #expect((list["quests"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Report"])
        _ = try sandbox.ok("edit", "read", "--group", "Work")
        #expect(try sandbox.ok("list", "--group", "Work").contains("Read"))
        _ = try sandbox.ok("edit", "read", "--group", "")
        #expect(!(try sandbox.ok("list", "--group", "Work").contains("Read")))
        try sandbox.expectFailure(
            ["add", "Tea", "--group", String(repeating: "g", count: 201)], mentioning: "group")
        let show = try sandbox.json("show", "water", "--json")
        #expect(
            show["group"] as? String == "Health" && show["target"] as? Double == 8 && show["amount"] as? Double == 0)
    }
}
