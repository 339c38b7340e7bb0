import Foundation
import Testing

@Suite struct ShopTests {
    /// A sandbox with a 90 DD balance and two rewards.
    func stocked() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Run", "--reward", "50")
        try sandbox.ok("add", "Read", "--reward", "40")
        try sandbox.ok("done", "run")
        try sandbox.ok("done", "read")
        try sandbox.ok("shop", "add", "Movie night", "--price", "150")
        try sandbox.ok("shop", "add", "Fancy coffee", "--price", "30", "--notes", "oat flat white")
        return sandbox
    }

    @Test func theShopShowsPricesAndWhatIsAffordable() throws {
        let sandbox = try stocked()
        let expected = """
            Balance: 90 DD

              #1  Movie night   150 DD  60 more needed
              #2  Fancy coffee   30 DD  affordable  oat flat white

            """
        #expect(try sandbox.ok("shop") == expected)
        let json = try sandbox.json("shop", "--json")
        #expect(json["balance"] as? Int == 90)
        let rewards = try #require(json["rewards"] as? [[String: Any]])
        #expect(rewards.map { $0["title"] as? String } == ["Movie night", "Fancy coffee"])
        #expect(rewards.map { $0["affordable"] as? Bool } == [false, true])
        #expect(rewards.map { $0["missing"] as? Int } == [60, 0])
        #expect(rewards.map { $0["price"] as? Int } == [150, 30])
    }

    @Test func buyingAndHistory() throws {
        let sandbox = try stocked()
        #expect(
            try sandbox.ok("shop", "buy", "fancy") == """
                Bought Fancy coffee for 30 DD · balance 60 DD. Enjoy!
                ★ Achievement unlocked: Treat Yourself — Buy your first reward

                """)
        try sandbox.ok("shop", "buy", "2", extra: ["QUESTS_NOW": "2026-11-21T09:15"])
        try sandbox.ok("shop", "edit", "fancy", "--price", "45", "--title", "Coffee")
        try sandbox.ok("shop", "remove", "coffee")
        let history = try sandbox.ok("shop", "history")
        #expect(
            history == """
                2026-11-21 09:15  30 DD  Fancy coffee
                2026-11-21 08:30  30 DD  Fancy coffee
                2 purchases, 60 DD spent

                """)
        let json = try sandbox.json("shop", "history", "--json")
        let redemptions = try #require(json["redemptions"] as? [[String: Any]])
        #expect(redemptions.map { $0["price"] as? Int } == [30, 30])
        #expect(redemptions.map { $0["day"] as? String } == ["2026-11-21", "2026-11-21"])
        #expect(try sandbox.json("wallet", "--json")["balance"] as? Int == 30)
        #expect(!(try sandbox.ok("shop")).contains("Coffee"))
    }

    @Test func everyShopRefusalIsOneLineAndChangesNothing() throws {
        let sandbox = try stocked()
        try sandbox.expectFailure(
            ["shop", "buy", "movie"], mentioning: "\"Movie night\" costs 150 DD, you have 90 DD (60 more needed)")
        try sandbox.expectFailure(["shop", "buy", "popcorn"], mentioning: "no reward matches \"popcorn\"")
        try sandbox.expectFailure(["shop", "buy", "cofee"], mentioning: "did you mean #2 Fancy coffee?")
        try sandbox.expectFailure(["shop", "add", "Popcorn", "--price", "0"], mentioning: "invalid price")
        try sandbox.expectFailure(["shop", "add", "Popcorn", "--price", "-3"], mentioning: "invalid price")
        try sandbox.expectFailure(["shop", "add", "Popcorn"], mentioning: "missing expected argument '--price <N>'")
        try sandbox.expectFailure(
            ["shop", "add", "movie NIGHT", "--price", "10"], mentioning: "already has \"Movie night\"")
        try sandbox.expectFailure(["shop", "edit", "movie"], mentioning: "nothing to change")
        try sandbox.expectFailure(["shop", "edit", "movie", "--price", "cheap"], mentioning: "invalid price")
        try sandbox.expectFailure(["shop", "remove", "99"], mentioning: "no reward matches \"99\"")
        try sandbox.expectFailure(["shop", "sell", "movie"], mentioning: "'sell' is not a quests shop command")
    }

    @Test func undoIsRefusedOnceTheRewardWasSpent() throws {
        let sandbox = try stocked()
        try sandbox.ok("shop", "buy", "fancy")
        try sandbox.ok("shop", "buy", "fancy")
        try sandbox.expectFailure(
            ["undo", "run"], mentioning: "cannot undo \"Run\": it credited 50 DD but the balance is 30 DD")
        try sandbox.expectFailure(["undo", "read"], mentioning: "it credited 40 DD but the balance is 30 DD")
        // An undo the balance still covers goes through.
        try sandbox.ok("add", "Stretch", "--reward", "5")
        try sandbox.ok("done", "stretch")
        #expect(try sandbox.ok("undo", "stretch").contains("-5 DD · balance 30 DD"))
    }

    @Test func shopCommandsHaveHelp() throws {
        let sandbox = try Sandbox()
        for command in ["list", "add", "edit", "remove", "buy", "undo", "history"] {
            #expect(try sandbox.ok("shop", command, "--help").contains("Examples:"), "shop \(command)")
        }
    }

    /// Twelve processes buy the same 30 DD reward at once with a 100 DD balance: exactly three succeed,
    /// the rest are refused with the clear message, and the ledger still sums to the balance.
    @Test func concurrentPurchasesNeverOverspend() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Earn", "--reward", "100")
        try sandbox.ok("done", "earn")
        try sandbox.ok("shop", "add", "Treat", "--price", "30")
        let results = sandbox.runAtOnce(Array(repeating: [["shop", "buy", "treat"]], count: 12)).flatMap { $0 }
        let bought = results.filter { $0.status == 0 }
        let refused = results.filter { $0.status != 0 }
        #expect(bought.count == 3)
        #expect(refused.count == 9)
        for result in refused {
            #expect(
                result.stderr.hasPrefix("error: \"Treat\" costs 30 DD, you have 10 DD (20 more needed)"),
                "\(result.stderr)")
        }
        let ledger = try sandbox.json("ledger", "--json")
        let amounts = (ledger["entries"] as? [[String: Any]])?.compactMap { $0["amount"] as? Int } ?? []
        #expect(amounts.reduce(0, +) == 10)
        #expect(ledger["balance"] as? Int == 10)
        #expect((try sandbox.json("shop", "history", "--json")["redemptions"] as? [Any])?.count == 3)
    }
}
