import Foundation
import Testing

@Suite struct ConcurrencyTests {
    /// Eight processes complete the same five quests for today and for yesterday at once, each command
    /// twice: every quest-day is paid exactly once, and nobody sees "database is locked".
    @Test func concurrentCompletionsPayExactlyOnce() throws {
        let sandbox = try Sandbox()
        let rewards = [10, 20, 30, 40, 50]
        for (index, reward) in rewards.enumerated() {
            try sandbox.ok(
                "add", "Quest \(index + 1)", "--reward", String(reward), extra: ["QUESTS_NOW": "2026-11-20T08:00"])
        }
        let days = ["today", "yesterday"]
        let sequences = (0..<8).map { worker in
            (0..<2).flatMap { round in
                (0..<(rewards.count * days.count)).map { offset -> [String] in
                    let pick = worker + offset + round
                    let quest = pick % rewards.count + 1
                    let day = days[(pick / rewards.count + worker) % days.count]
                    return ["done", String(quest), "--date", day]
                }
            }
        }
        let results = sandbox.runAtOnce(sequences).flatMap { $0 }
        #expect(results.mostAtOnce >= 4, "the processes did not run at once")
        #expect(results.count == 160)
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        let paid = rewards.count * days.count
        #expect(results.filter { $0.stdout.hasPrefix("✓") }.count == paid)
        #expect(results.filter { $0.stdout.contains("already completed") }.count == 160 - paid)
        let wallet = try sandbox.json("wallet", "--json")
        #expect(wallet["balance"] as? Int == rewards.reduce(0, +) * days.count)
        let ledger = try sandbox.json("ledger", "--json")
        #expect((ledger["entries"] as? [Any])?.count == paid)
        for day in days {
            let board = try sandbox.json("board", "--date", day, "--json")
            #expect(board["done"] as? Int == rewards.count, "\(day)")
        }
        // Every process closed the store as it ended, the last one folding the log into the file.
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/store.sqlite-wal"))
    }

    /// Eight processes create the store at the same moment (each adding a quest): all succeed.
    @Test func concurrentFirstUseCreatesOneStore() throws {
        let sandbox = try Sandbox()
        let results = sandbox.runAtOnce((1...8).map { [["add", "Quest \($0)"]] }).flatMap { $0 }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let list = try sandbox.json("list", "--json")
        #expect((list["quests"] as? [Any])?.count == 8)
    }
}
