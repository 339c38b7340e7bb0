import Foundation
import QuestsCore
import Testing

@Suite struct LedgerMemoTests {
    let day = LocalDay("2026-11-21")!

    @Test func aMemoNamesItsSubjectAndDayInNoLanguage() {
        #expect(LedgerMemo.about("Morning run", on: day) == "Morning run · 2026-11-21")
        #expect(LedgerMemo.about("Run", on: day, note: "felt good") == "Run · 2026-11-21 · \"felt good\"")
    }

    @Test func olderStoresEnglishWordsAroundTheSubjectAreRead() {
        let cases: [(LedgerKind, String, String)] = [
            (.undo, "undo Morning run · 2026-11-21", "Morning run · 2026-11-21"),
            (.undo, "undo Run · 2026-11-21 (sync)", "Run · 2026-11-21"),
            (.questReward, "Run · 2026-11-21 (sync)", "Run · 2026-11-21"),
            (.focusGoal, "main quest Ship it · 2026-11-21 (sync)", "Ship it · 2026-11-21"),
            (.focusTask, "Write · 2026-11-21", "Write · 2026-11-21"),
            (.refund, "refund Movie night", "Movie night"),
            (.freeze, "streak freeze", ""),
            // A bonus's memo is the user's own text, kept whole even when it looks like older wording.
            (.bonus, "undo this (sync)", "undo this (sync)"),
            // A title that merely starts like older wording loses nothing when written today.
            (.questReward, "undo the day · 2026-11-21", "undo the day · 2026-11-21"),
        ]
        for (kind, memo, subject) in cases {
            #expect(LedgerMemo.subject(of: memo, kind: kind) == subject, "\(kind) \(memo)")
        }
    }
}
