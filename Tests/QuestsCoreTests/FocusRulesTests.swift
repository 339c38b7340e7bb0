import Foundation
import QuestsCore
import Testing

@Suite struct FocusRulesTests {
    static let day = LocalDay("2026-11-21")!
    static let moment = Date(timeIntervalSince1970: 1_795_000_000)

    static func task(
        _ title: String, _ priority: FocusPriority = .medium, state: FocusTaskState = .open, second: Double = 0,
        id: Int = 0
    ) -> FocusTask {
        FocusTask(
            id: UUID(
                uuidString: String(format: "00000000-0000-0000-0000-%012X", id == 0 ? title.hashValue & 0xFFFF : id))!,
            day: day, title: title, priority: priority, reward: 10, state: state,
            addedAt: moment.addingTimeInterval(second))
    }

    static func goal(_ state: FocusGoalState = .open) -> FocusGoal {
        FocusGoal(day: day, title: "Ship it", state: state, reward: 25, setAt: moment)
    }

    static let settings = Settings()
    static let utc = Zone.utc
    static let now = DayPosition(day: day, minutesIntoDay: 600)

    @Test func checkinTimesParseInOrderEachOnce() {
        #expect(FocusRules.parseCheckins("17:00, 12:00")?.map(\.description) == ["12:00", "17:00"])
        #expect(FocusRules.parseCheckins("none") == [] && FocusRules.parseCheckins(" ") == [])
        #expect(FocusRules.parseCheckins("12:00,12:00") == nil && FocusRules.parseCheckins("12:00,") == nil)
        #expect(FocusRules.parseCheckins("25:00") == nil)
    }

