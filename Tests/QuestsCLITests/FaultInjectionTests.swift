import Foundation
import QuestsTestSupport
import Testing

@testable import QuestsStore

/// Crashes, concurrency and failing disks: whatever happens, the store stays consistent and every
/// Daily Dollar is accounted for exactly once.
@Suite struct FaultInjectionTests {
    /// SIGKILLs at random moments of completes, undos, purchases and imports, four processes running at
    /// once, until at least 200 processes died mid-run. Then SQLite's checks, `quests doctor` and the money
    /// invariants all hold, and the store still works.
    @Test func randomKillsLeaveAConsistentStore() throws {
        let sandbox = try Sandbox()
        for (index, reward) in [10, 20, 30, 40, 50, 60].enumerated() {
            try sandbox.ok(
                "add", "Quest \(index + 1)", "--reward", String(reward), extra: ["QUESTS_NOW": "2026-11-01T08:00"])
        }
        try sandbox.ok("shop", "add", "Coffee", "--price", "15")
        try sandbox.ok("shop", "add", "Cake", "--price", "40")
        let other = try Sandbox()
        try other.ok("add", "Elsewhere", "--reward", "25", extra: ["QUESTS_NOW": "2026-11-01T08:00"])
        for day in 1...20 {
            try other.ok("done", "elsewhere", extra: ["QUESTS_NOW": String(format: "2026-11-%02dT09:00", day)])
        }
        let importFile = sandbox.home + "/other.json"
        try other.ok("backup", importFile)

        let commands: [[String]] =
            (1...6).flatMap { quest in
                ["today", "yesterday", "2026-11-18"].flatMap { day in
                    [["done", String(quest), "--date", day], ["undo", String(quest), "--date", day]]
                }
            } + [["shop", "buy", "coffee"], ["shop", "buy", "cake"], ["import", importFile]]

        // How long a command takes on this machine, so that the kill moments fall inside runs however
        // fast or slow the build and the machine are.
        let runTime =
            try (0..<3).map { _ in
                let result = try sandbox.run(["board"])
                return result.ended.timeIntervalSince(result.started)
            }.max() ?? 0.05

        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix(seed: seed)
        var killed = 0
        var finished = 0
        var importsFinished = 0
        var rounds = 0
        while (killed < 200 || importsFinished == 0) && rounds < 1_000 {
            rounds += 1
            // Four processes started at once (each so running about twice as long as alone on two cores),
            // each killed at a random moment, an import (several times slower) later.
            let batch = try (0..<4).map { _ in
                let arguments = commands.randomElement(using: &random) ?? []
                let span = runTime * (arguments[0] == "import" ? 10 : 2.5)
                return (
                    arguments: arguments, process: try sandbox.start(arguments),
                    delay: Double.random(in: 0...span, using: &random)
                )
            }
            let started = Date()
            for (_, process, delay) in batch.sorted(by: { $0.delay < $1.delay }) {
                let wait = delay - Date().timeIntervalSince(started)
                if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
                kill(process.processIdentifier, SIGKILL)
            }
            for (arguments, process, _) in batch {
                process.waitUntilExit()
                if process.terminationReason == .uncaughtSignal {
                    killed += 1
                } else {
                    finished += 1
                    if arguments[0] == "import" { importsFinished += 1 }
                }
            }
        }
        #expect(killed >= 200, "only \(killed) processes were killed mid-run (seed \(seed))")
        #expect(finished > 0, "no process ever finished (seed \(seed))")
        let quests = try sandbox.json("list", "--json")["quests"] as? [[String: Any]] ?? []
        #expect(quests.count == 7, "no import landed (seed \(seed))")

        try Self.expectConsistent(store: sandbox.home + "/store.sqlite", seed: seed)
        let doctor = try sandbox.run("doctor")
        #expect(doctor.status == 0, "seed \(seed): \(doctor.stdout)")
        // And the store still works.
        try sandbox.ok("done", "1", "--date", "2026-11-17")
        try Self.expectConsistent(store: sandbox.home + "/store.sqlite", seed: seed)
    }

    /// Checks the invariants straight in SQL, independently of quests' own code.
    static func expectConsistent(store path: String, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let connection = try Connection(path: path, access: .readOnly)
        func count(_ sql: String) throws -> Int { try connection.prepare(sql).firstRow { $0.int(0) } ?? -1 }
        #expect(
            try connection.prepare("PRAGMA integrity_check").rows { $0.text(0) } == ["ok"], "seed \(seed)",
            sourceLocation: sourceLocation)
        #expect(
            try connection.prepare("PRAGMA foreign_key_check").rows { $0.text(0) }.isEmpty, "seed \(seed)",
            sourceLocation: sourceLocation)
        // A completion's UUID comes from its quest and day, so completing, undoing and completing the same
        // quest-day again reuses it: each payment is followed by at most one undo reversing it exactly.
        // Every completion that exists is paid once net (every quest pays > 0): one reward more than undos.
        #expect(
            try count(
                """
                SELECT count(*) FROM completion c
                WHERE (SELECT sum(e.kind = 'quest-reward') - sum(e.kind = 'undo') FROM ledger_entry e WHERE e.reference = c.uuid) IS NOT 1
                   OR (SELECT sum(e.amount) FROM ledger_entry e WHERE e.reference = c.uuid) <= 0
                """) == 0, "seed \(seed)", sourceLocation: sourceLocation)
        // Every undone completion was paid and debited as many times, netting zero.
        #expect(
            try count(
                """
                SELECT count(*) FROM (
                    SELECT reference FROM ledger_entry WHERE kind IN ('quest-reward', 'undo')
                        AND reference NOT IN (SELECT uuid FROM completion)
                    GROUP BY reference
                    HAVING sum(amount) <> 0 OR sum(kind = 'undo') <> sum(kind = 'quest-reward') OR sum(kind = 'undo') = 0)
                """) == 0, "seed \(seed)", sourceLocation: sourceLocation)
        // Every purchase debited exactly its price, once; no debit without a purchase.
        #expect(
            try count(
                """
                SELECT count(*) FROM redemption r
                WHERE (SELECT count(*) FROM ledger_entry e WHERE e.reference = r.uuid AND e.kind = 'redemption' AND e.amount = -r.price) <> 1
                """) == 0, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(
            try count(
                "SELECT count(*) FROM ledger_entry WHERE kind = 'redemption' AND reference NOT IN (SELECT uuid FROM redemption)"
            ) == 0,
            "seed \(seed)", sourceLocation: sourceLocation)
        // The balance is the sum of the ledger.
        #expect(
            try count("SELECT coalesce(sum(amount), 0) FROM ledger_entry")
                == count("SELECT coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0)"),
            "seed \(seed)", sourceLocation: sourceLocation)
    }
}
