import Foundation
import QuestsCore
import Testing

/// What a change of one day can newly earn, on a store judged in full before it (`ProgressChange`).
@Suite struct ProgressChangeTests {
    let today = LocalDay("2026-11-18")!  // a Wednesday
    /// Every achievement recorded but `open`, on 2026-11-01.
    func recorded(but open: Set<String>) -> [String: LocalDay] {
        Dictionary(
            uniqueKeysWithValues: Achievement.all.filter { !open.contains($0.id) }.map {
                ($0.id, LocalDay("2026-11-01")!)
            })
    }

    /// Whether `change` asks for a full judgement; `asked` lists the bounds it read.
    func needsJudgement(
        _ change: ProgressChange, today: LocalDay? = nil, open: Set<String>, recorded extra: [String: LocalDay] = [:],
        completions: Int = 0, cleared: Bool = false, streak: Int = 0
    ) -> (Bool, asked: [String]) {
        var asked: [String] = []
        let result = change.mayChangeAchievements(
            today: today ?? self.today, weekStart: .monday, recorded: recorded(but: open).merging(extra) { $1 },
            completions: {
                asked.append("completions")
                return completions
            },
            todayCleared: {
                asked.append("cleared")
                return cleared
            },
            currentStreak: {
                asked.append("streak")
                return streak
            })
        return (result, asked)
    }

    @Test func withEverythingRecordedNothingIsReadAndNothingChanges() {
        let (result, asked) = needsJudgement(.completed(day: today, credited: true), open: [])
        #expect(!result)
        #expect(asked.isEmpty)
    }

    @Test func aChangeOfAnotherDayOrARecordedDayAfterTodayIsJudgedInFull() {
        #expect(needsJudgement(.completed(day: today.adding(days: -1), credited: false), open: []).0)
        #expect(needsJudgement(.undone(day: today.adding(days: -1)), open: []).0)
        #expect(
            needsJudgement(
                .completed(day: today, credited: false), open: [], recorded: ["streak-7": today.adding(days: 1)]
            ).0)
        #expect(!needsJudgement(.completed(day: today, credited: false), open: [], recorded: ["streak-7": today]).0)
    }

    /// A focus action changes no quest's day: only a credit can reach anything, and only the DD earned.
    @Test func aChangeOfTheLedgerAloneIsJudgedOnlyForAnUnrecordedEarnedMeasure() {
        let earned = Set(Achievement.all.filter { $0.kind == .earned }.map(\.id))
        let others = Set(Achievement.all.filter { $0.kind != .earned }.map(\.id))
        #expect(!earned.isEmpty && !others.isEmpty)
        let credit = needsJudgement(.ledgerOnly(day: today, credited: true), open: earned)
        #expect(credit.0 && credit.asked.isEmpty)
        let otherOpen = needsJudgement(
            .ledgerOnly(day: today, credited: true), open: others, completions: 5000, cleared: true, streak: 400)
        #expect(!otherOpen.0 && otherOpen.asked.isEmpty)
        #expect(!needsJudgement(.ledgerOnly(day: today, credited: false), open: earned.union(others)).0)
        #expect(needsJudgement(.ledgerOnly(day: today.adding(days: -1), credited: false), open: []).0)
    }

    @Test func anUndoOfTodayEarnsNothing() {
        let (result, asked) = needsJudgement(
            .undone(day: today), open: Set(Achievement.all.map(\.id)), completions: 5000, cleared: true, streak: 400)
        #expect(!result)
        #expect(asked.isEmpty)
    }

    @Test func completionsAreJudgedWhenTheirCountReachesAnOpenThreshold() {
        #expect(
            !needsJudgement(.completed(day: today, credited: false), open: ["completions-1000"], completions: 999).0)
        #expect(
            needsJudgement(.completed(day: today, credited: false), open: ["completions-1000"], completions: 1000).0)
    }

    @Test func aCreditWhileADailyDollarAchievementIsOpenIsJudgedInFull() {
        #expect(needsJudgement(.completed(day: today, credited: true), open: ["earned-5000"]).0)
        #expect(!needsJudgement(.completed(day: today, credited: false), open: ["earned-5000"]).0)
    }

    @Test func theStreakIsReadOnlyWhenTodayIsCleared() {
        let notCleared = needsJudgement(
            .completed(day: today, credited: false), open: ["streak-30"], cleared: false, streak: 40)
        #expect(!notCleared.0)
        #expect(notCleared.asked == ["cleared"])
        #expect(
            !needsJudgement(.completed(day: today, credited: false), open: ["streak-30"], cleared: true, streak: 29).0)
        #expect(
            needsJudgement(.completed(day: today, credited: false), open: ["streak-30"], cleared: true, streak: 30).0)
    }

    @Test func aPerfectWeekCanOnlyEndOnTheLastDayOfAWeek() {
        #expect(!needsJudgement(.completed(day: today, credited: false), open: ["perfect-weeks-4"]).0)
        let sunday = LocalDay("2026-11-22")!
        #expect(needsJudgement(.completed(day: sunday, credited: false), today: sunday, open: ["perfect-weeks-4"]).0)
    }
}