    @Test func theLatestCheckinThatHasComeIsDueOnceAndOnlyOnADayWithAFocus() {
        let times = FocusRules.parseCheckins("12:00,17:00,02:00") ?? []
        let focus = FocusDay(day: Self.day, limit: 3, goal: Self.goal(), tasks: [])
        // the day starts at 03:00
        let at = { (hour: Int) in DayPosition(day: Self.day, minutesIntoDay: hour * 60 - 180) }
        let start = TimeOfDay(hour: 3, minute: 0)!
        let due = { (hour: Int, sent: [String]) in
            FocusRules.dueCheckin(
                times, now: at(hour), dayStart: start, sent: Set(sent.compactMap { try? TimeOfDay.parse($0) }),
                focus: focus)?.description
        }
        #expect(due(11, []) == nil)
        #expect(due(12, []) == "12:00")
        #expect(due(13, ["12:00"]) == nil)
        #expect(due(18, []) == "17:00")  // after a sleep: one, the latest
        #expect(due(18, ["17:00"]) == nil)
        // 02:00 comes last in a day that starts at 03:00.
        #expect(due(26, ["17:00"]) == "02:00")
        #expect(
            FocusRules.dueCheckin(
                times, now: at(18), dayStart: start, sent: [],
                focus: FocusDay(day: Self.day, limit: 3, goal: nil, tasks: [])) == nil)
    }

    @Test func theListRunsHighToLowThenByTheOrderAddedAndDroppedTasksLeaveIt() {
        let tasks = [
            Self.task("Low", .low, second: 0, id: 1), Self.task("Medium one", .medium, second: 1, id: 2),
            Self.task("High", .high, second: 2, id: 3), Self.task("Medium two", .medium, second: 3, id: 4),
            Self.task("Gone", .high, state: .dropped, second: 4, id: 5),
        ]
        let focus = FocusDay(day: Self.day, limit: 3, goal: nil, tasks: tasks)
        #expect(focus.entries.map(\.task.title) == ["High", "Medium one", "Medium two", "Low"])
        #expect(focus.entries.map(\.position) == [1, 2, 3, 4])
        #expect(focus.isOverLimit)
    }

    @Test func theFirstUnfinishedTaskIsInFocusTheOthersNextUp() {
        let tasks = [
            Self.task("A", .high, state: .done, id: 1), Self.task("B", .medium, second: 1, id: 2),
            Self.task("C", .low, second: 2, id: 3),
        ]
        let focus = FocusDay(day: Self.day, limit: 3, goal: nil, tasks: tasks)
        #expect(focus.entries.map(\.standing) == [.completed, .inFocus, .nextUp])
        #expect(focus.inFocus?.title == "B" && focus.doneCount == 1 && !focus.isOverLimit)
    }

    @Test func aTaskIsNamedByItsPositionOrAWordOfItsTitle() throws {
        let focus = FocusDay(
            day: Self.day, limit: 3, goal: nil,
            tasks: [
                Self.task("Write the intro", .high, id: 1), Self.task("Write the outro", second: 1, id: 2),
                Self.task("Call the printer", .low, second: 2, id: 3),
            ])
        #expect(try FocusRules.resolve("2", in: focus).title == "Write the outro")
        #expect(try FocusRules.resolve("printer", in: focus).title == "Call the printer")
        #expect(
            throws: QuestsError.ambiguous(.task, "write", candidates: ["#1 Write the intro", "#2 Write the outro"])
        ) {
            try FocusRules.resolve("write", in: focus)
        }
        #expect(throws: QuestsError.self) { try FocusRules.resolve("9", in: focus) }
    }

    @Test func aWindowIsAStartOrAStartAndALaterEnd() throws {
        let window = try FocusRules.parseWindow("09:00-10:30")
        #expect(window.at.description == "09:00" && window.until?.description == "10:30")
        #expect(try FocusRules.parseWindow("14:00").until == nil)
        #expect(throws: QuestsError.invalidTime("25:00")) { try FocusRules.parseWindow("25:00") }
        #expect(
            throws: QuestsError.windowEndsBeforeStart(
                start: TimeOfDay(hour: 10, minute: 0)!, end: TimeOfDay(hour: 9, minute: 0)!)
        ) {
            try FocusRules.parseWindow("10:00-09:00")
        }
        #expect(throws: QuestsError.self) { try FocusRules.parseWindow("10:00-10:00") }
    }

    @Test func aPriorityIsHighMediumOrLow() throws {
        #expect(try FocusPriority.parse("HIGH") == .high)
        #expect(try FocusPriority.parse("l") == .low)
        #expect(throws: QuestsError.invalidPriority("urgent")) { try FocusPriority.parse("urgent") }
    }

    @Test func theLimitRefusesATaskPastIt() throws {
        try FocusRules.checkRoom(on: Self.day, holds: 2, limit: 3)
        #expect(throws: QuestsError.focusFull(day: Self.day, holds: 3, limit: 3)) {
            try FocusRules.checkRoom(on: Self.day, holds: 3, limit: 3)
        }
        #expect(throws: QuestsError.focusFull(day: Self.day, holds: 4, limit: 3)) {
            try FocusRules.checkRoom(on: Self.day, holds: 4, limit: 3)
        }
        #expect(
            FocusRules.parseLimit("10") == 10 && FocusRules.parseLimit("0") == nil && FocusRules.parseLimit("11") == nil
        )
        var settings = Settings()
        #expect(throws: QuestsError.invalidSetting(.focusLimit, value: "11")) {
            try settings.set(.focusLimit, to: "11")
        }
        try settings.set(.focusLimit, to: "5")
        #expect(settings.focusLimit == 5 && settings.focusTaskReward == 10 && settings.focusGoalReward == 25)
    }

    @Test func daysArePlannedAheadOrBackFilledAndCompletedNeverAhead() throws {
        let settings = Self.settings
        try FocusRules.checkPlanning(Self.day.adding(days: 1), now: Self.now, zone: Self.utc, settings: settings)
        try FocusRules.checkPlanning(Self.day.adding(days: -7), now: Self.now, zone: Self.utc, settings: settings)
        #expect(throws: QuestsError.outsideBackfillWindow(Self.day.adding(days: -8), windowDays: 7)) {
            try FocusRules.checkPlanning(Self.day.adding(days: -8), now: Self.now, zone: Self.utc, settings: settings)
        }
        #expect(throws: QuestsError.beyondPlanningHorizon(Self.day.adding(days: 367))) {
            try FocusRules.checkPlanning(Self.day.adding(days: 367), now: Self.now, zone: Self.utc, settings: settings)
        }
        #expect(throws: QuestsError.futureDay(Self.day.adding(days: 1))) {
            try FocusRules.checkCompleting(Self.day.adding(days: 1), now: Self.now, zone: Self.utc, settings: settings)
        }
        // Samoa skipped 2011-12-30: never a focus day.
        let apia = Zone(TimeZone(identifier: "Pacific/Apia")!)
        let skipped = LocalDay("2011-12-30")!
        let position = DayPosition(day: LocalDay("2011-12-31")!, minutesIntoDay: 600)
        #expect(throws: QuestsError.nonexistentDay(skipped, timeZone: apia.name)) {
            try FocusRules.checkPlanning(skipped, now: position, zone: apia, settings: settings)
        }
    }

    @Test func theLastTaskDoneAchievesAnOpenMainQuestByItself() {
        let done = [Self.task("A", state: .done, id: 1), Self.task("B", state: .dropped, id: 2)]
        #expect(FocusRules.achievesByItself(goal: Self.goal(), tasks: done))
        #expect(!FocusRules.achievesByItself(goal: Self.goal(.notYet), tasks: done))
        #expect(!FocusRules.achievesByItself(goal: nil, tasks: done))
        #expect(!FocusRules.achievesByItself(goal: Self.goal(), tasks: done + [Self.task("C", id: 3)]))
        #expect(!FocusRules.achievesByItself(goal: Self.goal(), tasks: [Self.task("B", state: .dropped, id: 2)]))
    }

    @Test func anEarlierDayOffersWhatIsUnfinishedAndNotCarried() throws {
        let tasks = [
            Self.task("Open", id: 1), Self.task("Carried", id: 2), Self.task("Done", state: .done, id: 3),
            Self.task("Dropped", state: .dropped, id: 4),
        ]
        let offer = try #require(
            FocusRules.offer(
                from: Self.day, goal: Self.goal(), tasks: tasks, carried: [tasks[1].id],
                goalCarried: false, targetHasGoal: false))
        #expect(offer.goal?.title == "Ship it" && offer.tasks.map(\.title) == ["Open"])
        // A main quest achieved, carried already, or the day shown having its own is not offered.
        #expect(
            FocusRules.offer(
                from: Self.day, goal: Self.goal(.achievedByItself), tasks: [], carried: [], goalCarried: false,
                targetHasGoal: false) == nil)
        #expect(
            FocusRules.offer(
                from: Self.day, goal: Self.goal(), tasks: [], carried: [], goalCarried: true, targetHasGoal: false)
                == nil)
        #expect(
            FocusRules.offer(
                from: Self.day, goal: Self.goal(), tasks: [tasks[0]], carried: [], goalCarried: false,
                targetHasGoal: true)?.goal == nil)
    }

    @Test func aCarryBringsWhatFitsInListOrderAndNamesTheRest() {
        let offer = FocusOffer(
            from: Self.day, goal: nil,
            tasks: [Self.task("A", .high, id: 1), Self.task("B", second: 1, id: 2), Self.task("C", .low, id: 3)])
        let plan = FocusRules.carryPlan(offer, room: 2)
        #expect(plan.brought.map(\.title) == ["A", "B"] && plan.left.map(\.title) == ["C"])
        #expect(FocusRules.carryPlan(offer, chosen: [offer.tasks[2]], room: 0).left.map(\.title) == ["C"])
    }

    @Test func aMainQuestsIdentityIsItsDay() {
        #expect(
            NameUUID.focusGoal(day: Self.day)
                == FocusGoal(day: Self.day, title: "Other words", reward: 0, setAt: Self.moment).id)
        #expect(NameUUID.focusGoal(day: Self.day) != NameUUID.focusGoal(day: Self.day.adding(days: 1)))
    }
}

