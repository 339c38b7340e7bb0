import Foundation
import QuestsCore
import Testing

@Suite struct BoardTests {
    let run = Fixtures.quest(1, "Morning run", at: "07:00", days: .weekdays, reward: 20)
    let read = Fixtures.quest(2, "Read", at: "21:00")
    let water = Fixtures.quest(3, "Drink water")
    let walk = Fixtures.quest(4, "Long walk", days: .weekends)

    func board(
        _ quests: [Quest], at text: String, day: String? = nil, completed: Set<Int> = [], zone: String = "UTC",
        dayStart: String = "00:00"
    ) -> Board {
        let position = Fixtures.position(text, in: zone, dayStart: dayStart)
        return Board(
            day: day.map { Fixtures.day($0) } ?? position.day, quests: quests,
            paid: Dictionary(uniqueKeysWithValues: completed.map { ($0, 0) }), now: position,
            rule: DayRule(calendar: Fixtures.calendar(zone), dayStart: Fixtures.time(dayStart)!))
    }

    func state(of number: Int, in board: Board) -> QuestState? {
        board.entries.first { $0.quest.number == number }?.state
    }

    @Test func theFirstNeutralDayIsTheStartOfTheEarliestPeriodHoldingTheDay() {
        func flexible(_ number: Int, _ kind: ScheduleKind) -> Quest {
            let created = Fixtures.day("2026-01-01")
            return Quest(
                id: UUID(), number: number, title: "Q\(number)", createdDay: created,
                versions: [ScheduleVersion(effectiveFrom: created, schedule: Schedule(kind: kind))])
        }
        let wednesday = Fixtures.day("2026-11-18")
        #expect(Board.firstNeutralDay(of: wednesday, quests: [run, read], weekStart: .monday) == wednesday)
        let week = flexible(5, .quota(times: 3, per: .week))
        #expect(
            Board.firstNeutralDay(of: wednesday, quests: [run, week], weekStart: .monday) == Fixtures.day("2026-11-16"))
        #expect(
            Board.firstNeutralDay(of: wednesday, quests: [run, week], weekStart: .sunday) == Fixtures.day("2026-11-15"))
        let month = flexible(6, .quota(times: 8, per: .month))
        #expect(
            Board.firstNeutralDay(of: wednesday, quests: [week, month], weekStart: .monday)
                == Fixtures.day("2026-11-01"))
        // An every-N-days quest has no quota period: it is due on its days alone.
        let every = flexible(7, .every(days: 3, from: Fixtures.day("2026-11-16")))
        #expect(Board.firstNeutralDay(of: wednesday, quests: [every], weekStart: .monday) == wednesday)
    }

    @Test func upcomingQuestBecomesAvailableAtItsTime() {
        // 2026-11-23 is a Monday.
        #expect(state(of: 1, in: board([run], at: "2026-11-23T06:59")) == .upcoming)
        #expect(state(of: 1, in: board([run], at: "2026-11-23T07:00")) == .available)
        #expect(state(of: 1, in: board([run], at: "2026-11-23T23:59")) == .available)
    }

    @Test func completedWinsOverTime() {
        let early = board([run], at: "2026-11-23T06:00", completed: [1])
        #expect(state(of: 1, in: early) == .completed)
        #expect(early.isCleared)
    }

    @Test func questsNotInTheMaskAreNotOnTheBoard() {
        let saturday = board([run, read, water, walk], at: "2026-11-21T12:00")
        #expect(saturday.entries.map(\.quest.number).sorted() == [2, 3, 4])
        let monday = board([run, read, water, walk], at: "2026-11-23T12:00")
        #expect(monday.entries.map(\.quest.number).sorted() == [1, 2, 3])
    }

    @Test func aQuestCreatedLaterIsNotOnEarlierDays() {
        let later = Fixtures.quest(5, "Meditate", created: "2026-11-22")
        #expect(board([later], at: "2026-11-21T12:00").entries.isEmpty)
        #expect(board([later], at: "2026-11-22T00:00").entries.count == 1)
    }

    @Test func anEditedScheduleAppliesFromItsDayOnly() throws {
        let changed = Schedule(time: Fixtures.time("06:00"), weekdays: .weekends, reward: 50)
        let (edited, _) = run.applying(changed, from: Fixtures.day("2026-11-21"))
        // Friday before the edit: old schedule (weekdays, 07:00, 20 DD).
        let friday = board([edited], at: "2026-11-20T12:00")
        #expect(friday.entries.first?.schedule.reward == 20)
        #expect(friday.entries.first?.schedule.time == Fixtures.time("07:00"))
        // Saturday on: weekends only, 06:00, 50 DD.
        let saturday = board([edited], at: "2026-11-21T05:00")
        #expect(saturday.entries.first?.state == .upcoming)
        #expect(saturday.entries.first?.schedule.reward == 50)
        #expect(board([edited], at: "2026-11-23T12:00").entries.isEmpty)
    }

    @Test func editingTwiceOnOneDayKeepsOneVersionForThatDay() {
        let day = Fixtures.day("2026-11-21")
        let (once, _) = read.applying(Schedule(reward: 11), from: day)
        let (twice, _) = once.applying(Schedule(reward: 12), from: day)
        #expect(twice.versions.count == 2)
        #expect(twice.schedule(on: day)?.reward == 12)
        #expect(twice.schedule(on: day.adding(days: -1))?.reward == 10)
    }

    @Test func archivedQuestsLeaveTheBoardFromTheirArchiveDay() {
        var schedule = read.versions[0].schedule
        schedule.archived = true
        let (archived, _) = read.applying(schedule, from: Fixtures.day("2026-11-21"))
        #expect(board([archived], at: "2026-11-20T22:00").entries.count == 1)
        #expect(board([archived], at: "2026-11-21T22:00").entries.isEmpty)
    }

    @Test func sectionsAreOrderedByStateThenTimeThenTitle() {
        let quests = [
            Fixtures.quest(1, "b late", at: "20:00"), Fixtures.quest(2, "a any"),
            Fixtures.quest(3, "c morning", at: "08:00"),
            Fixtures.quest(4, "a morning", at: "08:00"), Fixtures.quest(5, "done", at: "06:00"),
            Fixtures.quest(6, "noon", at: "12:00"),
        ]
        let result = board(quests, at: "2026-11-21T10:00", completed: [5])
        #expect(result.entries.map(\.quest.title) == ["a morning", "c morning", "a any", "noon", "b late", "done"])
        #expect(result.entries.map(\.state) == [.available, .available, .available, .upcoming, .upcoming, .completed])
        #expect(result.next?.quest.title == "a morning")
        #expect(result.completedCount == 1)
        #expect(!result.isCleared)
    }

    @Test func nextIsTheNextToOpenWhenNothingIsAvailable() {
        let result = board([read, run], at: "2026-11-23T06:00")
        #expect(result.next?.quest.number == 1)
        #expect(result.next?.state == .upcoming)
        #expect(board([read], at: "2026-11-23T06:00", completed: [2]).next == nil)
    }

    @Test func pastDaysHaveEveryUnfinishedQuestMissedAndFutureDaysNoneOpen() {
        let past = board([read, water], at: "2026-11-21T06:00", day: "2026-11-20", completed: [3])
        #expect(past.entries.map(\.state) == [.missed, .completed])
        #expect(past.next == nil)
        let future = board([read, water], at: "2026-11-21T23:00", day: "2026-11-22")
        #expect(future.entries.map(\.state) == [.upcoming, .upcoming])
    }

    @Test func aLateDayStartKeepsYesterdaysBoardUntilIt() {
        let late = Fixtures.quest(7, "Night journal", at: "01:00")
        // 01:30 on Sunday with day start 03:00 is still Saturday's board.
        let result = board([read, late], at: "2026-11-22T01:30", dayStart: "03:00")
        #expect(result.day.description == "2026-11-21")
        #expect(result.entries.map(\.state) == [.available, .available])
        // A 01:00 quest comes after 21:00 in a day that starts at 03:00.
        #expect(result.entries.map(\.quest.number) == [2, 7])
        let evening = board([late], at: "2026-11-21T22:00", dayStart: "03:00")
        #expect(evening.entries.first?.state == .upcoming)
    }

    @Test func springForwardInNewYorkOpensAQuestInTheSkippedHourAtThreeOClock() {
        let skipped = Fixtures.quest(8, "Stretch", at: "02:30")
        let zone = "America/New_York"
        let before = Board(
            day: Fixtures.day("2026-03-08"), quests: [skipped], paid: [:],
            now: DayPosition(
                moment: Fixtures.moment("2026-03-08T06:59:00Z", in: "UTC"), calendar: Fixtures.calendar(zone)),
            rule: DayRule(calendar: Fixtures.calendar(zone), dayStart: .midnight))
        #expect(before.entries.first?.state == .upcoming)
        let after = Board(
            day: Fixtures.day("2026-03-08"), quests: [skipped], paid: [:],
            now: DayPosition(
                moment: Fixtures.moment("2026-03-08T07:00:00Z", in: "UTC"), calendar: Fixtures.calendar(zone)),
            rule: DayRule(calendar: Fixtures.calendar(zone), dayStart: .midnight))
        #expect(after.entries.first?.state == .available)
    }

    @Test func fallBackInSydneyOpensAQuestAtTheFirstOccurrenceOfItsTime() {
        let quest = Fixtures.quest(9, "Tea", at: "02:30")
        let sydney = Fixtures.calendar("Australia/Sydney")
        // 15:30Z on 2026-04-04 is 02:30 AEDT, the first 02:30 of 2026-04-05.
        let first = Board(
            day: Fixtures.day("2026-04-05"), quests: [quest], paid: [:],
            now: DayPosition(moment: Fixtures.moment("2026-04-04T15:30:00Z", in: "UTC"), calendar: sydney),
            rule: DayRule(calendar: sydney, dayStart: .midnight))
        #expect(first.entries.first?.state == .available)
        let before = Board(
            day: Fixtures.day("2026-04-05"), quests: [quest], paid: [:],
            now: DayPosition(moment: Fixtures.moment("2026-04-04T15:29:00Z", in: "UTC"), calendar: sydney),
            rule: DayRule(calendar: sydney, dayStart: .midnight))
        #expect(before.entries.first?.state == .upcoming)
    }
}
