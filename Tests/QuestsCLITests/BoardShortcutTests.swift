import Foundation
import Testing

/// `quests` and `quests board` skip argument parsing; they must behave exactly like the parsed board.
@Suite struct BoardShortcutTests {
    @Test func theShortcutPrintsWhatTheParsedBoardPrints() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--at", "21:00")
        try sandbox.ok("add", "Drink water")
        try sandbox.ok("done", "drink")
        let parsed = try sandbox.ok("board", "--color", "never")
        #expect(parsed.contains("Drink water"))
        #expect(try sandbox.ok() == parsed)
        #expect(try sandbox.ok("board") == parsed)
        #expect(try sandbox.ok(extra: ["NO_COLOR": "1"]) == parsed)
    }

    @Test func theShortcutFailsLikeTheParsedBoard() throws {
        let sandbox = try Sandbox()
        for arguments in [[], ["board"], ["board", "--color", "auto"]] {
            let result = try sandbox.run(arguments, extra: ["QUESTS_NOW": "yesterday-ish"])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "error: QUESTS_NOW=\"yesterday-ish\" is not a date-time: use 2026-11-21T08:30 or 2026-11-21T08:30:00+01:00\n"
            )
        }
    }
}
