import Foundation
import Testing

/// What a new user's first week ran into (issue 29), each through the real binary.
@Suite struct NewUserWeekTests {
    /// Two machines' stores in one sandbox, and a folder for them to sync through.
    static func twoMachines() throws -> (
        Sandbox, share: String, laptop: SyncCommandTests.Machine, desktop: SyncCommandTests.Machine
    ) {
        let sandbox = try Sandbox()
        let share = sandbox.home + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        return (
            sandbox, share, SyncCommandTests.Machine(sandbox: sandbox, name: "laptop"),
            SyncCommandTests.Machine(sandbox: sandbox, name: "desktop")
        )
    }

    @Test func aWordThatStartsTwoTitlesIsAmbiguousNotTheFirstPrefix() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Water plants")
        try sandbox.ok("add", "Drink water")
        try sandbox.expectFailure(
            ["done", "water"], mentioning: "matches several quests: #1 Water plants, #2 Drink water")
        // An exact title, a unique start and a unique word still name one quest.
        #expect(try sandbox.ok("done", "water plants").contains("Water plants completed"))
        #expect(try sandbox.ok("done", "drink").contains("Drink water completed"))

        try sandbox.ok("shop", "add", "Water gun", "--price", "5")
        try sandbox.ok("shop", "add", "Sparkling water", "--price", "5")
        try sandbox.expectFailure(["shop", "buy", "water"], mentioning: "matches several rewards")
        try sandbox.expectFailure(["pack", "show", "s"], mentioning: "matches several packs")
        #expect(try sandbox.ok("pack", "show", "routine").contains("Morning Routine"))
    }

    @Test func aFlexibleQuestWhoseQuotaOtherDaysMetReadsQuotaMetNotDone() throws {
        let sandbox = try Sandbox(now: "2026-11-16T08:00")
        try sandbox.ok("add", "Gym", "--days", "3/week", "--reward", "25")
        for day in ["16", "17", "18"] {
            try sandbox.ok("done", "gym", extra: ["QUESTS_NOW": "2026-11-\(day)T09:00"])
        }
        let sunday = ["QUESTS_NOW": "2026-11-22T10:00"]
        let shown = try sandbox.ok("show", "gym", extra: sunday)
        #expect(shown.contains("Today      quota met · 3/3 this week"), "show: \(shown)")
        #expect(!shown.contains("completed · any time"))
        let board = try sandbox.ok("board", extra: sunday)
        let row = board.split(separator: "\n").first { $0.contains("Gym") } ?? ""
        #expect(row.hasSuffix("quota met  3/3 this week"), "row: \(row)")
        #expect(!row.contains("DD"), "row: \(row)")
        // On a day it was done, it reads done with what it paid.
        let wednesday = try sandbox.ok("board", "--date", "2026-11-18", extra: sunday)
        #expect(wednesday.contains("+25 DD  done  3/3 this week"), "board: \(wednesday)")
    }

    @Test func everyLedgerEntryIsInTheLogAndStatsAddUpToTheLedger() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Work", "--reward", "80")
        try sandbox.ok("add", "Read")
        try sandbox.ok("done", "work")
        try sandbox.ok("done", "read")
        try sandbox.ok("undo", "read")
        try sandbox.ok("freeze", "buy")
        let log = try sandbox.ok("log", "--month", "2026-11")
        #expect(log.contains("    freeze       streak freeze · -50 DD"), "log: \(log)")
        #expect(log.contains("    quest-reward Read · 2026-11-21 · +10 DD"), "log: \(log)")
        #expect(log.contains("    undo         Read · 2026-11-21 · -10 DD"), "log: \(log)")
        // Earned less spent is what the ledger moved: 80 + 10 - 10 earned, 50 spent, balance 30.
        #expect(log.contains("80 DD earned · 50 DD spent"), "log: \(log)")
        let stats = try sandbox.json("stats", "--month", "2026-11", "--json")
        let figures = stats["current"] as? [String: Any]
        #expect(figures?["earned"] as? Int == 80 && figures?["spent"] as? Int == 50, "stats: \(stats)")
        #expect(try sandbox.ok("wallet").hasPrefix("Balance: 30 DD"))
    }

    @Test func theLedgerIsInTimeOrderOnEveryMachineWhateverOrderSyncBroughtItIn() throws {
        let (sandbox, share, laptop, desktop) = try Self.twoMachines()
        try laptop.ok("add", "Work", "--reward", "100")
        try laptop.ok("done", "work")
        try laptop.ok("shop", "add", "Coffee", "--price", "10")
        for machine in [laptop, desktop] { try machine.ok("config", "sync-dir", share) }
        try laptop.ok("sync")
        try desktop.ok("sync")
        try desktop.ok("shop", "buy", "coffee", at: "2026-11-21T09:10")
        try laptop.ok("shop", "buy", "coffee", at: "2026-11-21T09:20")
        try laptop.ok("sync", at: "2026-11-21T09:30")
        try desktop.ok("sync", at: "2026-11-21T09:31")
        try laptop.ok("sync", at: "2026-11-21T09:32")
        let ledger = try laptop.ok("ledger", at: "2026-11-21T09:40")
        // (A reward that came by sync says so in its memo.)
        let other = try desktop.ok("ledger", at: "2026-11-21T09:40").replacingOccurrences(of: " (sync)", with: "")
        #expect(ledger == other, "laptop:\n\(ledger)\ndesktop:\n\(other)")
        let times = ledger.split(separator: "\n").compactMap { line in
            line.split(separator: " ").dropFirst().first.map(String.init)
        }
        .filter { $0.count == 5 && $0.contains(":") }
        #expect(times == times.sorted(by: >), "ledger: \(ledger)")
        #expect(times.prefix(2) == ["09:20", "09:10"], "ledger: \(ledger)")
        withExtendedLifetime(sandbox) {}  // its folder holds both machines' stores
    }

    @Test func anUnknownLedgerKindListsTheKindsAndTheShopsWordsWork() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Work", "--reward", "100")
        try sandbox.ok("done", "work")
        try sandbox.ok("shop", "add", "Coffee", "--price", "10")
        try sandbox.ok("shop", "buy", "coffee")
        try sandbox.expectFailure(
            ["ledger", "--kind", "purchased"],
            mentioning: "there is no ledger kind 'purchased': use quest-reward, redemption, undo")
        let purchases = try sandbox.ok("ledger", "--kind", "purchase")
        #expect(purchases.contains("redemption") && !purchases.contains("quest-reward"), "ledger: \(purchases)")
    }

    @Test func errorsPointAtTheFix() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Drink water")
        try sandbox.expectFailure(
            ["add", "Gym", "--days", "3 per week"], mentioning: "3/week or 8/month (every third day: --every 3)")
        try sandbox.expectFailure(
            ["add", "-5"], mentioning: "to give -5 as a value, put -- before it (quests add -- -5)")
        #expect(try sandbox.ok("add", "--", "-5").hasPrefix("Added #2 -5"))
        try sandbox.expectFailure(
            ["--date", "yesterday", "done", "drink"],
            mentioning: "--date belongs to 'done': put it after the command (quests done drink --date yesterday)")
        try sandbox.expectFailure(
            ["done", "-1"], mentioning: "to give -1 as a value, put -- before it (quests done -- -1)")
        for word in ["rm", "remove"] {
            try sandbox.expectFailure([word, "2"], mentioning: "did you mean 'quests delete' or 'quests archive'?")
        }
        try sandbox.expectFailure(["shop", "refund"], mentioning: "did you mean 'quests shop undo'?")
        let at = try sandbox.run("add", "Late", "--at", "25:00")
        #expect(
            at.stderr
                == "error: invalid time \"25:00\" for --at: use HH:MM on a 24-hour clock, such as 07:30 or 21:00 (see 'quests add --help')\n"
        )
    }

    @Test func aWeekdayPlansAheadForAVacationAndLooksBackForCompleting() throws {
        // 2026-11-21 is a Saturday.
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", extra: ["QUESTS_NOW": "2026-11-16T08:00"])
        #expect(try sandbox.ok("vacation", "add", "sun").contains("Vacation 2026-11-22 added"))
        #expect(try sandbox.ok("vacation", "add", "fri", "mon").contains("Vacation 2026-11-27 – 2026-11-30 added"))
        #expect(try sandbox.ok("done", "read", "--date", "thu").contains("completed for Thursday 2026-11-19"))
        // On its last day the board says so rather than "until" today.
        let board = try sandbox.ok("board", extra: ["QUESTS_NOW": "2026-11-22T09:00"])
        #expect(board.contains("On vacation, last day today"), "board: \(board)")
    }

    @Test func theCalendarCountsWhatItWroteAndTheArchivedApart() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("add", "Old")
        try sandbox.ok("archive", "old")
        let file = sandbox.home + "/q.ics"
        #expect(
            try sandbox.ok("calendar", file)
                == "Wrote the schedules of 1 quest and the past schedules of 1 archived to \(file).\n")
    }

    @Test func severalQuestsCompleteEachAndOneFailureStopsNoneOfTheOthers() throws {
        let sandbox = try Sandbox()
        for title in ["Stretch", "Water", "Read"] { try sandbox.ok("add", title) }
        try sandbox.ok("add", "Late", "--at", "22:00")
        let result = try sandbox.run("done", "1", "4", "nope", "3")
        #expect(result.status != 0)
        #expect(
            result.stdout.contains("✓ Stretch completed") && result.stdout.contains("✓ Read completed"),
            "stdout: \(result.stdout)")
        #expect(
            result.stderr
                == "error: \"Late\" opens at 22:00; use --early to complete it now\nerror: no quest matches \"nope\"; see 'quests list --all'\n"
        )
        let states = try sandbox.json("board", "--json")["quests"] as? [[String: Any]] ?? []
        #expect(
            states.filter { $0["state"] as? String == "completed" }.compactMap { $0["title"] as? String }.sorted() == [
                "Read", "Stretch",
            ])
        #expect(try sandbox.run("done", "2").status == 0)
    }

    @Test func aFutureDayCanBeSkippedAndTheSkipTakenBack() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Gym")
        #expect(try sandbox.ok("skip", "gym", "--date", "tomorrow").contains("2026-11-22"))
        let tomorrow = try sandbox.json("board", "--date", "tomorrow", "--json")["quests"] as? [[String: Any]] ?? []
        #expect(tomorrow.first?["state"] as? String == "skipped")
        try sandbox.ok("unskip", "gym", "--date", "2026-11-22")
        let again = try sandbox.json("board", "--date", "tomorrow", "--json")["quests"] as? [[String: Any]] ?? []
        #expect(again.first?["state"] as? String == "upcoming")
    }

    @Test func theLogAsCSVIsReadBackByPythonAndAddsUpToTheBalance() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Run, then \"stretch\"", "--reward", "80", extra: ["QUESTS_NOW": "2026-11-20T08:00"])
        try sandbox.ok("done", "run", "--note", "5 km\r\nwindy", extra: ["QUESTS_NOW": "2026-11-20T09:00"])
        try sandbox.ok("done", "run")
        try sandbox.ok("shop", "add", "Cake", "--price", "15")
        try sandbox.ok("shop", "buy", "cake")
        try sandbox.ok("freeze", "buy")
        let csv = try sandbox.ok("log", "--csv")
        #expect(csv.hasPrefix("date,kind,title,amount,note,quantity,unit\r\n"))
        let script = """
            import csv, io, json, sys
            print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline="")))))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(csv.utf8))
        try input.fileHandleForWriting.close()
        let rows =
            try JSONSerialization.jsonObject(with: output.fileHandleForReading.readDataToEndOfFile()) as? [[String]]
            ?? []
        process.waitUntilExit()
        #expect(
            rows == [
                ["date", "kind", "title", "amount", "note", "quantity", "unit"],
                ["2026-11-20", "completion", "Run, then \"stretch\"", "80", "5 km\r\nwindy", "", ""],
                ["2026-11-21", "completion", "Run, then \"stretch\"", "80", "", "", ""],
                ["2026-11-21", "purchase", "Cake", "-15", "", "", ""],
                // A freeze has no title: its kind says what it is, in no language.
                ["2026-11-21", "freeze", "", "-50", "", "", ""],
            ])
        #expect(rows.dropFirst().compactMap { Int($0[3]) }.reduce(0, +) == 95)
        try sandbox.expectFailure(["log", "--csv", "--json"], mentioning: "--json and --csv cannot be used together")
    }

    @Test func showPrintsTheIdEveryMachineSharesAndCommandsTakeItsStart() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        try sandbox.ok("add", "Run")
        let uuid = try #require(sandbox.json("show", "run", "--json")["uuid"] as? String).lowercased()
        #expect(try sandbox.ok("show", "2").contains("Id         \(uuid)"))
        #expect(try sandbox.ok("done", String(uuid.prefix(8))).contains("✓ Run completed"))
        try sandbox.expectFailure(["done", String(uuid.prefix(7))], mentioning: "no quest matches")
    }

    @Test func aQuestAddedByMistakeIsDeletedAndTheDeletionTravelsWithoutLosingHistory() throws {
        let (sandbox, share, laptop, desktop) = try Self.twoMachines()
        try laptop.ok("add", "Read")
        try laptop.ok("add", "Wter")
        try laptop.ok("add", "Stretch")
        try laptop.ok("done", "read")
        for machine in [laptop, desktop] { try machine.ok("config", "sync-dir", share) }
        try laptop.ok("sync")
        try desktop.ok("sync")

        // History is never deleted; without a terminal the deletion needs --yes.
        let laptopStore = ["QUESTS_DB": sandbox.home + "/laptop.sqlite"]
        try sandbox.expectFailure(["delete", "read", "--yes"], mentioning: "has history", extra: laptopStore)
        try sandbox.expectFailure(["delete", "wter"], mentioning: "pass --yes", extra: laptopStore)
        #expect(try laptop.ok("delete", "wter", "--yes") == "Deleted #2 Wter.\n")
        // Meanwhile the desktop completes Stretch, which the laptop deletes too.
        try desktop.ok("done", "stretch", at: "2026-11-21T09:00")
        try laptop.ok("delete", "stretch", "--yes", at: "2026-11-21T09:05")
        for (machine, minute) in [(laptop, "10"), (desktop, "11"), (laptop, "12")] {
            try machine.ok("sync", at: "2026-11-21T09:\(minute)")
        }
        func titles(_ machine: SyncCommandTests.Machine) throws -> [String] {
            (try machine.sandbox.json("list", "--all", "--json", extra: machine.store)["quests"] as? [[String: Any]]
                ?? [])
                .compactMap { $0["title"] as? String }.sorted()
        }
        // Wter is gone everywhere; Stretch, done on the desktop, is kept on both with its completion.
        #expect(try titles(laptop) == ["Read", "Stretch"])
        #expect(try titles(desktop) == ["Read", "Stretch"])
        #expect(try laptop.ok("wallet", "--json").contains(#""balance" : 20"#))
        #expect(try laptop.state() == desktop.state())
        // Once the desktop takes that completion back, the deletion holds everywhere.
        try desktop.ok("undo", "stretch", at: "2026-11-21T09:20")
        #expect(try titles(desktop) == ["Read"])
        for (machine, minute) in [(desktop, "30"), (laptop, "31")] {
            try machine.ok("sync", at: "2026-11-21T09:\(minute)")
        }
        #expect(try titles(laptop) == ["Read"])
        #expect(try laptop.state() == desktop.state())
        for machine in [laptop, desktop] { try machine.ok("doctor") }
    }
}
