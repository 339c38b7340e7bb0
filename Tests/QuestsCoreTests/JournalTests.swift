import Foundation
import Testing

@testable import QuestsCore

/// The journal's rules: what an entry may hold, search folding, and the insights.
@Suite struct JournalTests {
    @Test func anEntryNeedsWordsAndNoNULWithinItsLimit() throws {
        #expect(throws: QuestsError.emptyJournalEntry) { try JournalEntry.check(" \n\t") }
        #expect(throws: QuestsError.invalidText(.journal, .containsNUL)) { try JournalEntry.check("a\u{0}b") }
        #expect(throws: QuestsError.invalidText(.journal, .tooLong(limit: 2000))) {
            try JournalEntry.check(String(repeating: "ß", count: 2001))
        }
        try JournalEntry.check(String(repeating: "👩‍💻", count: 2000 / 3))
    }

    @Test func foldingDropsCaseAndAccentsInEveryShippedLanguage() {
        #expect(JournalSearch.fold("Café") == "cafe")
        #expect(JournalSearch.fold("Cafe\u{301}") == "cafe")
        #expect(JournalSearch.fold("Straße ẞ") == "strasse ss")
        #expect(JournalSearch.fold("Müller Ærø Œuvre") == "muller aero oeuvre")
        #expect(JournalSearch.fold("MAÑANA, árbol, Ça") == "manana, arbol, ca")
        #expect(JournalSearch.fold("Ｑｕｅｓｔ１") == "quest1")
        #expect(JournalSearch.fold("がっこう 学校") == "がっこう 学校")
        #expect(JournalSearch.matches("Un café à Noël", words: JournalSearch.words("NOEL  cafe")))
        #expect(!JournalSearch.matches("Un café", words: JournalSearch.words("the")))
        #expect(!JournalSearch.matches("anything", words: JournalSearch.words("  ")))
    }

    @Test func insightsCountStreaksFromTodayOrYesterday() throws {
        let today = try #require(LocalDay("2026-03-10"))
        func counts(_ offsets: [Int]) -> [(day: LocalDay, entries: Int)] { offsets.map { (today.adding(days: $0), 1) } }
        let running = JournalInsights(counts: counts([-12, -11, -10, -9, -3, -2, -1]), today: today)
        #expect(running.current == 3 && running.longest == 4 && running.days == 7 && running.entries == 7)
        #expect(JournalInsights(counts: counts([-3, -2]), today: today).current == 0)
        #expect(JournalInsights(counts: counts([0, -1]), today: today).current == 2)
        #expect(JournalInsights(counts: [], today: today).average == 0)
        #expect((0...5).map(JournalInsights.level) == [0, 1, 2, 3, 3, 3])
    }
}