@Suite struct FocusLedgerAuditTests {
    typealias Entry = LedgerAudit.Entry<String>

    func problems(_ ledger: [Entry], focus: [LedgerAudit.FocusRecord<String>]) -> [LedgerProblem<String>] {
        LedgerAudit.problems(
            schedules: [:], completions: [LedgerAudit.Completion<String>](), ledger: ledger,
            purchases: [LedgerAudit.Purchase<String>](), focus: focus)
    }

    @Test func focusPaymentsArePaidOnceNetAndMatchWhatEachRecordIsDue() {
        let focus = [
            LedgerAudit.FocusRecord(id: "T", kind: .focusTask, due: 10),
            LedgerAudit.FocusRecord(id: "G", kind: .focusGoal, due: 0),
        ]
        let healthy = [
            Entry(id: "1", amount: 10, kind: .focusTask, reference: "T"),
            Entry(id: "2", amount: 25, kind: .focusGoal, reference: "G"),
            Entry(id: "3", amount: -25, kind: .undo, reference: "G"),
        ]
        #expect(problems(healthy, focus: focus).isEmpty)
        // Paid twice.
        #expect(
            problems(healthy + [Entry(id: "4", amount: 10, kind: .focusTask, reference: "T")], focus: focus).contains {
                if case .paidAgain(entry: "4", completion: "T", times: 2) = $0 { true } else { false }
            })
        // Never paid although done.
        #expect(
            problems(Array(healthy.dropFirst()), focus: focus) == [
                .focusPaidWrong(record: "T", kind: .focusTask, paid: 0, expected: 10)
            ])
        // A payment of a record that is not there, or of the wrong kind.
        #expect(
            problems(healthy + [Entry(id: "5", amount: 10, kind: .focusTask, reference: "G")], focus: focus).first
                == .unknownReference(entry: "5", kind: .focusTask, reference: "G"))
        // An undo of more than was paid.
        #expect(
            problems(
                [
                    Entry(id: "1", amount: 10, kind: .focusTask, reference: "T"),
                    Entry(id: "2", amount: -20, kind: .undo, reference: "T"),
                ],
                focus: [LedgerAudit.FocusRecord(id: "T", kind: .focusTask, due: 0)]
            ).contains {
                if case .wrongAmount(entry: "2", kind: .undo, amount: -20, expected: -10) = $0 { true } else { false }
            })
    }
}
