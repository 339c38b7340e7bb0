import Foundation
import Testing

@testable import QuestsCore

/// The backup document's fields are declared once (`Backup.codec`): the writer and the reader follow the
/// same declaration, so every value written is read back as it was, and every declared field is shown in
/// the golden fixture and in docs/backup.md.
@Suite struct BackupCodecTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `years` of `questCount` daily quests, each completed and paid every day, with a schedule change,
    /// monthly purchases, a bonus, an achievement, celebrations and a changed setting.
    static func history(years: Int, questCount: Int) throws -> Backup {
        var serial = 0
        func uuid() throws -> UUID {
            serial += 1
            return try #require(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", serial)))
        }
        let first = try #require(LocalDay("2016-01-01"))
        let days = years * 365
        let change = first.adding(days: days / 2)
        func moment(_ day: LocalDay, _ seconds: Int) -> Date {
            Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + seconds))
        }
        var quests: [Quest] = []
        for number in 1...questCount {
            quests.append(
                Quest(
                    id: try uuid(), number: number, title: "Quest \(number) \"♪\"", notes: "line one\nline \\ two",
                    createdDay: first,
                    versions: [
                        ScheduleVersion(
                            effectiveFrom: first, schedule: Schedule(time: TimeOfDay(hour: 7, minute: 30), reward: 10)),
                        ScheduleVersion(effectiveFrom: change, schedule: Schedule(weekdays: .daily, reward: 20)),
                    ]))
        }
        let reward = Reward(id: try uuid(), number: 1, title: "Cake", notes: "", price: 15, removed: true)
        var backup = Backup(
            appVersion: "0.2.0", exportedAt: moment(first.adding(days: days), 0), settings: [.dayStart: "03:00"],
            quests: quests, rewards: [reward])
        backup.ledger.append(
            LedgerEntry(
                id: try uuid(), at: moment(first, 60), amount: 5, kind: .bonus, reference: nil, memo: "welcome\t!"))
        for offset in 0..<days {
            let day = first.adding(days: offset)
            for quest in quests {
                let completion = Completion(
                    id: try uuid(), quest: quest.id, day: day, completedAt: moment(day, 27_000 + quest.number))
                backup.completions.append(completion)
                backup.ledger.append(
                    LedgerEntry(
                        id: try uuid(), at: completion.completedAt, amount: day < change ? 10 : 20,
                        kind: .questReward, reference: completion.id, memo: "\(quest.title) · \(day)"))
            }
            if offset % 30 == 29 {
                let purchase = Backup.RedemptionRecord(
                    id: try uuid(), reward: reward.id, title: reward.title, price: reward.price,
                    at: moment(day, 80_000), day: day)
                backup.redemptions.append(purchase)
                backup.ledger.append(
                    LedgerEntry(
                        id: try uuid(), at: purchase.at, amount: -reward.price, kind: .redemption,
                        reference: purchase.id, memo: reward.title))
            }
            backup.celebrations.append(day)
        }
        let firstStep = try #require(Achievement.all.first { $0.id == "completions-1" })
        backup.achievements = [
            Backup.AchievementRecord(achievement: firstStep, earnedDay: first, recordedAt: moment(first, 27_001))
        ]
        return backup
    }

    @Test func aLongHistoryIsReadBackAsWrittenByteForByte() throws {
        let backup = try Self.history(years: 10, questCount: 10)
        let bytes = backup.encoded()
        let decoded = try Backup.decode(bytes)
        #expect(decoded == backup)
        #expect(decoded.encoded() == bytes)
    }

    @Test func everyDeclaredFieldIsInTheFixtureAndTheDocs() throws {
        let fixture = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Tests/QuestsStoreTests/Fixtures/backup-v\(Backup.schemaVersion).json"), encoding: .utf8)
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/backup.md"), encoding: .utf8)
        var keys: [String] = Backup.codec.fields.map(\.key)
        keys += Quest.declaration.backup.fields.map(\.key)
        keys += ScheduleVersion.declaration.backup.fields.map(\.key)
        keys += Reward.declaration.backup.fields.map(\.key)
        keys += Completion<UUID>.declaration.backup.fields.map(\.key)
        keys += LedgerEntry.declaration.backup.fields.map(\.key)
        keys += Backup.RedemptionRecord.declaration.backup.fields.map(\.key)
        keys += Backup.AchievementRecord.declaration.backup.fields.map(\.key)
        keys += Skip<UUID>.declaration.backup.fields.map(\.key)
        keys += Vacation.declaration.backup.fields.map(\.key)
        keys += FocusGoal.declaration.backup.fields.map(\.key)
        keys += FocusTask.declaration.backup.fields.map(\.key)
        keys += AmountEntry.declaration.backup.fields.map(\.key)
        keys += JournalEntry.declaration.backup.fields.map(\.key)
        // 47 in version 1, the schedule kind and the completion's note, a freeze's day (version 3), skips and
        // vacations with their fields and synced (version 4: skips, vacations, skippedAt, first, last, addedAt,
        // reason, synced), the focus (version 5: focusGoals, focusTasks and their 7 and 10 fields), amounts
        // (version 6: a quest's group, a schedule's targetThousandths, atMostThousandths and unit, amounts and
        // their 6 fields), the journal (version 7: journal and its 6 fields)
        #expect(keys.count == 100)
        for key in keys {
            #expect(fixture.contains("\"\(key)\":"), "the fixture has no \(key)")
            #expect(docs.contains("\"\(key)\""), "docs/backup.md does not show \(key)")
        }
    }
}

