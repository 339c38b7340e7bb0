import QuestsCore
import Testing

@Suite struct MonthTests {
    @Test func parsesOnlyYearDashMonth() throws {
        #expect(Month("2026-11")?.description == "2026-11")
        for text in ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "2026/11", "２０２６-11", ""] {
            #expect(Month(text) == nil, "\(text)")
        }
        #expect(throws: QuestsError.invalidMonth("2026-13")) { try Month.parse("2026-13") }
    }

    @Test func knowsItsDaysAndNeighboursAcrossYearsAndLeapDays() throws {
        let january = try #require(Month("2025-01"))
        #expect(january.previous.description == "2024-12")
        #expect(january.previous.last.description == "2024-12-31")
        #expect(try #require(Month("2024-02")).last.description == "2024-02-29")
        #expect(try #require(Month("2026-12")).next.description == "2027-01")
        #expect(Month(containing: try #require(LocalDay("2026-03-31"))).description == "2026-03")
        #expect(january < january.next)
    }
}
