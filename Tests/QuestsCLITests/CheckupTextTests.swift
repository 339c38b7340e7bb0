import QuestsCore
import QuestsStore
import Testing

@testable import QuestsCLI

/// Doctor's words live in the CLI: the store reports typed findings.
@Suite struct CheckupTextTests {
    @Test func findingsAndSummariesAreWordedAsDoctorPrintsThem() {
        #expect(
            [StoreCheckup.Kind.integrity, .schema, .foreignKeys, .ledger, .payments, .orphans, .dayCounts].map(\.name)
                == ["integrity", "schema", "foreign keys", "ledger", "payments", "orphans", "day counts"])
        #expect(
            StoreCheckup.Summary.schema(version: 3, upgradesTo: 9).wording == "version 3 (upgraded to 9 on next use)")
        #expect(StoreCheckup.Summary.schema(version: 9, upgradesTo: nil).wording == "version 9")
        #expect(
            StoreCheckup.Summary.ledger(entries: 1, balance: 40).wording == "1 entry, balance 40 DD = sum of entries")
        #expect(
            StoreCheckup.Finding.unscheduledCount(day: "2026-11-21", stored: 0, expected: 1).wording
                == "2026-11-21 counts 0 completed quests not scheduled that day, the schedules say 1")
        #expect(
            StoreCheckup.Finding.ledger(.paidAgain(entry: "E", completion: "C", times: 2)).wording
                == "completion C was paid 2 times")
    }
}
