import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// The use cases take their input as values: the moment, typed references, and the generator new records
/// take their UUIDs from.
@Suite struct UseCaseTests {
    let morning = TemporaryStore.now("2026-11-21T09:00")

    @Test func newRecordsTakeTheirUUIDsFromTheGivenIDs() throws {
        let uuids = (1...7).map { String(format: "00000000-0000-0000-0000-%012d", $0) }
        let temporary = try TemporaryStore(ids: .sequence(uuids))
        let store = temporary.store
        let quest = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 40), now: morning)
        _ = try Completing(store).complete(ItemReference(number: quest.number), now: morning)
        let reward = try RewardShop(store).add(title: "Cake", notes: "", price: 25)
        let purchase = try RewardShop(store).buy("cake", now: morning)
        _ = try RewardShop(store).refundLastPurchase(now: morning)
        _ = try Completing(store).undo("run", now: morning)
        #expect([quest.id, reward.id, purchase.redemption.id].map(\.uuidString) == [uuids[0], uuids[2], uuids[3]])
        #expect(try store.db.ledgerEntries().map(\.entry.id.uuidString) == [uuids[6], uuids[5], uuids[4], uuids[1]])
    }

    @Test func theLedgerQueryReadsFromTheStartOfTheDayNamed() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 40), now: TemporaryStore.now("2026-11-19T08:00"))
        _ = try Completing(store).complete("run", now: TemporaryStore.now("2026-11-19T09:00"))
        _ = try Completing(store).complete("run", now: TemporaryStore.now("2026-11-20T09:00"))
        _ = try Completing(store).complete("run", now: morning)
        let page = try Bookkeeping(store).ledger(since: .yesterday, now: morning)
        #expect(page.balance == 120)
        #expect(page.lines.map(\.balanceAfter) == [120, 80])
        #expect(try Bookkeeping(store).ledger(limit: 1, now: morning).lines.count == 1)
        let list = try QuestBoard(store).questList(now: morning)
        #expect(list.today.description == "2026-11-21")
        #expect(list.quests.map(\.title) == ["Run"])
        #expect(
            try ProgressTracker(store).heatmap(days: 3, now: morning).tallies.map(\.day.description) == [
                "2026-11-19", "2026-11-20", "2026-11-21",
            ])
    }

    /// The records of spans apart hold what the whole range holds on their days, and nothing of the days
    /// between them; spans that overlap, given in any order, are read once.
    @Test func historyRecordsOfSpansLeaveOutTheDaysBetween() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try QuestBoard(store).add(
            title: "Run", notes: "", schedule: Schedule(reward: 40), now: TemporaryStore.now("2026-11-10T08:00"))
        for day in ["10", "12", "14", "16"] {
            _ = try Completing(store).complete("run", now: TemporaryStore.now("2026-11-\(day)T09:00"))
        }
        let day = { (text: String) in LocalDay(text)! }
        let spans = [day("2026-11-10")...day("2026-11-10"), day("2026-11-14")...day("2026-11-16")]
        let apart = try Logbook(store).records(of: spans, now: morning)
        let whole = try Logbook(store).records(from: day("2026-11-10"), through: day("2026-11-16"), now: morning)
        let inSpans = { (day: LocalDay) in spans.contains { $0.contains(day) } }
        #expect(apart.completions.map(\.day.description) == ["2026-11-10", "2026-11-14", "2026-11-16"])
        #expect(apart.happenings == whole.happenings.filter { inSpans($0.day) })
        #expect(apart.dayCounts.map(\.day) == whole.dayCounts.map(\.day).filter(inSpans))
        #expect((apart.from, apart.through) == (whole.from, whole.through))
        let overlapping = try Logbook(store).records(
            of: [day("2026-11-13")...day("2026-11-16"), day("2026-11-10")...day("2026-11-14")], now: morning)
        #expect(overlapping.happenings == whole.happenings)
        #expect(overlapping.completions.map(\.day) == whole.completions.map(\.day))
    }
}
