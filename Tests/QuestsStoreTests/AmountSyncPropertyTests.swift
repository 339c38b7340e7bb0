import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// Amounts of counted and limit quests add up across machines (SPEC 18): random amounts and undos recorded
/// on three machines for the same days, synced in random orders (files late, twice, as conflict copies),
/// always end with the same totals, states and balance everywhere, each paid day paid exactly once.
@Suite struct AmountSyncPropertyTests {
    @Test(arguments: 0..<12)
    func amountsAndUndosOnThreeMachinesConvergeWhateverTheOrder(seed: Int) throws {
        var world = try SyncWorld(seed: UInt64(5000 + seed))
        let first = world.stores[0].store
        _ = try QuestBoard(first).add(
            title: "Water", notes: "", schedule: Schedule(reward: 10, measure: QuestMeasure(.target, amount(8))),
            now: world.now)
        _ = try QuestBoard(first).add(
            title: "Coffee", notes: "", schedule: Schedule(reward: 5, measure: QuestMeasure(.atMost, amount(2))),
            now: world.now)
        _ = try QuestBoard(first).add(
            title: "Smoking", notes: "", schedule: Schedule(reward: 3, measure: QuestMeasure(.atMost, .zero)),
            now: world.now)
        for replica in 0..<3 { try world.publish(replica) }
        for replica in 0..<3 { try world.deliver(to: replica, everything: true) }
        for _ in 0..<60 {
            world.advance()
            let replica = world.random(3)
            switch world.random(10) {
            case 0, 1: try world.publish(replica)
            case 2, 3: try world.deliver(to: replica)
            default: try Self.randomAmount(on: replica, in: &world)
            }
        }
        try world.settleAndCheck()
        // Each machine sees the ended days over (as its next command would), and syncs once more.
        for replica in world.stores { try Measuring(replica.store).settleEndedDays(now: world.now) }
        try world.settleAndCheck()
        let facts = try world.stores.map { try Self.facts(of: $0.store, now: world.now) }
        #expect(facts[0] == facts[1])
        #expect(facts[1] == facts[2])
        for replica in world.stores { try Self.checkPaidOnce(replica.store, now: world.now) }
    }

    /// Two machines that each record amounts for the same day add up (3 here and 2 there make 5), and an
    /// undo on one is undone on both.
    @Test func threeHereAndTwoThereMakeFive() throws {
        var world = try SyncWorld(seed: 77)
        let here = world.stores[0].store
        let there = world.stores[1].store
        _ = try QuestBoard(here).add(
            title: "Water", notes: "", schedule: Schedule(reward: 10, measure: QuestMeasure(.target, amount(5))),
            now: world.now)
        try FocusSyncTests.sync(&world)
        _ = try Measuring(here).record(.add(amount(3)), for: "water", now: world.now)
        _ = try Measuring(there).record(.add(amount(2)), for: "water", now: world.now)
        try FocusSyncTests.sync(&world)
        for store in [here, there] {
            let entry = try #require(try QuestBoard(store).board(now: world.now).board.entries.first)
            #expect(entry.amount == amount(5) && entry.state == .completed)
            #expect(try Bookkeeping(store).balance() == 10)
        }
        // The latest of the two (by the moment each machine recorded it) is taken back, on both.
        let undone = try Measuring(there).undo("water", now: world.now)
        try FocusSyncTests.sync(&world)
        for store in [here, there] {
            let entry = try #require(try QuestBoard(store).board(now: world.now).board.entries.first)
            #expect(entry.amount == undone.total && [amount(2), amount(3)].contains(undone.total))
            #expect(entry.state == .available)
            #expect(try Bookkeeping(store).balance() == 0)
        }
        try world.settleAndCheck()
    }

    private static func amount(_ units: Int, thousandths: Int = 0) -> Amount {
        Amount(thousandths: units * 1000 + thousandths) ?? .zero
    }

    private func amount(_ units: Int) -> Amount { Self.amount(units) }

    /// Records a random amount (up to three decimals), or undoes the latest, of a random quest for today or
    /// yesterday on `replica`; now and then its next command settles the ended days. A refusal changes
    /// nothing.
    static func randomAmount(on replica: Int, in world: inout SyncWorld) throws {
        let store = world.stores[replica].store
        let quest = ItemReference(["water", "coffee", "smoking"][world.random(3)])
        let day: DayReference = [.yesterday, .today, .today][world.random(3)]
        do {
            switch world.random(6) {
            case 0, 1: _ = try Measuring(store).undo(quest, on: day, now: world.now)
            case 2: try Measuring(store).settleEndedDays(now: world.now)
            default:
                let added = amount(world.random(3), thousandths: [0, 500, 250, 125][world.random(4)])
                _ = try Measuring(store).record(.add(added), for: quest, on: day, early: true, now: world.now)
            }
        } catch is QuestsError {
            // Nothing to undo, an undo that would overdraw: changes nothing.
        }
    }

    /// Each quest-day's total and board state, and the balance.
    static func facts(of store: QuestStore, now: Now) throws -> [String] {
        var lines: [String] = []
        let today = now.position(dayStart: .midnight).day
        for back in 0...8 {
            let board = try QuestBoard(store).board(on: .date(today.adding(days: -back)), now: now).board
            lines += board.entries.map {
                "\(board.day) \($0.quest.title) \($0.amount?.text() ?? "-") \($0.state) \($0.reward)"
            }
        }
        lines.append("balance \(try Bookkeeping(store).balance())")
        return lines
    }

    /// Each measured quest-day is paid its reward exactly once while it is completed, and nothing otherwise.
    static func checkPaidOnce(_ store: QuestStore, now: Now) throws {
        let rows = try store.db.prepare(
            """
            SELECT q.title, c.day, (SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE reference = c.uuid)
            FROM completion c JOIN quest q ON q.number = c.quest
            """
        ).rows { ($0.text(0), $0.text(1), $0.int(2)) }
        let rewards = ["Water": 10, "Coffee": 5, "Smoking": 3]
        for (title, day, paid) in rows { #expect(paid == rewards[title], "\(title) \(day) paid \(paid)") }
        let orphans = try store.db.prepare(
            """
            SELECT reference, sum(amount) FROM ledger_entry WHERE kind IN ('quest-reward', 'undo')
            GROUP BY reference HAVING sum(amount) <> 0 AND reference NOT IN (SELECT uuid FROM completion)
            """
        ).rows { "\($0.text(0)) \($0.int(1))" }
        #expect(orphans.isEmpty, "paid without a completion: \(orphans)")
    }
}
