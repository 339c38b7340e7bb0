import Foundation
import QuestsCore
import Testing

@Suite struct LedgerAuditTests {
    typealias Entry = LedgerAudit.Entry<String>

    func day(_ text: String) -> LocalDay { LocalDay(text)! }

    /// Quest Q pays 10 DD from 2026-11-01 and 20 DD from 2026-11-10.
    var schedules: [String: [ScheduleVersion]] {
        [
            "Q": [
                ScheduleVersion(effectiveFrom: day("2026-11-01"), schedule: Schedule(reward: 10)),
                ScheduleVersion(effectiveFrom: day("2026-11-10"), schedule: Schedule(reward: 20)),
            ]
        ]
    }

    /// A healthy history: C1 paid, C2 paid then undone (so it is gone), purchase P bought and refunded,
    /// purchase P2 bought, and a bonus.
    let completions = [LedgerAudit.Completion(id: "C1", quest: "Q", day: LocalDay("2026-11-05")!)]
    let healthy: [Entry] = [
        Entry(id: "E1", amount: 10, kind: .questReward, reference: "C1"),
        Entry(id: "E2", amount: 10, kind: .questReward, reference: "C2"),
        Entry(id: "E3", amount: -10, kind: .undo, reference: "C2"),
        Entry(id: "E4", amount: -5, kind: .redemption, reference: "P"),
        Entry(id: "E5", amount: 5, kind: .refund, reference: "P"),
        Entry(id: "E6", amount: -3, kind: .redemption, reference: "P2"),
        Entry(id: "E7", amount: 100, kind: .bonus, reference: nil),
    ]
    let purchases = [LedgerAudit.Purchase(id: "P", price: 5), LedgerAudit.Purchase(id: "P2", price: 3)]

    func problems(
        _ ledger: [Entry], completions: [LedgerAudit.Completion<String>]? = nil,
        purchases: [LedgerAudit.Purchase<String>]? = nil
    ) -> [LedgerProblem<String>] {
        LedgerAudit.problems(
            schedules: schedules, completions: completions ?? self.completions, ledger: ledger,
            purchases: purchases ?? self.purchases)
    }

    @Test func aHealthyHistoryHasNoProblems() {
        #expect(problems(healthy) == [])
    }

    @Test func rewardsMustReferToACompletionThatIsThereOrWasUndone() {
        #expect(
            problems(healthy + [Entry(id: "X", amount: 10, kind: .questReward, reference: "NOPE")])
                == [.unknownReference(entry: "X", kind: .questReward, reference: "NOPE")])
        #expect(
            problems(healthy + [Entry(id: "X", amount: 10, kind: .questReward, reference: nil)])
                == [.missingReference(entry: "X", kind: .questReward)])
        // A reference to a purchase is no completion either.
        #expect(
            problems(healthy + [Entry(id: "X", amount: 10, kind: .questReward, reference: "P2")])
                == [.unknownReference(entry: "X", kind: .questReward, reference: "P2")])
    }

    @Test func aCompletionIsPaidOnceAndItsRewardIsTheOneInForce() {
        #expect(
            problems(healthy + [Entry(id: "X", amount: 10, kind: .questReward, reference: "C1")])
                == [.paidAgain(entry: "X", completion: "C1", times: 2)])
        var forged = healthy
        forged[0] = Entry(id: "E1", amount: 1010, kind: .questReward, reference: "C1")
        #expect(problems(forged) == [.wrongAmount(entry: "E1", kind: .questReward, amount: 1010, expected: 10)])
        // 20 DD was only in force from 2026-11-10 on: too much for 2026-11-05.
        forged[0] = Entry(id: "E1", amount: 20, kind: .questReward, reference: "C1")
        #expect(problems(forged) == [.wrongAmount(entry: "E1", kind: .questReward, amount: 20, expected: 10)])
    }

    @Test func anEarlierRewardAndAnyRewardOnAnEditedDayAreAccepted() {
        // Paid before a schedule change the paying machine had not seen yet (merged later).
        let later = [LedgerAudit.Completion(id: "C1", quest: "Q", day: day("2026-11-12"))]
        #expect(
            problems(
                [Entry(id: "E1", amount: 10, kind: .questReward, reference: "C1")], completions: later, purchases: [])
                == [])
        // On the day of an edit, the reward paid before the edit is no longer recorded.
        let edited = [LedgerAudit.Completion(id: "C1", quest: "Q", day: day("2026-11-10"))]
        #expect(
            problems(
                [Entry(id: "E1", amount: 15, kind: .questReward, reference: "C1")], completions: edited, purchases: [])
                == [])
        #expect(
            problems(
                [Entry(id: "E1", amount: Schedule.maximumReward + 1, kind: .questReward, reference: "C1")],
                completions: edited, purchases: []
            ).count == 1)
    }

    @Test func anUndoTakesBackExactlyWhatAPaidRewardCredited() {
        #expect(
            problems(healthy + [Entry(id: "X", amount: -10, kind: .undo, reference: "C2")])
                == [.unknownReference(entry: "X", kind: .undo, reference: "C2")])
        #expect(
            problems(healthy + [Entry(id: "X", amount: -10, kind: .undo, reference: "NOPE")])
                == [.unknownReference(entry: "X", kind: .undo, reference: "NOPE")])
        var wrong = healthy
        wrong[2] = Entry(id: "E3", amount: -4, kind: .undo, reference: "C2")
        #expect(problems(wrong) == [.wrongAmount(entry: "E3", kind: .undo, amount: -4, expected: -10)])
    }

    @Test func everyPurchaseIsDebitedOnceAndRefundedAtMostOnce() {
        #expect(
            problems(healthy + [Entry(id: "X", amount: -5, kind: .redemption, reference: "NOPE")])
                == [.unknownReference(entry: "X", kind: .redemption, reference: "NOPE")])
        #expect(problems(healthy.filter { $0.id != "E6" }) == [.debited(purchase: "P2", price: 3, times: 0)])
        #expect(
            problems(healthy + [Entry(id: "X", amount: -3, kind: .redemption, reference: "P2")])
                == [.debited(purchase: "P2", price: 3, times: 2)])
        #expect(
            problems(healthy + [Entry(id: "X", amount: 5, kind: .refund, reference: "P")])
                == [.refundedAgain(entry: "X", purchase: "P")])
        #expect(
            problems(healthy + [Entry(id: "X", amount: 30, kind: .refund, reference: "P2")])
                == [.wrongAmount(entry: "X", kind: .refund, amount: 30, expected: 3)])
        var wrong = healthy
        wrong[5] = Entry(id: "E6", amount: -1, kind: .redemption, reference: "P2")
        #expect(problems(wrong) == [.wrongAmount(entry: "E6", kind: .redemption, amount: -1, expected: -3)])
    }

    @Test func theBalanceNeverGoesBelowZeroAndCompletionsNeedTheirQuest() {
        #expect(
            problems([Entry(id: "X", amount: -5, kind: .adjustment, reference: nil)], completions: [], purchases: [])
                == [.overdrawn(entry: "X", balance: -5)])
        let orphan = [LedgerAudit.Completion(id: "C9", quest: "GONE", day: day("2026-11-05"))]
        #expect(problems([], completions: orphan, purchases: []) == [.unknownQuest(completion: "C9", quest: "GONE")])
    }
}
