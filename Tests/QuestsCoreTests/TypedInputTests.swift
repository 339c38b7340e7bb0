import QuestsCore
import Testing

/// What the command line types is parsed once into values; use cases resolve them.
@Suite struct TypedInputTests {
    @Test func anItemReferenceKeepsItsTextAndReadsANumber() {
        #expect(ItemReference("#3").number == 3)
        #expect(ItemReference(" 12 ").number == 12)
        #expect(ItemReference("3a").number == nil)
        #expect(ItemReference("#").number == nil)
        #expect(ItemReference("read").number == nil)
        #expect(ItemReference(" Read ").text == " Read ")
        #expect(ItemReference(number: 7) == ItemReference("#7"))
    }

    @Test func aDayReferenceIsParsedOnceAndResolvedAgainstToday() throws {
        #expect(try DayReference(nil as String?) == .today)
        #expect(try DayReference(" Yesterday ") == .yesterday)
        #expect(try DayReference("fri") == .last(.friday))
        #expect(try DayReference("2026-11-03") == .date(Fixtures.day("2026-11-03")))
        let saturday = Fixtures.day("2026-11-21")
        #expect(DayReference.last(.saturday).day(today: saturday) == saturday)
        #expect(DayReference.last(.sunday).day(today: saturday).description == "2026-11-15")
        #expect(DayReference.tomorrow.day(today: saturday).description == "2026-11-22")
        #expect(throws: QuestsError.invalidDay("someday")) { try DayReference("someday") }
    }
}
