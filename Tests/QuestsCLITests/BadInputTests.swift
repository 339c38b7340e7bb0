import Foundation
import Testing

@testable import QuestsStore

/// Every bad input gets one `error:` line on stderr, a non-zero exit, nothing on stdout, and no change.
@Suite struct BadInputTests {
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--at", "21:00")
        try sandbox.ok("add", "Read news")
        try sandbox.ok("add", "Morning run", "--days", "weekdays")
        try sandbox.ok("done", "read news")
        return sandbox
    }

    @Test func malformedMomentsAreErrorsNotIgnored() throws {
        let sandbox = try sandbox()
        for bad in ["tomorrow", "2026-11-21", "2026-13-01T08:00", "2026-11-21T08:30+25:00", "21/11/2026 08:30"] {
            try sandbox.expectFailure(["board"], mentioning: "QUESTS_NOW", extra: ["QUESTS_NOW": bad])
        }
        try sandbox.expectFailure(["done", "read news"], mentioning: "QUESTS_NOW", extra: ["QUESTS_NOW": "soon"])
    }

    @Test func questReferenceMistakes() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(["done", "raed"], mentioning: "no quest matches \"raed\"")
        try sandbox.expectFailure(["done", "42"], mentioning: "no quest matches \"42\"")
        try sandbox.expectFailure(["done", "nwes"], mentioning: "did you mean #2 Read news?")
        try sandbox.expectFailure(["done", "rea"], mentioning: "#1 Read, #2 Read news")
        try sandbox.expectFailure(["edit", "raed", "--reward", "5"], mentioning: "no quest matches")
        try sandbox.expectFailure(["archive", "nothing"], mentioning: "no quest matches")
        try sandbox.expectFailure(["undo", "xyz"], mentioning: "no quest matches")
    }

    @Test func malformedDatesAndDays() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(
            ["done", "read news", "--date", "2026-02-30"], mentioning: "invalid date \"2026-02-30\"")
        try sandbox.expectFailure(["done", "read news", "--date", "last week"], mentioning: "invalid date")
        try sandbox.expectFailure(["board", "--date", "31/12/2026"], mentioning: "invalid date")
        try sandbox.expectFailure(["ledger", "--since", "someday"], mentioning: "invalid date")
        try sandbox.expectFailure(["done", "read", "--date", "tomorrow"], mentioning: "in the future")
        try sandbox.expectFailure(
            ["done", "read", "--early", "--date", "2026-11-01"], mentioning: "more than 7 days ago")
    }

    @Test func questsThatCannotBeCompletedNow() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(["done", "read"], mentioning: "opens at 21:00; use --early")
        try sandbox.expectFailure(["done", "morning"], mentioning: "not scheduled on Saturday")
        try sandbox.expectFailure(["undo", "read"], mentioning: "not completed")
    }

    @Test func badQuestDefinitions() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(["add", "Stretch", "--at", "25:00"], mentioning: "invalid time \"25:00\"")
        try sandbox.expectFailure(["add", "Stretch", "--at", "7pm"], mentioning: "invalid time")
        try sandbox.expectFailure(["add", "Stretch", "--days", "mon,funday"], mentioning: "invalid days")
        try sandbox.expectFailure(["add", "Stretch", "--reward", "-5"], mentioning: "invalid reward")
        try sandbox.expectFailure(["add", "Stretch", "--reward", "lots"], mentioning: "invalid reward")
        try sandbox.expectFailure(["add", "read"], mentioning: "already exists (#1)")
        try sandbox.expectFailure(["add", "   "], mentioning: "a quest needs a title")
        try sandbox.expectFailure(["shop", "add", "", "--price", "5"], mentioning: "a reward needs a title")
        try sandbox.expectFailure(["add"], mentioning: "missing expected argument")
        try sandbox.expectFailure(["edit", "read"], mentioning: "nothing to change")
        try sandbox.expectFailure(
            ["edit", "read", "--at", "07:00", "--any-time"], mentioning: "cannot be used together")
        try sandbox.expectFailure(["board", "--colour", "never"], mentioning: "unknown option")
        try sandbox.expectFailure(
            ["frobnicate"], mentioning: "'frobnicate' is not a quests command; see 'quests --help'")
    }

    @Test func badSettings() throws {
        let sandbox = try sandbox()
        try sandbox.expectFailure(["config", "colour"], mentioning: "unknown setting")
        // Every key config takes, this machine's own too.
        try sandbox.expectFailure(
            ["config", "nonsense", "3"],
            mentioning:
                "unknown setting \"nonsense\": use one of day-start, week-start, backfill-days, freeze-price, "
                + "focus-limit, focus-task-reward, focus-goal-reward, focus-checkins, journal-quest, nudge-at, nudges, sync-dir, language, backup-dir, backup-keep"
        )
        try sandbox.expectFailure(["config", "day-start", "3am"], mentioning: "expected a time")
        try sandbox.expectFailure(["config", "week-start", "friday"], mentioning: "monday or sunday")
        try sandbox.expectFailure(["config", "backfill-days", "many"], mentioning: "from 0 to 3650")
        try sandbox.expectFailure(["config", "backfill-days", "-2"], mentioning: "-2")
    }

    @Test func aDamagedOrForeignStoreIsRefusedUntouched() throws {
        let sandbox = try Sandbox()
        let path = sandbox.home + "/notes.txt"
        let text = Data(String(repeating: "not a database\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let result = try sandbox.run("board", "--db", path)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: the store \(path) is damaged or not a quests store ("))
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    /// A record edited behind quests' back is named by its kind and what names it, in the reader's language.
    @Test func aDamagedRecordIsNamedByItsKindAndKey() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "read")
        let connection = try Connection(path: sandbox.home + "/store.sqlite", access: .readWrite)
        try connection.execute("UPDATE completion SET completed_at = 'soon'")
        let english = try sandbox.run("undo", "read")
        #expect(english.status == 1)
        #expect(
            english.stderr
                == "error: the store holds a damaged record (completion of quest #1 for 2026-11-21); "
                + "was it edited by hand? Nothing was changed\n")
        let german = try sandbox.run("undo", "read", extra: ["LANG": "de_DE.UTF-8"])
        #expect(
            german.stderr
                == "Fehler: der Speicher enthält einen beschädigten Datensatz (Erledigung von Quest #1 für "
                + "21.11.2026); wurde er von Hand bearbeitet? Nichts wurde verändert\n")
        // A day no day is, with the completion named by its UUID and the damaged field.
        try connection.execute("UPDATE completion SET day = '2026-13-01'")
        let id = try #require(try connection.prepare("SELECT uuid FROM completion").firstRow { $0.text(0) })
        let doctor = try sandbox.run("doctor", extra: ["LANG": "ja_JP.UTF-8"])
        #expect(doctor.stderr == "エラー: ストアに壊れたレコード (完了 \(id)、フィールド day) があります。手で編集しましたか? 何も変更していません\n")
    }

    /// Vacations are read through their declaration: one whose moment is damaged is named by its UUID, and
    /// a command that reads them changes nothing.
    @Test func aDamagedVacationIsNamedByItsUUID() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("vacation", "add", "2026-11-23", "2026-11-25")
        let connection = try Connection(path: sandbox.home + "/store.sqlite", access: .readWrite)
        try connection.execute("UPDATE vacation SET added_at = 'soon'")
        let id = try #require(try connection.prepare("SELECT uuid FROM vacation").firstRow { $0.text(0) })
        for result in [try sandbox.run("vacation", "list"), try sandbox.run("log")] {
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "error: the store holds a damaged record (vacation \(id)); was it edited by hand? "
                    + "Nothing was changed\n")
        }
    }

    @Test func aStoreInAnUnwritableFolderIsAClearError() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("board", "--db", "/proc/quests/store.sqlite")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: cannot create the store at /proc/quests/store.sqlite"))
    }
}

@Suite struct OutputTests {
    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        #expect(!(try sandbox.ok("board")).contains("\u{1B}["))  // a pipe is not a terminal
        #expect(try sandbox.ok("board", "--color", "always").contains("\u{1B}["))
        #expect(!(try sandbox.ok("board", "--color", "auto", extra: ["NO_COLOR": "1"])).contains("\u{1B}["))
    }

    @Test func controlCharactersInUserTextAreNotPrinted() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}quest\rX", "--notes", "line\u{1B}[31m")
        for output in [try sandbox.ok("board"), try sandbox.ok("list"), try sandbox.ok("done", "evil")] {
            #expect(!output.contains("\u{1B}"))
            #expect(!output.contains("\u{07}"))
            #expect(!output.contains("\r"))
            #expect(output.contains("Evil[2J]0;pwnedquestX"))
        }
        // JSON keeps the text exactly, escaped.
        let list = try sandbox.json("list", "--json")
        #expect(
            (list["quests"] as? [[String: Any]])?.first?["title"] as? String
                == "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}quest\rX")
    }
}
