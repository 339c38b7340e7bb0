import Foundation
import Testing

@testable import QuestsStore

@Suite struct DoctorTests {
    /// The bytes of the store and of its write-ahead log, to show doctor changed nothing. (A read-only
    /// SQLite connection may leave an empty log and its index behind; they hold nothing.)
    private func files(of sandbox: Sandbox) throws -> [String: Data] {
        let path = sandbox.home + "/store.sqlite"
        var files: [String: Data] = [:]
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            let data = try Data(contentsOf: URL(fileURLWithPath: path + suffix))
            if !data.isEmpty { files[suffix] = data }
        }
        return files
    }

    private func storeWithHistory() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "30")
        try sandbox.ok("add", "Run", "--reward", "20")
        try sandbox.ok("done", "read")
        try sandbox.ok("done", "run")
        try sandbox.ok("undo", "run")
        try sandbox.ok("shop", "add", "Coffee", "--price", "10")
        try sandbox.ok("shop", "buy", "coffee")
        return sandbox
    }

    @Test func healthyStorePassesEveryCheck() throws {
        let sandbox = try storeWithHistory()
        let before = try files(of: sandbox)
        let result = try sandbox.run("doctor")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✓ ledger        4 entries, balance 20 DD = sum of entries"))
        #expect(result.stdout.hasSuffix("No problems found.\n"))
        let report = try sandbox.json("doctor", "--json")
        #expect(report["healthy"] as? Bool == true)
        let names = (report["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["integrity", "schema", "foreign keys", "ledger", "payments", "orphans", "day counts"])
        #expect(try files(of: sandbox) == before)
    }

    /// Damage made behind quests' back (triggers dropped, rows forged) is reported, with exit status 1,
    /// and the file is left exactly as it was.
    @Test func damageIsReportedAndLeftAlone() throws {
        let sandbox = try storeWithHistory()
        let connection = try Connection(path: sandbox.home + "/store.sqlite", access: .readWrite)
        try connection.execute(
            """
            PRAGMA foreign_keys = OFF;
            DROP TRIGGER ledger_entry_running_balance;
            INSERT INTO ledger_entry (uuid, at, amount, kind, reference, memo, running_balance)
            SELECT uuid(), at, amount, kind, reference, memo, running_balance + 30 FROM ledger_entry WHERE id = 1;
            INSERT INTO completion (uuid, quest, day, completed_at) VALUES ('C0FFEE', 99, '2026-11-20', '2026-11-20T10:00:00Z');
            INSERT INTO redemption (uuid, reward, title, price, redeemed_at, day)
            VALUES ('FREE-LUNCH', 1, 'Coffee', 10, '2026-11-21T09:00:00Z', '2026-11-21');
            UPDATE day_count SET completed = completed + 1;
            """.replacingOccurrences(of: "uuid()", with: "'DUPLICATE-PAY'"))
        let before = try files(of: sandbox)
        let result = try sandbox.run("doctor")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("✗ foreign keys  1 problem\n    completion row 2 points at a missing quest"),
            "\(result.stdout)")
        #expect(result.stdout.contains("the balance is 60 DD but the entries sum to 50 DD"))
        #expect(result.stdout.contains("entry 5 has running balance 60 DD instead of 50 DD"), "\(result.stdout)")
        #expect(result.stdout.contains("was paid 2 times"))
        #expect(result.stdout.contains("purchase FREE-LUNCH for 10 DD was debited 0 times"))
        #expect(
            result.stdout.contains("2026-11-21 counts 2 completed quests, the completions say 1"), "\(result.stdout)")
        #expect(!result.stdout.contains("No problems found."))
        #expect(result.stderr.hasPrefix("error: the store has 6 problems"), "\(result.stderr)")
        #expect(try files(of: sandbox) == before)
    }

    @Test func newerSchemaIsReportedNotTouched() throws {
        let sandbox = try storeWithHistory()
        let connection = try Connection(path: sandbox.home + "/store.sqlite", access: .readWrite)
        try connection.execute("INSERT INTO schema_migration (version, name) VALUES (99, 'from the future')")
        let before = try files(of: sandbox)
        let result = try sandbox.run("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("schema 99 was written by a newer quests"))
        #expect(try files(of: sandbox) == before)
    }

    @Test func missingStoreIsNotCreated() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: there is no store at \(sandbox.home)/store.sqlite; pick one with --db PATH\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/store.sqlite"))
    }
}
