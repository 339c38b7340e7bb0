import Foundation
import QuestsCore
import Testing

@Suite struct CompletionRulesTests {
    let read = Fixtures.quest(2, "Read", at: "21:00", reward: 15)
    let run = Fixtures.quest(1, "Morning run", at: "07:00", days: .weekdays, reward: 20)
    let settings = Settings()

    @Test func anOpenQuestCompletesWithItsReward() throws {
        let now = Fixtures.position("2026-11-21T21:00")
        #expect(
            try CompletionRules.scheduleForCompleting(
                read, on: now.day, now: now, zone: Zone(Fixtures.calendar("UTC").timeZone), settings: settings,
                early: false
            ).reward == 15)
    }

    @Test func anUpcomingQuestIsRefusedUnlessEarly() throws {
        let now = Fixtures.position("2026-11-21T20:59")
        #expect(throws: QuestsError.notYetOpen(quest: "Read", opensAt: Fixtures.time("21:00")!)) {
            try CompletionRules.scheduleForCompleting(
                read, on: now.day, now: now, zone: Zone(Fixtures.calendar("UTC").timeZone), settings: settings,
                early: false)
        }
        #expect(
            try CompletionRules.scheduleForCompleting(
                read, on: now.day, now: now, zone: Zone(Fixtures.calendar("UTC").timeZone), settings: settings,
                early: true
            ).reward == 15)
    }

    @Test func aPastDayIsOpenAllDay() throws {
        let now = Fixtures.position("2026-11-21T06:00")
        #expect(
            try CompletionRules.scheduleForCompleting(
                read, on: Fixtures.day("2026-11-20"), now: now, zone: Zone(Fixtures.calendar("UTC").timeZone),
                settings: settings, early: false
            ).reward == 15)
    }

    @Test func aDayNotScheduledIsRefused() {
        let now = Fixtures.position("2026-11-21T12:00")  // Saturday
        #expect(throws: QuestsError.notScheduled(quest: "Morning run", day: now.day)) {
            try CompletionRules.scheduleForCompleting(
                run, on: now.day, now: now, zone: Zone(Fixtures.calendar("UTC").timeZone), settings: settings,
                early: true)
        }
        let beforeCreation = Fixtures.day("2025-12-31")
        #expect(throws: QuestsError.self) {
            try CompletionRules.scheduleForCompleting(
                run, on: beforeCreation, now: Fixtures.position("2026-01-02T12:00"),
                zone: Zone(Fixtures.calendar("UTC").timeZone), settings: settings, early: false)
        }
    }

    @Test func theFutureIsRefused() {
        let now = Fixtures.position("2026-11-21T12:00")
        #expect(throws: QuestsError.futureDay(Fixtures.day("2026-11-22"))) {
            try CompletionRules.scheduleForCompleting(
                read, on: Fixtures.day("2026-11-22"), now: now, zone: Zone(Fixtures.calendar("UTC").timeZone),
                settings: settings, early: true)
        }
    }

    @Test func theBackfillWindowIsInclusiveAndConfigurable() throws {
        let now = Fixtures.position("2026-11-21T12:00")
        #expect(
            try CompletionRules.scheduleForCompleting(
                read, on: Fixtures.day("2026-11-14"), now: now, zone: Zone(Fixtures.calendar("UTC").timeZone),
                settings: settings, early: false
            ).reward == 15)
        #expect(throws: QuestsError.outsideBackfillWindow(Fixtures.day("2026-11-13"), windowDays: 7)) {
            try CompletionRules.scheduleForCompleting(
                read, on: Fixtures.day("2026-11-13"), now: now, zone: Zone(Fixtures.calendar("UTC").timeZone),
                settings: settings, early: false)
        }
        var wide = settings
        try wide.set(.backfillDays, to: "30")
        #expect(
            try CompletionRules.scheduleForCompleting(
                read, on: Fixtures.day("2026-11-13"), now: now, zone: Zone(Fixtures.calendar("UTC").timeZone),
                settings: wide, early: false
            ).reward == 15)
    }

    @Test func undoIsRefusedWhenTheRewardWasSpent() throws {
        #expect(try CompletionRules.undoDebit(of: read, credited: 15, balance: 15) == -15)
        #expect(throws: QuestsError.undoWouldOverdraw(quest: "Read", credited: 15, balance: 14)) {
            try CompletionRules.undoDebit(of: read, credited: 15, balance: 14)
        }
    }

    @Test func settingsRefuseBadValues() throws {
        var settings = Settings()
        try settings.set(.dayStart, to: "03:00")
        #expect(settings.value(for: .dayStart) == "03:00")
        try settings.set(.weekStart, to: "Sunday")
        #expect(settings.weekStart == .sunday)
        #expect(throws: QuestsError.self) { try settings.set(.dayStart, to: "3am") }
        #expect(throws: QuestsError.self) { try settings.set(.weekStart, to: "friday") }
        #expect(throws: QuestsError.self) { try settings.set(.backfillDays, to: "-1") }
        #expect(throws: QuestsError.unknownSetting("colour")) { try Settings.Key.parse("colour") }
        #expect(settings.backfillDays == 7)
    }
}

