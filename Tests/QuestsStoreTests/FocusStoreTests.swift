import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@testable import QuestsStore

@Suite struct FocusStoreTests {
    let now = TemporaryStore.now("2026-11-21T12:00")
    var today: LocalDay { LocalDay("2026-11-21")! }

    func focus(_ store: QuestStore, _ day: DayReference = .today) throws -> FocusDay {
        try FocusPlanner(store).focus(on: day, now: now).focus
    }

    @Test func tasksPayWhenDoneAndTheLastAchievesTheMainQuestByItself() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try FocusPlanner(store).setGoal("Ship the draft", now: now)
        _ = try FocusPlanner(store).setGoal("Ship the first draft", now: now)
        _ = try FocusPlanner(store).addTask("Write", priority: .high, now: now)
        _ = try FocusPlanner(store).addTask("Edit", reward: 15, now: now)
        #expect(try focus(store).goal?.title == "Ship the first draft")
        let first = try FocusPlanner(store).completeTask("write", now: now)
        #expect(first.credited == 10 && first.balance == 10)
        let again = try FocusPlanner(store).completeTask("1", now: now)
        #expect(again.credited == 0)
        let last = try FocusPlanner(store).completeTask("edit", now: now)
        guard case .done(_, already: false, goalAchieved: true) = last.action else {
            Issue.record("not achieved by itself")
            return
        }
        #expect(last.credited == 40 && last.balance == 50)
        // not-yet returns the bonus and keeps it open, even when a task is undone and done again.
        #expect(try FocusPlanner(store).notYet(now: now).balance == 25)
        _ = try FocusPlanner(store).undoTask("edit", now: now)
        let redone = try FocusPlanner(store).completeTask("edit", now: now)
        #expect(redone.focus.goal?.state == .notYet && redone.balance == 25)
        #expect(try FocusPlanner(store).achieveGoal(now: now).balance == 50)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    /// A status line reads the focus only when it shows it, and never what an earlier day offers.
    @Test func theBoardReadsAsMuchOfTheFocusAsAsked() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try FocusPlanner(store).setGoal("Yesterday's", on: .yesterday, now: now)
        _ = try FocusPlanner(store).addTask("Write", now: now)
        #expect(try QuestBoard(store).board(now: now).focus.offer != nil)
        let listed = try QuestBoard(store).board(now: now, focus: .list).focus
        #expect(listed.entries.count == 1 && listed.offer == nil)
        let none = try QuestBoard(store).board(now: now, focus: .none).focus
        #expect(none.isEmpty && none.offer == nil)
    }

    @Test func achievedCompletesEveryUnfinishedTaskEachPaidAndUndoReopensOnlyWhatWasAchievedByItself() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try FocusPlanner(store).setGoal("Goal", now: now)
        for title in ["A", "B", "C"] { _ = try FocusPlanner(store).addTask(title, now: now) }
        let achieved = try FocusPlanner(store).achieveGoal(now: now)
        #expect(achieved.credited == 55 && achieved.focus.doneCount == 3)
        // Said achieved: undoing a task leaves it achieved.
        let undone = try FocusPlanner(store).undoTask("A", now: now)
        guard case .undone(_, goalReopened: false) = undone.action else {
            Issue.record("reopened")
            return
        }
        #expect(undone.balance == 45 && undone.focus.goal?.state == .achieved)
        #expect(throws: QuestsError.goalNotAchievedByItself(title: "Goal", state: .achieved)) {
            try FocusPlanner(store).notYet(now: now)
        }
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    @Test func everyBadInputIsRefusedAndChangesNothing() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try FocusPlanner(store).addTask("Write the intro", now: now)
        _ = try FocusPlanner(store).addTask("Write the outro", now: now)
        _ = try FocusPlanner(store).addTask("Call", now: now)
        let before = try temporary.dump()
        let refusals: [(QuestsError, () throws -> Void)] = [
            (.emptyFocusTitle(goal: false), { _ = try FocusPlanner(store).addTask("  ", now: self.now) }),
            (
                .invalidText(.title, .tooLong(limit: 200)),
                { _ = try FocusPlanner(store).addTask(String(repeating: "x", count: 201), now: self.now) }
            ),
            (
                .focusFull(day: today, holds: 3, limit: 3),
                { _ = try FocusPlanner(store).addTask("Fourth", now: self.now) }
            ),
            (
                .ambiguous(.task, "write", candidates: ["#1 Write the intro", "#2 Write the outro"]),
                { _ = try FocusPlanner(store).completeTask("write", now: self.now) }
            ),
            (.noGoal(today), { _ = try FocusPlanner(store).achieveGoal(now: self.now) }),
            (.noGoal(today), { _ = try FocusPlanner(store).notYet(now: self.now) }),
            (.nothingToCarry(today), { _ = try FocusPlanner(store).carry(now: self.now) }),
            (
                .outsideBackfillWindow(today.adding(days: -8), windowDays: 7),
                { _ = try FocusPlanner(store).addTask("Old", on: .date(self.today.adding(days: -8)), now: self.now) }
            ),
            (
                .futureDay(today.adding(days: 1)),
                { _ = try FocusPlanner(store).achieveGoal(on: .tomorrow, now: self.now) }
            ),
            (.taskNotDone("Call"), { _ = try FocusPlanner(store).undoTask("call", now: self.now) }),
            (.nothingToChangeInTask, { _ = try FocusPlanner(store).editTask("call", now: self.now) }),
        ]
        for (error, refused) in refusals {
            #expect(throws: error) { try refused() }
            #expect(try temporary.dump() == before)
        }
        _ = try FocusPlanner(store).setGoal("Goal", now: now)
        #expect(throws: QuestsError.goalNotAchievedByItself(title: "Goal", state: .open)) {
            try FocusPlanner(store).notYet(now: now)
        }
    }

    @Test func anEarlierDayIsOfferedNeverMovedAndACarryKeepsItsHistory() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let thursday = TemporaryStore.now("2026-11-19T12:00")
        _ = try FocusPlanner(store).setGoal("Plan the trip", now: thursday)
        for title in ["A", "B", "C"] { _ = try FocusPlanner(store).addTask(title, now: thursday) }
        _ = try FocusPlanner(store).completeTask("C", now: thursday)
        // Friday has no focus: Saturday is offered Thursday's.
        _ = try FocusPlanner(store).addTask("Saturday's own", now: now)
        _ = try FocusPlanner(store).addTask("Another", now: now)
        let offered = try #require(try focus(store).offer)
        #expect(
            offered.from == LocalDay("2026-11-19") && offered.goal?.title == "Plan the trip"
                && offered.tasks.map(\.title) == ["A", "B"])
        let carried = try FocusPlanner(store).carry(now: now)
        guard case .carried(_, let tasks, goal: true, let left) = carried.action else {
            Issue.record("no carry")
            return
        }
        #expect(tasks.map(\.title) == ["A"] && left.map(\.title) == ["B"])
        #expect(carried.focus.entries.count == 3 && carried.focus.goal?.carriedFrom == LocalDay("2026-11-19"))
        // Thursday keeps its history; what stayed behind is offered again.
        let thursdayFocus = try focus(store, .date(LocalDay("2026-11-19")!))
        #expect(thursdayFocus.entries.map(\.task.state) == [.open, .open, .done])
        #expect(try focus(store).offer?.tasks.map(\.title) == ["B"])
        #expect(throws: QuestsError.focusFull(day: today, holds: 3, limit: 3)) {
            try FocusPlanner(store).carry(now: now)
        }
        _ = try FocusPlanner(store).dropTask("another", now: now)
        _ = try FocusPlanner(store).carry(["b"], now: now)
        #expect(try focus(store).offer == nil)
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }

    @Test func aTaskMovesToAnotherDayWithinItsLimitAndTheLimitFollowsTheSetting() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        for title in ["A", "B", "C"] { _ = try FocusPlanner(store).addTask(title, on: .tomorrow, now: now) }
        _ = try FocusPlanner(store).addTask("Today", now: now)
        #expect(throws: QuestsError.focusFull(day: today.adding(days: 1), holds: 3, limit: 3)) {
            try FocusPlanner(store).editTask("today", moving: .tomorrow, now: now)
        }
        _ = try Preferences(store).set(.focusLimit, to: "4")
        let moved = try FocusPlanner(store).editTask("today", moving: .tomorrow, now: now)
        guard case .edited(let task) = moved.action else { return }
        #expect(task.day == today.adding(days: 1) && moved.focus.entries.isEmpty)
        _ = try Preferences(store).set(.focusLimit, to: "2")
        #expect(try focus(store, .tomorrow).isOverLimit)
    }

    @Test func anUndoOfSpentDailyDollarsIsRefused() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try FocusPlanner(store).addTask("A", reward: 50, now: now)
        _ = try FocusPlanner(store).completeTask("A", now: now)
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 45)
        _ = try RewardShop(store).buy("cake", now: now)
        let before = try temporary.dump()
        #expect(throws: QuestsError.undoWouldOverdraw(quest: "A", credited: 50, balance: 5)) {
            try FocusPlanner(store).undoTask("A", now: now)
        }
        #expect(try temporary.dump() == before)
    }
}

