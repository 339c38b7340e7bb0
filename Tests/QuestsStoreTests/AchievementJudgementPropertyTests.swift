import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

/// `complete` and the focus actions judge only what a change of today can earn when the store was judged
/// in full before it (`ProgressChange`, `achievements_judged`). Random days of use, played on two stores: one as the commands
/// run, one whose mark is removed before every command, so that it judges the whole history every time.
/// After every command both hold the same achievements on the same days, and whenever the first is marked
/// judged, a full judgement would change nothing in it.
@Suite struct AchievementJudgementPropertyTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func theJudgementOfOneDayEqualsTheJudgementOfTheWholeHistory(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let incremental = try TemporaryStore()
        let full = try TemporaryStore()
        let start = LocalDay("2026-01-05")!
        func now(_ day: LocalDay, _ hour: Int) -> Now { TemporaryStore.now("\(day)T\(hour < 10 ? "0" : "")\(hour):00") }
        func both(_ command: (QuestStore) throws -> Void) throws {
            try full.store.db.execute("DELETE FROM achievements_judged")
            // A command refused on one store is refused on the other: they hold the same history.
            let first = Result { try command(incremental.store) }
            let second = Result { try command(full.store) }
            #expect((try? first.get()) != nil ? (try? second.get()) != nil : (try? second.get()) == nil)
        }
        if seed % 2 == 0 { _ = try? both { _ = try Preferences($0).set(.weekStart, to: "sunday") } }
        for number in 1...4 {
            let (kind, weekdays) = RandomWorld.randomKind(&random, from: start)
            let schedule = Schedule(
                weekdays: weekdays, reward: Int(random.next() % 3) * 10, kind: number == 1 ? .weekdays : kind)
            try both {
                _ = try QuestBoard($0).add(title: "Q\(number)", notes: "", schedule: schedule, now: now(start, 7))
            }
        }
        try both { _ = try RewardShop($0).add(title: "Cake", notes: "", price: 30) }
        var judgedAfter = 0  // commands after which the store was marked judged
        var fromCheckpoint = 0  // commands after which the streaks were walked from the judgement's checkpoint
        let rate = random.next() % 4 + 5  // most days done: streaks and perfect weeks happen
        for offset in 0..<150 {
            let day = start.adding(days: offset)
            // Each quest completed on most days, in a random order, between other commands.
            var commands =
                (1...4).map { _ in Int(random.next() % 24) }
                + (1...4).filter { _ in random.next() % rate != 0 }.map { -$0 }
            commands.shuffle(using: &random)
            for (index, command) in commands.enumerated() {
                let moment = now(day, 6 + index)
                let quest = ItemReference(number: command < 0 ? -command : Int(random.next() % 4) + 1)
                let back =
                    random.next() % 6 == 0 ? DayReference.date(day.adding(days: -Int(random.next() % 5) - 1)) : .today
                switch command {
                case ..<0: try? both { _ = try Completing($0).complete(quest, early: true, now: moment) }
                case 0..<6: try? both { _ = try Completing($0).complete(quest, on: back, early: true, now: moment) }
                case 6..<10: try? both { _ = try Completing($0).undo(quest, on: back, now: moment) }
                case 10..<12: try? both { _ = try Forgiveness($0).skip(quest, on: back, now: moment) }
                case 12: try? both { _ = try Forgiveness($0).unskip(quest, on: back, now: moment) }
                case 13: try? both { _ = try RewardShop($0).buy("cake", now: moment) }
                case 14: try? both { _ = try Forgiveness($0).buyFreeze(now: moment) }
                case 15: try? both { _ = try ProgressTracker($0).achievements(now: moment) }
                case 16 where random.next() % 5 == 0:
                    try? both { _ = try Forgiveness($0).addVacation(from: .today, now: moment) }
                case 17: try? both { _ = try FocusPlanner($0).addTask("Task \(index)", now: moment) }
                case 18: try? both { _ = try FocusPlanner($0).completeTask(ItemReference(number: 1), now: moment) }
                case 19: try? both { _ = try FocusPlanner($0).undoTask(ItemReference(number: 1), now: moment) }
                case 20: try? both { _ = try FocusPlanner($0).setGoal("Goal", now: moment) }
                case 21: try? both { _ = try FocusPlanner($0).achieveGoal(on: back, now: moment) }
                default: break
                }
                if try checkJudged(incremental.store, now: moment) { judgedAfter += 1 }
                if try checkStreaks(incremental.store, now: moment) { fromCheckpoint += 1 }
                #expect(try recorded(incremental.store) == recorded(full.store), "seed \(seed), \(day)")
            }
        }
        #expect(judgedAfter > 100, "most commands leave the store judged")
        #expect(fromCheckpoint > 100, "most commands leave a checkpoint to walk the streaks from")
        let earned = try recorded(full.store)
        #expect(earned.count > 4, "the histories earn streak and other achievements along the way: \(earned)")
    }

    /// The streaks of `store`, walked from its judgement's checkpoint when it keeps one, are those of a walk over
    /// its whole history. True when it keeps a checkpoint.
    func checkStreaks(_ store: QuestStore, now: Now) throws -> Bool {
        let (walked, freezes, today) = try ProgressTracker(store).streaks(now: now)
        let whole = try store.wholeHistoryStreaks(now: now)
        #expect(walked.standing == whole.summary.standing, "\(now)")
        #expect(walked.today == whole.summary.today)
        #expect(freezes == whole.freezes)
        return try store.db.streakCheckpoint(today: today, zone: now.zone) != nil
    }

    /// The achievements recorded, as `key day`.
    func recorded(_ store: QuestStore) throws -> [String] {
        try store.db.prepare("SELECT key || ' ' || earned_day FROM achievement ORDER BY key").rows {
            $0.text(0)
        }
    }

    /// When `store` is marked judged as of the day of `now`, a full judgement records nothing and moves no day.
    /// True when it is marked judged. Marked or not, the board's streak (from the judgement's checkpoint when
    /// it has one) is the whole history's.
    func checkJudged(_ store: QuestStore, now: Now) throws -> Bool {
        #expect(
            try QuestBoard(store).board(now: now).streak == ProgressTracker(store).streaks(now: now).summary.current)
        let today = now.position(dayStart: try Preferences(store).settings().dayStart).day
        guard try store.db.isJudged(today: today, zone: now.zone) else { return false }
        let before = try recorded(store)
        let after = try store.writeWithoutStamping(commit: false) { db in
            _ = try db.recordAchievements(now: now)
            return try recorded(store)
        }
        #expect(before == after)
        return true
    }
}