@Suite struct QuestReferenceTests {
    let quests = [
        Fixtures.quest(1, "Read"), Fixtures.quest(2, "Read news"), Fixtures.quest(3, "Morning run"),
        Fixtures.quest(12, "Stretch"),
    ]
    let today = Fixtures.day("2026-11-21")

    @Test func resolvesNumbersTitlesAndPrefixes() throws {
        #expect(try Quest.resolve("12", among: quests, on: today).title == "Stretch")
        #expect(try Quest.resolve("#3", among: quests, on: today).title == "Morning run")
        #expect(try Quest.resolve("READ", among: quests, on: today).number == 1)
        #expect(try Quest.resolve("morn", among: quests, on: today).number == 3)
        #expect(try Quest.resolve("read n", among: quests, on: today).number == 2)
    }

    @Test func anAmbiguousPrefixListsTheCandidates() {
        #expect(throws: QuestsError.ambiguous(.quest, "re", candidates: ["#1 Read", "#2 Read news"])) {
            try Quest.resolve("re", among: quests, on: today)
        }
    }

    @Test func unknownReferencesAreRefused() {
        #expect(throws: QuestsError.noMatch(.quest, "99", suggestions: [])) {
            try Quest.resolve("99", among: quests, on: today)
        }
        #expect(throws: QuestsError.noMatch(.quest, "swim", suggestions: [])) {
            try Quest.resolve("swim", among: quests, on: today)
        }
        #expect(throws: QuestsError.noMatch(.quest, "", suggestions: [])) {
            try Quest.resolve("", among: quests, on: today)
        }
    }

    /// SPEC §2: "water" finds "Drink a glass of water"; a word, a word's start or any unique part of a title will do.
    @Test func aUniqueWordOrPartOfTheTitleFindsTheQuest() throws {
        let more =
            quests + [
                Fixtures.quest(4, "Drink a glass of water"), Fixtures.quest(5, "Practice guitar"),
                Fixtures.quest(6, "Evening walk"),
            ]
        #expect(try Quest.resolve("run", among: more, on: today).number == 3)
        #expect(try Quest.resolve("news", among: more, on: today).number == 2)
        #expect(try Quest.resolve("water", among: more, on: today).number == 4)
        #expect(try Quest.resolve("guitar", among: more, on: today).number == 5)
        #expect(try Quest.resolve("walk", among: more, on: today).number == 6)
        #expect(try Quest.resolve("wat", among: more, on: today).number == 4)
        #expect(try Quest.resolve("glass of w", among: more, on: today).number == 4)
        #expect(try Quest.resolve("uitar", among: more, on: today).number == 5)
        #expect(
            throws: QuestsError.ambiguous(
                .quest, "in", candidates: ["#3 Morning run", "#4 Drink a glass of water", "#6 Evening walk"])
        ) {
            try Quest.resolve("in", among: more, on: today)
        }
    }

    @Test func aTitleMadeOfDigitsIsReachableWhenNoQuestHasThatNumber() throws {
        let more = quests + [Fixtures.quest(13, "42"), Fixtures.quest(14, "3")]
        #expect(try Quest.resolve("42", among: more, on: today).number == 13)
        #expect(try Quest.resolve("3", among: more, on: today).number == 3)
        // # always means a number
        #expect(throws: QuestsError.self) { try Quest.resolve("#42", among: more, on: today) }
    }

    @Test func aTypoGetsTheClosestTitlesAsSuggestions() {
        #expect(throws: QuestsError.noMatch(.quest, "strech", suggestions: ["#12 Stretch"])) {
            try Quest.resolve("strech", among: quests, on: today)
        }
        #expect(throws: QuestsError.noMatch(.quest, "mornin rn", suggestions: ["#3 Morning run"])) {
            try Quest.resolve("mornin rn", among: quests, on: today)
        }
        #expect(throws: QuestsError.noMatch(.quest, "rad", suggestions: ["#1 Read", "#2 Read news"])) {
            try Quest.resolve("rad", among: quests, on: today)
        }
        #expect(
            QuestsError.noMatch(.quest, "strech", suggestions: ["#12 Stretch"]).localizedDescription
                == "no quest matches \"strech\"; did you mean #12 Stretch?")
    }

    @Test func activeQuestsWinOverArchivedOnesWithTheSameTitle() throws {
        var schedule = quests[0].versions[0].schedule
        schedule.archived = true
        let (archivedRead, _) = quests[0].applying(schedule, from: Fixtures.day("2026-06-01"))
        let renewed = Fixtures.quest(20, "Read", created: "2026-06-01")
        #expect(try Quest.resolve("read", among: [archivedRead, renewed], on: today).number == 20)
        #expect(try Quest.resolve("1", among: [archivedRead, renewed], on: today).number == 1)
    }
}
