import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

@Suite struct CompletingStoreTests {
    let saturday = TemporaryStore.now("2026-11-21T09:00")

    func storeWithQuests() throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let created = TemporaryStore.now("2026-11-10T08:00")
        _ = try QuestBoard(temporary.store).add(
            title: "Read", notes: "", schedule: Schedule(time: TimeOfDay(hour: 21, minute: 0), reward: 15), now: created
        )
        _ = try QuestBoard(temporary.store).add(title: "Drink water", notes: "", schedule: Schedule(), now: created)
        _ = try QuestBoard(temporary.store).add(
            title: "Morning run", notes: "", schedule: Schedule(weekdays: .weekdays, reward: 20), now: created)
        return temporary
    }

    @Test func completingCreditsTheRewardOnceAndIsIdempotent() throws {
        let temporary = try storeWithQuests()
        let first = try Completing(temporary.store).complete("drink", now: saturday)
        #expect(first.credited == 10)
        #expect(!first.wasAlreadyCompleted)
        #expect(first.balance == 10)
        let again = try Completing(temporary.store).complete("2", now: saturday)
        #expect(again.wasAlreadyCompleted)
        #expect(again.credited == 0)
        #expect(try Bookkeeping(temporary.store).balance() == 10)
        #expect(try temporary.store.db.ledgerEntries().count == 1)
    }

    @Test func aNoteIsKeptWithItsCompletionAndRefusedWhenItCannotBe() throws {
        let temporary = try storeWithQuests()
        let before = try temporary.dump()
        #expect(throws: QuestsError.invalidText(.notes, .containsNUL)) {
            try Completing(temporary.store).complete("drink", note: "a\0b", now: saturday)
        }
        #expect(throws: QuestsError.invalidText(.notes, .tooLong(limit: 5_000))) {
            try Completing(temporary.store).complete("drink", note: String(repeating: "é", count: 5_001), now: saturday)
        }
        #expect(try temporary.dump() == before)
        let full = String(repeating: "é", count: 5_000)
        _ = try Completing(temporary.store).complete("drink", note: full, now: saturday)
        let day = try #require(LocalDay("2026-11-21"))
        #expect(try temporary.store.db.completion(ofQuest: 2, on: day)?.note == full)
        let settled = try temporary.dump()
        #expect(throws: QuestsError.noteOnCompletedDay(quest: "Drink water", day: day)) {
            try Completing(temporary.store).complete("drink", note: "again", now: saturday)
        }
        #expect(try temporary.dump() == settled)
        // Undo removes the completion; its ledger entry keeps the start of the note. The memo is data, in no
        // language: its kind says it is an undo.
        _ = try Completing(temporary.store).undo("drink", now: saturday)
        #expect(try temporary.store.db.ledgerEntries().first?.entry.kind == .undo)
        #expect(
            try temporary.store.db.ledgerEntries().first?.entry.memo == "Drink water · 2026-11-21 · \""
                + String(repeating: "é", count: 60) + "…\"")
    }

    @Test func clearingTheDayIsReported() throws {
        let temporary = try storeWithQuests()
        let evening = TemporaryStore.now("2026-11-21T21:30")
        #expect(try !Completing(temporary.store).complete("read", now: evening).clearedDay)
        // The run is not on Saturdays.
        #expect(try Completing(temporary.store).complete("drink", now: evening).clearedDay)
    }

    @Test func refusedCompletionsChangeNothing() throws {
        let temporary = try storeWithQuests()
        let before = try temporary.dump()
        #expect(throws: QuestsError.notYetOpen(quest: "Read", opensAt: TimeOfDay(hour: 21, minute: 0)!)) {
            try Completing(temporary.store).complete("read", now: saturday)
        }
        #expect(throws: QuestsError.notScheduled(quest: "Morning run", day: LocalDay("2026-11-21")!)) {
            try Completing(temporary.store).complete("morning", now: saturday)
        }
        #expect(throws: QuestsError.futureDay(LocalDay("2026-11-22")!)) {
            try Completing(temporary.store).complete("drink", on: DayReference("tomorrow"), now: saturday)
        }
        #expect(throws: QuestsError.invalidDay("2026-13-01")) {
            try Completing(temporary.store).complete("drink", on: DayReference("2026-13-01"), now: saturday)
        }
        #expect(throws: QuestsError.noMatch(.quest, "swim", suggestions: [])) {
            try Completing(temporary.store).complete("swim", now: saturday)
        }
        #expect(throws: QuestsError.self) {
            try Completing(temporary.store).complete("drink", on: DayReference("2026-11-13"), now: saturday)
        }
        #expect(try temporary.dump() == before)
    }

    @Test func backfillUsesTheRewardInForceThatDay() throws {
        let temporary = try storeWithQuests()
        _ = try QuestBoard(temporary.store).edit("morning", changes: QuestChanges(reward: 50), now: saturday)
        let friday = try Completing(temporary.store).complete("morning", on: DayReference("friday"), now: saturday)
        #expect(friday.day.description == "2026-11-20")
        #expect(friday.credited == 20)
        let monday = TemporaryStore.now("2026-11-23T09:00")
        #expect(try Completing(temporary.store).complete("morning", now: monday).credited == 50)
    }

    @Test func undoDebitsExactlyWhatWasCredited() throws {
        let temporary = try storeWithQuests()
        _ = try Completing(temporary.store).complete("drink", now: saturday)
        _ = try QuestBoard(temporary.store).edit("drink", changes: QuestChanges(reward: 99), now: saturday)
        let undo = try Completing(temporary.store).undo("drink", now: saturday)
        #expect(undo.debited == 10)
        #expect(undo.balance == 0)
        #expect(try temporary.store.db.ledgerEntries().map(\.entry.kind) == [.undo, .questReward])
        #expect(throws: QuestsError.notCompleted(quest: "Drink water", day: LocalDay("2026-11-21")!)) {
            try Completing(temporary.store).undo("drink", now: saturday)
        }
        // Completing again credits the reward in force now.
        #expect(try Completing(temporary.store).complete("drink", now: saturday).credited == 99)
    }

    @Test func undoIsRefusedWhenTheDailyDollarsWereSpent() throws {
        let temporary = try storeWithQuests()
        _ = try Completing(temporary.store).complete("drink", now: saturday)
        try temporary.store.write { db in
            try db.append(
                LedgerEntry(
                    id: UUID(), at: saturday.instant, amount: -5, kind: .redemption, reference: nil, memo: "treat"))
        }
        let before = try temporary.dump()
        #expect(throws: QuestsError.undoWouldOverdraw(quest: "Drink water", credited: 10, balance: 5)) {
            try Completing(temporary.store).undo("drink", now: saturday)
        }
        #expect(try temporary.dump() == before)
    }

    @Test func archivingKeepsHistoryAndLeavesTheBoard() throws {
        let temporary = try storeWithQuests()
        _ = try Completing(temporary.store).complete("drink", on: DayReference("yesterday"), now: saturday)
        _ = try QuestBoard(temporary.store).archive("drink", now: saturday)
        #expect(throws: QuestsError.alreadyArchived("Drink water")) {
            try QuestBoard(temporary.store).archive("drink", now: saturday)
        }
        let today = try QuestBoard(temporary.store).board(now: saturday)
        #expect(!today.board.entries.contains { $0.quest.title == "Drink water" })
        let yesterday = try QuestBoard(temporary.store).board(on: DayReference("yesterday"), now: saturday)
        #expect(yesterday.board.entries.first { $0.quest.title == "Drink water" }?.state == .completed)
        #expect(try Bookkeeping(temporary.store).balance() == 10)
    }

    @Test func duplicateTitlesAreRefused() throws {
        let temporary = try storeWithQuests()
        #expect(throws: QuestsError.duplicateTitle("Read", number: 1)) {
            try QuestBoard(temporary.store).add(title: " read ", notes: "", schedule: Schedule(), now: saturday)
        }
        #expect(throws: QuestsError.duplicateTitle("Read", number: 1)) {
            try QuestBoard(temporary.store).edit("drink", changes: QuestChanges(title: "READ"), now: saturday)
        }
        #expect(throws: QuestsError.emptyTitle(.quest)) {
            try QuestBoard(temporary.store).add(title: "  ", notes: "", schedule: Schedule(), now: saturday)
        }
    }

    @Test func aLateDayStartMovesSmallHourCompletionsToThePreviousDay() throws {
        let temporary = try storeWithQuests()
        _ = try Preferences(temporary.store).set(.dayStart, to: "03:00")
        let outcome = try Completing(temporary.store).complete("drink", now: TemporaryStore.now("2026-11-22T01:30"))
        #expect(outcome.day.description == "2026-11-21")
    }
}
