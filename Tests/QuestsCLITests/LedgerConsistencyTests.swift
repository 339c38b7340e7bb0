import Foundation
import Testing

@testable import QuestsStore

/// Restore, import and doctor apply one set of ledger rules: a document with a broken ledger is refused
/// whole, and the same damage planted in a store is what doctor reports.
@Suite struct LedgerConsistencyTests {
    /// Read (100 DD) done today, Run (20 DD) done yesterday and today then undone, Cake (25 DD) bought
    /// twice and the second purchase refunded: balance 95 DD.
    func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "100", extra: ["QUESTS_NOW": "2026-11-19T08:00"])
        try sandbox.ok("add", "Run", "--reward", "20", extra: ["QUESTS_NOW": "2026-11-19T08:00"])
        try sandbox.ok("done", "read")
        try sandbox.ok("done", "run", "--date", "yesterday")
        try sandbox.ok("done", "run")
        try sandbox.ok("undo", "run")
        try sandbox.ok("shop", "add", "Cake", "--price", "25")
        try sandbox.ok("shop", "buy", "cake")
        try sandbox.ok("shop", "buy", "cake")
        try sandbox.ok("shop", "undo")
        return sandbox
    }

    /// The sandbox's backup, one record per line.
    func backupLines(_ sandbox: Sandbox) throws -> [String] {
        try sandbox.ok("backup", "-").components(separatedBy: "\n")
    }

    func write(_ lines: [String], _ name: String, in sandbox: Sandbox) throws -> String {
        let path = sandbox.home + "/" + name
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The value of `field` in the JSON record on `line`.
    func field(_ field: String, of line: String) -> String {
        let start = line.range(of: "\"\(field)\":\"")!.upperBound
        return String(line[start...].prefix { $0 != "\"" })
    }

    static let stranger = "0BADF00D-0000-4000-8000-000000000001"

    /// A ledger line for the document, with a comma so that it can go before another entry.
    func entry(_ uuid: String, amount: Int, kind: String, reference: String) -> String {
        #"    {"uuid":"\#(uuid)","at":"2026-11-21T09:00:00Z","amount":\#(amount),"kind":"\#(kind)","reference":"\#(reference)","memo":"forged","day":null},"#
    }

    @Test func documentsWithABrokenLedgerAreRefusedByRestoreAndImport() throws {
        let sandbox = try sandbox()
        let lines = try backupLines(sandbox)
        let ledger = lines.firstIndex { $0.contains("\"ledger\": [") }! + 1
        let readReward = lines[ledger]
        let readCompletion = field("reference", of: readReward)
        let firstDebit = lines.firstIndex { $0.contains("\"kind\":\"redemption\"") }!
        let refund = lines.firstIndex { $0.contains("\"kind\":\"refund\"") }!
        func inserting(_ line: String) -> [String] {
            var copy = lines
            copy.insert(line, at: ledger + 1)
            return copy
        }
        func replacing(_ index: Int, _ old: String, _ new: String) -> [String] {
            var copy = lines
            copy[index] = copy[index].replacingOccurrences(of: old, with: new)
            return copy
        }
        func flippingLastDigit(of uuid: String, in index: Int) -> [String] {
            let flipped = String(uuid.dropLast()) + (uuid.last == "0" ? "1" : "0")
            return replacing(index, uuid, flipped)
        }
        let purchase = field("reference", of: lines[firstDebit])
        let purchaseLine = lines.lastIndex { $0.contains(#"{"uuid":"\#(purchase)""#) }!
        let cases: [([String], String)] = [
            (
                inserting(
                    entry(
                        Self.stranger, amount: 1000, kind: "quest-reward",
                        reference: "0BADF00D-0000-4000-8000-000000000002")),
                "ledger[1].reference: no completion in the backup has this UUID"
            ),
            (
                inserting(entry(Self.stranger, amount: 100, kind: "quest-reward", reference: readCompletion)),
                "ledger[1].reference: pays completion \(readCompletion) a second time"
            ),
            (
                inserting(
                    entry(Self.stranger, amount: -10, kind: "undo", reference: "0BADF00D-0000-4000-8000-000000000002")),
                "ledger[1].reference: undoes nothing"
            ),
            (
                inserting(
                    entry(
                        Self.stranger, amount: -10, kind: "redemption",
                        reference: "0BADF00D-0000-4000-8000-000000000002")),
                "ledger[1].reference: no purchase in the backup has this UUID"
            ),
            (
                inserting(
                    entry(Self.stranger, amount: 25, kind: "refund", reference: field("reference", of: lines[refund]))),
                "ledger[\(refund - ledger + 1)].reference: refunds a purchase that was already refunded"
            ),
            (
                lines.enumerated().filter { $0.offset != firstDebit }.map(\.element),
                "redemptions[0]: this purchase of 25 DD is never debited in the ledger"
            ),
            (
                replacing(ledger, "\"amount\":100", "\"amount\":1100"),
                "ledger[0].amount: pays 1,100 DD, but the quest's reward that day was 100 DD"
            ),
            (replacing(refund, "\"amount\":25", "\"amount\":50"), "must be 25 DD, not 50 DD"),
            // One changed digit in a UUID breaks the reference it is part of.
            (
                flippingLastDigit(of: readCompletion, in: ledger),
                "ledger[0].reference: no completion in the backup has this UUID"
            ),
            (
                flippingLastDigit(of: purchase, in: purchaseLine),
                "ledger[\(firstDebit - ledger)].reference: no purchase in the backup has this UUID"
            ),
        ]
        for (index, (document, fragment)) in cases.enumerated() {
            let path = try write(document, "broken-\(index).json", in: sandbox)
            try sandbox.expectFailure(["restore", path, "--yes"], mentioning: fragment)
            try sandbox.expectFailure(["import", path], mentioning: fragment)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.home).filter { $0.contains("before-restore") }
                .isEmpty)
    }

    /// A document that pays this store's completion in an entry of its own (a UUID this store does not
    /// have), as another machine syncing with this one does: import keeps this store's payment, as sync
    /// does, so the completion is paid once and the merge is healthy.
    @Test func anImportPayingThisStoresCompletionAgainKeepsThisStoresPayment() throws {
        let sandbox = try sandbox()
        var lines = try backupLines(sandbox)
        let ledger = lines.firstIndex { $0.contains("\"ledger\": [") }! + 1
        lines[ledger] = lines[ledger].replacingOccurrences(of: field("uuid", of: lines[ledger]), with: Self.stranger)
        let path = try write(lines, "other-history.json", in: sandbox)
        let balance = try sandbox.json("wallet", "--json")["balance"] as? Int
        // In German: machine output is the same in every language.
        let report = try sandbox.json("import", path, "--json", extra: ["LANG": "de_DE.UTF-8"])
        let (added, skipped) = (report["added"] as? [String: Int], report["skipped"] as? [String: Int])
        #expect(added?["ledger"] == 0 && skipped?["ledger"] == 1, "\(report)")
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == balance)
        #expect(try sandbox.ok("ledger").components(separatedBy: Self.stranger.prefix(8)).count == 1)
        #expect(try sandbox.run("doctor").status == 0)
    }

    @Test func aRestoredBackupWithRefundsIsHealthyAndKeepsThem() throws {
        let sandbox = try sandbox()
        let path = try write(try backupLines(sandbox), "good.json", in: sandbox)
        let other = try Sandbox()
        try other.ok("restore", path, "--yes")
        #expect(try other.run("doctor").status == 0)
        #expect(try other.ok("shop", "history").hasSuffix("2 purchases (1 refunded), 25 DD spent\n"))
        #expect(try other.json("wallet", "--json")["balance"] as? Int == 95)
    }

    /// Damage planted straight into the store is what doctor reports, each kind under its check.
    @Test func doctorFindsTheSameDefectsInAStore() throws {
        let sandbox = try sandbox()
        let purchases = try #require(try sandbox.json("shop", "history", "--json")["redemptions"] as? [[String: Any]])
        let refunded = try #require(purchases.first { $0["refunded"] as? Bool == true }?["id"] as? String)
        let kept = try #require(purchases.first { $0["refunded"] as? Bool == false }?["id"] as? String)
        func entry(_ uuid: String, _ amount: Int, _ kind: String, _ reference: String) -> String {
            """
            INSERT INTO ledger_entry (uuid, at, amount, kind, reference, memo, running_balance)
            SELECT '\(uuid)', '2026-11-21T09:00:00Z', \(amount), '\(kind)', '\(reference)', '', running_balance + \(amount)
            FROM ledger_entry ORDER BY id DESC LIMIT 1;
            """
        }
        let connection = try Connection(path: sandbox.home + "/store.sqlite", access: .readWrite)
        try connection.execute(
            entry("FORGED", 1000, "quest-reward", "NO-SUCH-COMPLETION") + entry("EMPTY-UNDO", -5, "undo", "NOTHING")
                + entry("STRAY-DEBIT", -5, "redemption", "NO-PURCHASE") + entry("BIG-REFUND", 999, "refund", kept)
                + entry("REFUND-AGAIN", 25, "refund", refunded) + """
                    INSERT INTO redemption (uuid, reward, title, price, redeemed_at, day)
                    VALUES ('UNPAID', 1, 'Cake', 10, '2026-11-21T09:00:00Z', '2026-11-21');
                    """)
        // Wide enough for each problem on one line.
        let result = try sandbox.run("doctor", extra: ["COLUMNS": "200"])
        #expect(result.status == 1)
        for line in [
            "✗ payments      3 problems",
            "ledger entry BIG-REFUND (refund) is 999 DD instead of 25 DD",
            "purchase \(refunded) was refunded again by ledger entry REFUND-AGAIN",
            "purchase UNPAID for 10 DD was debited 0 times",
            "✗ orphans       3 problems",
            "ledger entry FORGED (quest-reward) pays completion NO-SUCH-COMPLETION, which does not exist and was not undone",
            "ledger entry EMPTY-UNDO (undo) takes back a reward for NOTHING that was not paid",
            "ledger entry STRAY-DEBIT (redemption) refers to purchase NO-PURCHASE, which does not exist",
        ] {
            #expect(result.stdout.contains(line), "doctor lacks \(line): \(result.stdout)")
        }
    }

    @Test func shopUndoRefundsTodaysLastPurchaseOnce() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read", "--reward", "100")
        try sandbox.ok("done", "read")
        try sandbox.ok("shop", "add", "Cake", "--price", "25")
        try sandbox.expectFailure(["shop", "undo"], mentioning: "no purchase made today (2026-11-21) to refund")
        try sandbox.ok("shop", "buy", "cake", extra: ["QUESTS_NOW": "2026-11-20T20:00"])
        try sandbox.expectFailure(["shop", "undo"], mentioning: "no purchase made today (2026-11-21) to refund")
        try sandbox.ok("shop", "buy", "cake")
        #expect(try sandbox.ok("shop", "undo") == "Refunded Cake: 25 DD back · balance 75 DD.\n")
        try sandbox.expectFailure(
            ["shop", "undo"], mentioning: "today's most recent purchase, \"Cake\", is already refunded")
        #expect(
            try sandbox.ok("shop", "history") == """
                2026-11-21 08:30  25 DD  Cake  (refunded)
                2026-11-20 20:00  25 DD  Cake
                2 purchases (1 refunded), 25 DD spent

                """)
        let history = try #require(try sandbox.json("shop", "history", "--json")["redemptions"] as? [[String: Any]])
        #expect(history.map { $0["refunded"] as? Bool } == [true, false])
        let ledger = try #require(try sandbox.json("ledger", "--json")["entries"] as? [[String: Any]])
        #expect(ledger.first?["kind"] as? String == "refund")
        #expect(ledger.first?["amount"] as? Int == 25)
        #expect(try sandbox.run("doctor").status == 0)
    }
}
