import Foundation
import Testing

/// `quests focus` end to end: the day's main quest and tasks, their payments, the board and `next`, every
/// bad input of the focus as one line that changes nothing, and the celebrations.
@Suite struct FocusCommandTests {
    /// Today (2026-11-21) with a main quest and three tasks, and a quest on the board.
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Drink water")
        try sandbox.ok("focus", "goal", "Ship the draft")
        try sandbox.ok("focus", "add", "Write the intro", "--priority", "high", "--at", "09:00-10:30")
        try sandbox.ok("focus", "add", "Write the outro")
        try sandbox.ok("focus", "add", "Call the printer", "--priority", "low", "--reward", "15")
        return sandbox
    }

    @Test func aDayOfFocusPaysEachTaskAndTheMainQuest() throws {
        let sandbox = try sandbox()
        let focus = try sandbox.json("focus", "--json")
        #expect(focus["date"] as? String == "2026-11-21" && focus["limit"] as? Int == 3)
        let goal = try #require(focus["goal"] as? [String: Any])
        #expect(
            goal["title"] as? String == "Ship the draft" && goal["state"] as? String == "open"
                && goal["reward"] as? Int == 25)
        let tasks = try #require(focus["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["title"] as? String } == ["Write the intro", "Write the outro", "Call the printer"])
        #expect(tasks.map { $0["state"] as? String } == ["in-focus", "next-up", "next-up"])
        #expect(
            tasks[0]["at"] as? String == "09:00" && tasks[0]["until"] as? String == "10:30"
                && tasks[0]["priority"] as? String == "high")
        #expect(tasks[1]["at"] is NSNull && tasks[2]["reward"] as? Int == 15 && focus["offered"] is NSNull)
        // The board carries the same object, and shows the main quest above the tasks above the quests.
        let board = try sandbox.json("board", "--json")
        #expect((board["focus"] as? [String: Any])?["tasks"] as? [[String: Any]] != nil)
        let text = try sandbox.ok("board")
        let main = try #require(text.range(of: "MAIN QUEST  Ship the draft"))
        let task = try #require(text.range(of: "Write the intro"))
        let quest = try #require(text.range(of: "Drink water"))
        #expect(main.lowerBound < task.lowerBound && task.lowerBound < quest.lowerBound)
        // next puts the In Focus task first.
        let next = try sandbox.ok("next")
        #expect(next.hasPrefix("In Focus: Write the intro") && next.contains("#1 Drink water"))
        try sandbox.ok("focus", "done", "intro")
        try sandbox.ok("focus", "done", "2")
        let last = try sandbox.ok("focus", "done", "printer")
        #expect(last.contains("+40 DD") && last.contains("the main quest Ship the draft is achieved"))
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 60)
        let notYet = try sandbox.ok("focus", "not-yet")
        #expect(notYet.contains("-25 DD"))
        #expect(try sandbox.ok("focus", "achieved").contains("+25 DD"))
        #expect(try sandbox.ok("doctor").contains("No problems found"))
        let ledger = try sandbox.ok("ledger")
        #expect(ledger.contains("focus-task") && ledger.contains("focus-goal"))
    }

    @Test func everyBadInputIsOneLineAndChangesNothing() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(["focus", "add", ""], mentioning: "a focus task needs a title")
        try sandbox.expectFailure(["focus", "goal", " "], mentioning: "the main quest needs some words")
        try sandbox.expectFailure(
            ["focus", "add", String(repeating: "x", count: 201)], mentioning: "at most 200 characters")
        try sandbox.expectFailure(
            ["focus", "add", "Fourth"],
            mentioning: "already holds 3 focus tasks; make room with 'quests focus drop TASK'")
        try sandbox.expectFailure(
            ["focus", "add", "Later", "--date", "tomorrow", "--priority", "urgent"],
            mentioning: "invalid priority \"urgent\"")
        try sandbox.expectFailure(
            ["focus", "add", "Later", "--date", "tomorrow", "--at", "25:00"], mentioning: "invalid time \"25:00\"")
        try sandbox.expectFailure(
            ["focus", "add", "Later", "--date", "tomorrow", "--at", "10:00-09:00"], mentioning: "ends before it starts")
        try sandbox.expectFailure(
            ["focus", "done", "write"],
            mentioning: "\"write\" matches several tasks: #1 Write the intro, #2 Write the outro")
        try sandbox.expectFailure(["focus", "done", "9"], mentioning: "no task matches \"9\"")
        try sandbox.expectFailure(
            ["focus", "achieved", "--date", "yesterday"], mentioning: "2026-11-20 has no main quest")
        try sandbox.expectFailure(
            ["focus", "not-yet"], mentioning: "cannot take back the main quest \"Ship the draft\": it is not achieved")
        try sandbox.expectFailure(["focus", "carry"], mentioning: "nothing to carry over")
        try sandbox.expectFailure(["focus", "add", "Old", "--date", "2026-11-01"], mentioning: "more than 7 days ago")
        try sandbox.expectFailure(["focus", "done", "1", "--date", "tomorrow"], mentioning: "in the future")
        try sandbox.expectFailure(["focus", "undo", "1"], mentioning: "is not done; nothing to undo")
        try sandbox.expectFailure(["config", "focus-limit", "11"], mentioning: "focus-limit")
        try sandbox.expectFailure(["focus", "edit", "1"], mentioning: "nothing to change")
    }

    @Test func anEarlierDayIsOfferedAndCarriedWithinTheLimit() throws {
        let sandbox = try sandbox()
        try sandbox.ok("focus", "done", "intro")
        let tomorrow = ["QUESTS_NOW": "2026-11-22T08:30"]
        let offered = try sandbox.ok("focus", extra: tomorrow)
        #expect(offered.contains("From Saturday: the main quest and 2 tasks are not finished: quests focus carry"))
        let json = try sandbox.run(["focus", "--json"], extra: tomorrow)
        let offer = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["offered"]
                as? [String: Any])
        #expect(offer["from"] as? String == "2026-11-21" && offer["goal"] as? String == "Ship the draft")
        #expect(offer["tasks"] as? [String] == ["Write the outro", "Call the printer"])
        let carried = try sandbox.ok("focus", "carry", extra: tomorrow)
        #expect(
            carried.contains("Carried the main quest and 2 tasks over from 2026-11-21 to today")
                && carried.contains("carried over"))
        // Saturday keeps its history.
        let saturday = try sandbox.ok("focus", "--date", "yesterday", extra: tomorrow)
        #expect(saturday.contains("1 of 3 done"))
        #expect(try sandbox.ok("doctor", extra: tomorrow).contains("No problems found"))
    }

    /// Celebrations differ by action, never repeat twice in a row, and are plain text without a terminal.
    /// Another day than today: its hints carry the `--date` they need, a day still going offers nothing to
    /// carry, and it is named as a day ("Sunday 2026-11-22's focus", never "(tomorrow)'s").
    @Test func anotherDaysFocusHintsNameTheDayTheyActOn() throws {
        let sandbox = try sandbox()
        // Today (Saturday) has a focus with tasks unfinished, but it is not over: Sunday is offered none yet.
        let sunday = try sandbox.ok("focus", "--date", "tomorrow")
        #expect(sunday.contains(#"No main quest yet: quests focus goal "What matters most today" --date 2026-11-22"#))
        #expect(sunday.contains(#"quests focus add "Write the intro" --priority high --date 2026-11-22"#))
        #expect(!sunday.contains("not finished"), "\(sunday)")
        #expect(!(try sandbox.ok("board", "--date", "tomorrow").contains("not finished")))
        let added = try sandbox.ok("focus", "add", "Plan the week", "--date", "tomorrow")
        #expect(added.hasPrefix("Added Plan the week to Sunday 2026-11-22's focus ("), "\(added)")
        // On Monday, Sunday is over: Monday's focus offers it, Tuesday's with its --date.
        let monday = ["QUESTS_NOW": "2026-11-23T08:30"]
        #expect(
            try sandbox.ok("focus", extra: monday).contains("From Sunday: 1 task is not finished: quests focus carry\n")
        )
        #expect(
            try sandbox.ok("focus", "--date", "tomorrow", extra: monday).contains(
                "From Sunday: 1 task is not finished: quests focus carry --date 2026-11-24\n"))
    }

    @Test func celebrationsVaryAndArePlainWithoutATerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("config", "focus-limit", "10")
        var last: String?
        for index in 1...8 {
            try sandbox.ok("focus", "add", "Task \(index)")
            let output = try sandbox.ok("focus", "done", "task \(index)")
            #expect(!output.contains("\u{1B}["), "colour without a terminal")
            let cheer = output.split(separator: "\n")[1]
            #expect(String(cheer) != last, "the same cheer twice in a row")
            last = String(cheer)
        }
        try sandbox.ok("focus", "goal", "Big one")
        try sandbox.ok("focus", "add", "Final")
        let achieved = try sandbox.ok("focus", "achieved")
        #expect(achieved.contains("★★★") && !achieved.contains("\u{1B}["))
        let undo = try sandbox.ok("focus", "undo", "final")
        #expect(undo.split(separator: "\n").count >= 2)
    }
}
