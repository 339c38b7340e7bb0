import Foundation
import Testing

/// `quests board --interactive` in a real terminal (tmux): keys, redraws, and the terminal put back
/// however the board ends.
@Suite struct InteractiveBoardTests {
    /// The state of each quest on today's board, by title, read with `board --json`.
    func states(_ sandbox: Sandbox) throws -> [String: String] {
        let quests = try sandbox.json("board", "--json")["quests"] as? [[String: Any]] ?? []
        return Dictionary(
            uniqueKeysWithValues: quests.compactMap { quest in
                (quest["title"] as? String).map { ($0, quest["state"] as? String ?? "") }
            })
    }

    /// Whether `line` is the selected quest's row, for the quest titled `title`.
    static func selected(_ title: String) -> (Substring) -> Bool {
        { $0.hasPrefix(">") && $0.contains(title) }
    }

    @Test func keysMoveCompleteAndUndoThenQQuitsAndPutsTheTerminalBack() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Stretch")
        try sandbox.ok("add", "Water")
        try sandbox.ok("add", "Read", "--at", "21:00")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("Available (2)")
        try pane.waitFor("Stretch selected", Self.selected("Stretch"))
        #expect(try pane.show("#{alternate_on} #{cursor_flag} #{wrap_flag}") == "1 0 0")
        #expect(try pane.screen().contains("↑↓ move · space done · u undo · ? keys · q quit"))

        try pane.send("j")
        try pane.waitFor("Water selected", Self.selected("Water"))
        try pane.send("Enter")
        try pane.waitFor("✓ Water completed for today: +10 DD · balance 10 DD")
        #expect(try states(sandbox)["Water"] == "completed")
        // The cursor stays with the quests still open: on Read, below Water, not on Water in Completed.
        try pane.waitFor("Read selected", Self.selected("Read"))
        try pane.send("Down")
        try pane.waitFor("Water selected", Self.selected("Water"))
        try pane.send("u")
        try pane.waitFor("Undid Water for 2026-11-21: -10 DD · balance 0 DD")
        #expect(try states(sandbox)["Water"] == "available")

        try pane.send("k", "Space")
        try pane.waitFor("✓ Stretch completed for today: +10 DD · balance 10 DD")
        try pane.waitFor("Completed (1)")
        try pane.waitFor("Water selected", Self.selected("Water"))
        // u takes back what was just done, though the cursor moved on by itself, and goes back to it.
        try pane.send("u")
        try pane.waitFor("Undid Stretch for 2026-11-21: -10 DD · balance 0 DD")
        try pane.waitFor("Stretch selected again", Self.selected("Stretch"))
        #expect(try states(sandbox)["Water"] == "available")
        try pane.send("Space")
        try pane.waitFor("✓ Stretch completed for today: +10 DD · balance 10 DD")
        try pane.waitFor("Water selected", Self.selected("Water"))
        // Read has not opened: Enter is refused, naming the key that completes it early.
        try pane.send("Down")
        try pane.waitFor("Read selected", Self.selected("Read"))
        try pane.send("Enter")
        try pane.waitFor("error: \"Read\" opens at 21:00; press e to complete it now")
        try pane.send("e")
        try pane.waitFor("✓ Read completed for today: +10 DD · balance 20 DD")

