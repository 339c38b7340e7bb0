import Foundation
import QuestsTestSupport
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

    /// On random counts (in any order, a day more than once, empty and negative counts, days after today)
    /// the insights are those of a plain model that looks every day up in a dictionary.
    @Test func insightsAgreeWithTheModel() throws {
        var random = SplitMix(seed: 19)
        let start = try #require(LocalDay("2025-12-20"))
        for _ in 0..<400 {
            let today = start.adding(days: Int.random(in: 0...80, using: &random))
            let counts = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                (
                    day: today.adding(days: Int.random(in: -50...5, using: &random)),
                    entries: Int.random(in: -1...3, using: &random)
                )
            }
            let insights = JournalInsights(counts: counts, today: today)
            let model = InsightsModel(counts: counts, today: today)
            #expect(insights.current == model.current)
            #expect(insights.longest == model.longest)
            #expect(insights.entries == model.entries && insights.days == model.days)
            #expect(insights.week.map(\.day) == model.week.map(\.day))
            #expect(insights.week.map(\.entries) == model.week.map(\.entries))
            #expect(insights.month.map(\.day) == model.month.map(\.day))
            #expect(insights.month.map(\.entries) == model.month.map(\.entries))
        }
    }
}

/// The insights worked out the plain way: every journaled day in a dictionary.
private struct InsightsModel {
    var current = 0
    var longest = 0
    var entries = 0
    var days = 0
    var week: [(day: LocalDay, entries: Int)] = []
    var month: [(day: LocalDay, entries: Int)] = []

    init(counts: [(day: LocalDay, entries: Int)], today: LocalDay) {
        var byDay: [LocalDay: Int] = [:]
        for count in counts where count.entries > 0 { byDay[count.day, default: 0] += count.entries }
        entries = byDay.values.reduce(0, +)
        days = byDay.count
        var run = 0
        for day in byDay.keys.sorted() {
            run = byDay[day.adding(days: -1)] != nil ? run + 1 : 1
            longest = max(longest, run)
        }
        var day = byDay[today] == nil ? today.adding(days: -1) : today
        while byDay[day] != nil {
            current += 1
            day = day.adding(days: -1)
        }
        week = (0..<7).map { today.adding(days: $0 - 6) }.map { ($0, byDay[$0] ?? 0) }
        let (year, monthNumber, _) = today.components
        var next = LocalDay(year: year, month: monthNumber, day: 1)!
        while next.components.month == monthNumber {
            month.append((next, byDay[next] ?? 0))
            next = next.adding(days: 1)
        }
    }
}