/// A long list's repeats are found without hashing every key, and named as before: at the first repeat
/// in document order, with the record it repeats.
@Suite struct BackupRepeatTests {
    let quest = UUID()
    let ids = (0..<1000).map { _ in UUID() }

    func completion(_ id: UUID, day: Int) -> Completion<UUID> {
        Completion(
            id: id, quest: quest, day: LocalDay(dayNumber: 20_000 + day), completedAt: Date(timeIntervalSince1970: 0))
    }

    func refusal(_ completions: [Completion<UUID>]) -> BackupError? {
        var backup = Backup(appVersion: "test", exportedAt: Date(timeIntervalSince1970: 0))
        backup.completions = completions
        do {
            try backup.validate()
            return nil
        } catch {
            return error
        }
    }

    @Test func repeatsAreNamedAtTheFirstInDocumentOrder() {
        var completions = ids.enumerated().map { completion($1, day: $0) }
        completions[950] = completion(ids[900], day: 950)
        completions[980] = completion(ids[10], day: 980)
        #expect(
            refusal(completions)
                == .invalid(
                    JSONError(path: "completions[950].uuid", problem: .duplicate(.uuid, earlier: "completions[900]"))))

        completions = ids.enumerated().map { completion($1, day: $0) }
        completions[700] = completion(ids[700], day: 5)
        completions[800] = completion(ids[800], day: 3)
        #expect(
            refusal(completions)
                == .invalid(
                    JSONError(path: "completions[700]", problem: .duplicate(.questDay, earlier: "completions[5]"))))
    }
}

/// `validate` split in two (`validateRecords`, then `validateHistory`, which restore runs on another
/// thread) refuses a document with the same first error, whichever of its problems comes first.
@Suite struct BackupValidationSplitTests {
    func outcome(_ check: () throws(BackupError) -> Void) -> BackupError? {
        do {
            try check()
            return nil
        } catch {
            return error
        }
    }

    func document(repeatedCompletion: Bool, vacationBackwards: Bool, ledgerUnbalanced: Bool) -> Backup {
        var backup = Backup(appVersion: "test", exportedAt: Date(timeIntervalSince1970: 0))
        let id = UUID()
        backup.completions = [0, 1].map { day in
            Completion(
                id: repeatedCompletion ? id : UUID(), quest: UUID(), day: LocalDay(dayNumber: 20_000 + day),
                completedAt: Date(timeIntervalSince1970: 0))
        }
        if vacationBackwards {
            backup.vacations = [
                Vacation(
                    id: UUID(), first: LocalDay(dayNumber: 20_010), last: LocalDay(dayNumber: 20_005),
                    reason: "", addedAt: Date(timeIntervalSince1970: 0))
            ]
        }
        if ledgerUnbalanced {
            backup.ledger = [
                LedgerEntry(
                    id: UUID(), at: Date(timeIntervalSince1970: 0), amount: -5, kind: .adjustment, reference: nil,
                    memo: "")
            ]
        }
        return backup
    }

    @Test func theSplitChecksRefuseWithTheSameFirstError() {
        for repeated in [false, true] {
            for backwards in [false, true] {
                for unbalanced in [false, true] {
                    let backup = document(
                        repeatedCompletion: repeated, vacationBackwards: backwards, ledgerUnbalanced: unbalanced)
                    let whole = outcome { () throws(BackupError) in try backup.validate() }
                    let split = outcome { () throws(BackupError) in
                        try backup.validateRecords()
                        try backup.validateHistory()
                    }
                    #expect(split == whole, "repeated \(repeated), backwards \(backwards), unbalanced \(unbalanced)")
                    // The completion's history (its repeated UUID) comes before the vacations in `validate`'s
                    // order, so `validateRecords` reports it when a vacation fails too.
                    if backwards {
                        #expect(outcome { () throws(BackupError) in try backup.validateRecords() } == whole)
                    }
                }
            }
        }
        let both = document(repeatedCompletion: true, vacationBackwards: true, ledgerUnbalanced: true)
        #expect(
            outcome { () throws(BackupError) in try both.validate() }
                == .invalid(
                    JSONError(path: "completions[1].uuid", problem: .duplicate(.uuid, earlier: "completions[0]"))))
    }
}