        try pane.send("q")
        try pane.expectRestored(exitStatus: 0)
        #expect(try states(sandbox) == ["Stretch": "completed", "Water": "available", "Read": "completed"])
    }

    /// The state of each of today's focus tasks, by title, read with `focus --json`.
    func taskStates(_ sandbox: Sandbox) throws -> [String: String] {
        let tasks = try sandbox.json("focus", "--json")["tasks"] as? [[String: Any]] ?? []
        return Dictionary(
            uniqueKeysWithValues: tasks.compactMap { task in
                (task["title"] as? String).map { ($0, task["state"] as? String ?? "") }
            })
    }

    @Test func theCursorStartsOnTheTaskInFocusAndKeysCompleteAndUndoFocusTasks() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Stretch")
        try sandbox.ok("focus", "goal", "Ship the draft")
        try sandbox.ok("focus", "add", "Write the intro", "--priority", "high")
        try sandbox.ok("focus", "add", "Call the printer")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("MAIN QUEST  Ship the draft")
        try pane.waitFor("the In Focus task selected", Self.selected("Write the intro"))

        try pane.send("Enter")
        try pane.waitFor("✓ Write the intro done: +10 DD · balance 10 DD")
        #expect(try taskStates(sandbox)["Write the intro"] == "completed")
        // On to the task now In Focus; u takes back the task just done, back on it.
        try pane.waitFor("the next task selected", Self.selected("Call the printer"))
        try pane.send("u")
        try pane.waitFor("Undid Write the intro")
        try pane.waitFor("the undone task selected", Self.selected("Write the intro"))
        #expect(try taskStates(sandbox)["Write the intro"] == "in-focus")
        // Moved by hand, u acts on the task under the cursor: not done, nothing to undo; a task is not skipped.
        try pane.send("j")
        try pane.waitFor("the next task selected", Self.selected("Call the printer"))
        try pane.send("u")
        try pane.waitFor("is not done; nothing to undo")
        try pane.send("s")
        try pane.waitFor("a focus task is not skipped")
        // Both done again: the last task achieves the main quest by itself.
        try pane.send("k", "Space")
        try pane.waitFor("✓ Write the intro done: +10 DD · balance 10 DD")
        try pane.waitFor("the next task selected", Self.selected("Call the printer"))
        try pane.send("Space")
        try pane.waitFor("Every task is done: the main quest Ship the draft")
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 45)
        // Up to the first task and undo it: the main quest opens again.
        try pane.send("k")
        try pane.waitFor("the first task selected", Self.selected("Write the intro"))
        try pane.send("u")
        try pane.waitFor("The main quest is open again.")
        #expect(try taskStates(sandbox)["Write the intro"] == "in-focus")
        // Down past the tasks to the quests.
        try pane.send("j", "j")
        try pane.waitFor("the quest selected", Self.selected("Stretch"))
        try pane.send("Enter")
        try pane.waitFor("✓ Stretch completed for today: +10 DD")

        try pane.send("q")
        try pane.expectRestored(exitStatus: 0)
        #expect(try states(sandbox) == ["Stretch": "completed"])
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 20)
    }

    @Test func atFiftyColumnsEveryLineFitsAndSkipAndHelpWork() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Practise the long scales and arpeggios", "--at", "21:00")
        try sandbox.ok("add", "Stretch")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("Stretch selected", Self.selected("Stretch"))
        try pane.resize(width: 50)
        try pane.send("Down")
        try pane.waitFor("the long quest selected", Self.selected("Practis"))
        try pane.send("Enter")
        // The refusal is cut to the width with "…", not run into the margin.
        let screen = try pane.waitFor("the refusal, cut") { $0.hasPrefix("error: \"Practise") && $0.hasSuffix("…") }
        for line in screen.split(separator: "\n") {
            #expect(line.count <= 50, "line wider than 50 columns: \(line)")
        }
        try pane.send("?")
        try pane.waitFor("s            skip it today")
        try pane.send("?")
        try pane.waitForScreen("the help hidden again") { !$0.contains("skip it today") && $0.contains("? keys") }
        try pane.send("s")
        try pane.waitFor("Skipped (1)")
        #expect(try states(sandbox)["Practise the long scales and arpeggios"] == "skipped")
        try pane.send("Up", "Up", "Down")
        try pane.waitFor("the skipped quest selected again", Self.selected("Practis"))
        try pane.send("u")
        try pane.waitFor("Upcoming (1)")
        #expect(try states(sandbox)["Practise the long scales and arpeggios"] == "upcoming")
        try pane.send("q")
        try pane.expectRestored(exitStatus: 0)
    }

    /// + adds one to a counted or limit quest (a yes/no quest or a task refuses it), ? lists it, and u takes
    /// back the amount just added, the cursor still on it.
    @Test func plusAddsOneToACountedQuestAndUTakesItBack() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Water", "--target", "3", "--unit", "glasses")
        try sandbox.ok("add", "Stretch")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("Stretch selected", Self.selected("Stretch"))
        try pane.send("?")
        try pane.waitFor("+            add one to a counted or limit quest")
        try pane.send("Space")
        try pane.waitFor("✓ Stretch completed for today: +10 DD · balance 10 DD")
        try pane.waitFor("Water selected", Self.selected("Water"))
        try pane.send("+")
        try pane.waitFor("1 glasses recorded for Water, today: 1/3 glasses")
        try pane.send("+")
        try pane.waitFor("1 glasses recorded for Water, today: 2/3 glasses")
        // u takes back the amount just added, not Stretch, done before the cursor moved on.
        try pane.send("u")
        try pane.waitFor("Took back 1 glasses of Water for 2026-11-21: 1/3 glasses · +0 DD · balance 10 DD")
        #expect(try states(sandbox) == ["Stretch": "completed", "Water": "available"])
        try pane.send("Down")
        try pane.waitFor("Stretch selected", Self.selected("Stretch"))
        try pane.send("+")
        try pane.waitFor("\"Stretch\" is a yes/no quest and takes no amount")
        try pane.send("Up", "+", "+")
        try pane.waitFor("✓ Water completed for today with 3/3 glasses: +10 DD · balance 20 DD")
        try pane.send("u")
        try pane.waitFor("Took back 1 glasses of Water for 2026-11-21: 2/3 glasses · -10 DD · balance 10")
        try pane.send("q")
        try pane.expectRestored(exitStatus: 0)
        let water = try #require(
            (try sandbox.json("board", "--json")["quests"] as? [[String: Any]])?.first {
                $0["title"] as? String == "Water"
            })
        #expect(water["amount"] as? Double == 2)
    }

    @Test func clearingTheDayCelebratesAsCompleteDoes() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Stretch")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("Stretch selected", Self.selected("Stretch"))
        try pane.send("Space")
        try pane.waitFor("The only quest is done for 2026-11-21.")
        try pane.waitFor("★ Achievement unlocked")
        try pane.send("Escape")
        try pane.expectRestored(exitStatus: 0)
    }

    @Test func resizingRedrawsTheBoardToTheNewWidth() throws {
        let sandbox = try Sandbox()
        let title = "Practise the long scales and arpeggios in all keys"
        try sandbox.ok("add", title)
        let pane = try TmuxPane(sandbox)
        try pane.waitFor(title)
        try pane.resize(width: 60)
        // The title is shortened so that the row, reward included, fits the 60 columns.
        let screen = try pane.waitFor("a shortened row") { $0.contains("Practise the long") && $0.contains("…") }
        let row = screen.split(separator: "\n").first { $0.contains("Practise the long") } ?? ""
        #expect(row.hasSuffix("+10 DD"), "row: \(row)")
        #expect(screen.contains("q quit"))
        try pane.send("Escape")
        try pane.expectRestored(exitStatus: 0)
    }

    @Test func aQuestOpeningAndANewDayRedrawTheBoardByThemselves() throws {
        let opening = try Sandbox(now: "2026-11-21T08:59:50")
        try opening.ok("add", "Practice", "--at", "09:00")
        let midnight = try Sandbox(now: "2026-11-21T23:59:50")
        let panes = try (TmuxPane(opening), TmuxPane(midnight))
        try panes.0.waitFor("Upcoming (1)")
        try panes.1.waitFor("Saturday 2026-11-21 (today)")
        try panes.0.waitFor("Available (1)")
        try panes.1.waitFor("Sunday 2026-11-22 (today)")
        try panes.0.send("q")
        try panes.1.send("q")
        try panes.0.expectRestored(exitStatus: 0)
        try panes.1.expectRestored(exitStatus: 0)
    }

    /// Ctrl-C, SIGTERM and a crash (SIGSEGV) end the board with their usual status, the terminal put back.
    @Test(arguments: zip(["C-c", "", ""], [SIGINT, SIGTERM, SIGSEGV]))
    func anEndingSignalPutsTheTerminalBack(key: String, signal: Int32) throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Stretch")
        let pane = try TmuxPane(sandbox)
        try pane.waitFor("Available (1)")
        if key.isEmpty {
            let board = try pane.boardProcess()
            kill(board, signal)
        } else {
            try pane.send(key)
        }
        try pane.expectRestored(exitStatus: 128 + signal)
    }

    @Test func withoutATerminalItRefusesInOneLine() throws {
        let sandbox = try Sandbox()
        try sandbox.expectFailure(["board", "--interactive"], mentioning: "--interactive needs a terminal")
        let fresh = try Sandbox()
        let result = try fresh.run("board", "--interactive")
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: fresh.home + "/store.sqlite"), "the refusal created the store")
        let mixed = try fresh.run("board", "--interactive", "--json")
        #expect(
            mixed.status != 0 && mixed.stderr.hasPrefix("error: --interactive shows today's board"), "\(mixed.stderr)")
    }
}