/// Random sequences of focus commands (adds, dones, undos, drops, carries, achieved, not-yet, limit changes,
/// back-fills, days passing) against a simple model of what each pays: the ledger stays exact, the store
/// refuses exactly what the model refuses, and doctor finds the store healthy.
@Suite struct FocusPropertyTests {
    /// What the model knows of a task.
    struct ModelTask {
        var day: LocalDay
        var state: FocusTaskState
        let reward: Int
    }

    /// What the model knows of a main quest.
    struct ModelGoal {
        var state: FocusGoalState
        let reward: Int
    }

    struct Model {
        var tasks: [String: ModelTask] = [:]
        var goals: [LocalDay: ModelGoal] = [:]
        var limit = 3
        var goalReward = 25
        var balance = 0

        func live(on day: LocalDay) -> [String] {
            tasks.filter { $0.value.day == day && $0.value.state != .dropped }.map(\.key)
        }

        var due: Int {
            tasks.values.reduce(0) { $0 + ($1.state == .done ? $1.reward : 0) }
                + goals.values.reduce(0) { $0 + ($1.state.isAchieved ? $1.reward : 0) }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theLedgerStaysExactAndDoctorPasses(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let temporary = try TemporaryStore()
        let store = temporary.store
        var model = Model()
        var today = LocalDay("2026-11-01")!
        var counter = 0
        func now() -> Now { TemporaryStore.now("\(today)T12:00") }
        func inWindow(_ day: LocalDay, completing: Bool) -> Bool {
            day <= today ? day.days(to: today) <= 7 : !completing && today.days(to: day) <= 366
        }
        for step in 0..<220 {
            let day = today.adding(days: Int.random(in: -2...1, using: &random))
            let dayTasks = model.tasks.filter { $0.value.day == day && $0.value.state != .dropped }.map(\.key).sorted()
            let title =
                dayTasks.isEmpty || Int.random(in: 0..<6, using: &random) == 0
                ? "nothing-\(step)" : dayTasks.randomElement(using: &random)!
            let reference = ItemReference(title)
            let known = model.tasks[title]
            var expectFailure = !inWindow(day, completing: false)
            let choice = Int.random(in: 0..<100, using: &random)
            switch choice {
            case 0..<22:
                counter += 1
                let name = "task \(counter)"
                let reward = Int.random(in: 0...20, using: &random)
                if model.live(on: day).count >= model.limit { expectFailure = true }
                do {
                    _ = try FocusPlanner(store).addTask(name, reward: reward, on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): add should be refused")
                    model.tasks[name] = ModelTask(day: day, state: .open, reward: reward)
                } catch { #expect(expectFailure, "seed \(seed) step \(step): add refused: \(error)") }
            case 22..<42:
                expectFailure = !inWindow(day, completing: true) || known == nil
                do {
                    _ = try FocusPlanner(store).completeTask(reference, on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): done should be refused")
                    if var task = known, task.state == .open {
                        task.state = .done
                        model.tasks[title] = task
                        if var goal = model.goals[day], goal.state == .open,
                            model.live(on: day).allSatisfy({ model.tasks[$0]?.state == .done })
                        {
                            goal.state = .achievedByItself
                            model.goals[day] = goal
                        }
                    }
                } catch { #expect(expectFailure, "seed \(seed) step \(step): done refused: \(error)") }
            case 42..<52:
                let reopens = model.goals[day]?.state == .achievedByItself
                let takenBack = (known?.reward ?? 0) + (reopens ? model.goals[day]?.reward ?? 0 : 0)
                expectFailure = !inWindow(day, completing: true) || known?.state != .done || model.balance < takenBack
                do {
                    _ = try FocusPlanner(store).undoTask(reference, on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): undo should be refused")
                    model.tasks[title]?.state = .open
                    if reopens { model.goals[day]?.state = .open }
                } catch { #expect(expectFailure, "seed \(seed) step \(step): undo refused: \(error)") }
            case 52..<60:
                expectFailure = expectFailure || known?.state != .open
                do {
                    _ = try FocusPlanner(store).dropTask(reference, on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): drop should be refused")
                    model.tasks[title]?.state = .dropped
                } catch { #expect(expectFailure, "seed \(seed) step \(step): drop refused: \(error)") }
            case 60..<68:
                do {
                    _ = try FocusPlanner(store).setGoal("goal \(step)", on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): goal should be refused")
                    if model.goals[day] == nil { model.goals[day] = ModelGoal(state: .open, reward: model.goalReward) }
                } catch { #expect(expectFailure, "seed \(seed) step \(step): goal refused: \(error)") }
            case 68..<76:
                expectFailure = !inWindow(day, completing: true) || model.goals[day] == nil
                do {
                    _ = try FocusPlanner(store).achieveGoal(on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): achieved should be refused")
                    for name in model.live(on: day) where model.tasks[name]?.state == .open {
                        model.tasks[name]?.state = .done
                    }
                    model.goals[day]?.state = .achieved
                } catch { #expect(expectFailure, "seed \(seed) step \(step): achieved refused: \(error)") }
            case 76..<82:
                let goal = model.goals[day]
                expectFailure =
                    !inWindow(day, completing: true) || goal?.state != .achievedByItself
                    || model.balance < goal?.reward ?? 0
                do {
                    _ = try FocusPlanner(store).notYet(on: .date(day), now: now())
                    #expect(!expectFailure, "seed \(seed) step \(step): not-yet should be refused")
                    model.goals[day]?.state = .notYet
                } catch { #expect(expectFailure, "seed \(seed) step \(step): not-yet refused: \(error)") }
            case 82..<90:
                // The store decides what is offered; the model follows what it brought, within the limit.
                let held = model.live(on: day).count
                if let outcome = try? FocusPlanner(store).carry(on: day, now: now()),
                    case .carried(_, let tasks, let goal, _) = outcome.action
                {
                    #expect(inWindow(day, completing: false))
                    #expect(
                        held + tasks.count <= max(model.limit, held),
                        "seed \(seed) step \(step): carried past the limit")
                    for task in tasks {
                        counter += 1
                        let name = "task \(counter)"
                        _ = try FocusPlanner(store).editTask(
                            ItemReference(task.title), on: .date(day), title: name, now: now())
                        model.tasks[name] = ModelTask(day: day, state: .open, reward: task.reward)
                    }
                    if goal { model.goals[day] = ModelGoal(state: .open, reward: model.goalReward) }
                }
            case 90..<94:
                let limit = Int.random(in: 1...4, using: &random)
                _ = try Preferences(store).set(.focusLimit, to: String(limit))
                model.limit = limit
            case 94..<96:
                let reward = Int.random(in: 0...30, using: &random)
                _ = try Preferences(store).set(.focusGoalReward, to: String(reward))
                model.goalReward = reward
            default:
                today = today.adding(days: 1)
            }
            model.balance = model.due
            if try Bookkeeping(store).balance() != model.balance {
                let stored = try store.read { db in
                    try db.focusDay(day, today: day, settings: db.settings(), zone: .utc)
                }
                Issue.record(
                    "seed \(seed) step \(step): balance \(try Bookkeeping(store).balance()) != \(model.balance) after choice \(choice) on \(day) of \(title): store \(stored.goal.map { "\($0.state) \($0.reward)" } ?? "-") \(stored.tasks.map { "\($0.title) \($0.state) \($0.reward)" }) model \(model.goals[day].map { "\($0.state) \($0.reward)" } ?? "-") \(model.live(on: day).map { "\($0) \(model.tasks[$0]!.state) \(model.tasks[$0]!.reward)" })"
                )
                return
            }
            if step % 40 == 39 {
                #expect(try StoreCheckup.examine(path: temporary.path).isHealthy, "seed \(seed) step \(step): doctor")
            }
        }
        for (name, task) in model.tasks {
            let stored = try store.read { db in try db.records(FocusTask.declaration, orderedBy: "id") }.first {
                $0.title == name
            }
            #expect(stored?.state == task.state && stored?.day == task.day, "seed \(seed): \(name)")
        }
        #expect(try StoreCheckup.examine(path: temporary.path).isHealthy)
    }
}

extension FocusPlanner {
    /// `carry` to a day given as a `LocalDay`.
    func carry(on day: LocalDay, now: Now) throws -> FocusOutcome {
        try carry([], to: .date(day), now: now)
    }
}
