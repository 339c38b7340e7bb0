import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI
@testable import QuestsStore

/// All the wording of failures lives in the command line (`ErrorText.swift`): every case of every error
/// type below it, and of its own, is one sentence on one line.
@Suite struct ErrorTextTests {
    static let day = LocalDay(year: 2026, month: 11, day: 21)!
    static let badPack = JSONError(path: "quests[0].title", problem: .empty)

    /// One sample of each JSON problem, each with and without a field path.
    static let jsonProblems: [JSONProblem] = [
        .expected(.object), .expected(.array), .expected(.text), .expected(.fieldName), .expected(.wholeNumber),
        .expected(.boolean), .expected(.uuid), .expected(.day), .expected(.utcTime), .expected(.timeOrNull),
        .expected(.colon(after: "title")), .expected(.commaOrBrace), .expected(.commaOrBraceAfter("title")),
        .expected(.commaOrBracket),
        .endOfFile(expecting: nil), .endOfFile(expecting: .commaOrBracket), .endOfFileInText, .controlCharacterInText,
        .invalidUTF8, .unpairedSurrogate, .invalidUnicodeEscape, .invalidEscape, .numberTooLarge, .leadingZero,
        .unexpectedText, .textAfterDocument, .nestedTooDeeply, .repeatedField("title\nagain"), .unknownField, .missing,
        .outOfRange(lowest: 1, highest: 1_000_000), .versionBelowOne, .zeroAmount, .empty, .text(.containsNUL),
        .text(.tooLong(limit: 200)), .noWeekdays, .unknownWeekday("funday"), .repeatedWeekday(.monday),
        .unknownLedgerKind("gift"), .unknownAchievement("streak-8"), .invalidTime("7pm"), .rewardOutOfRange,
        .invalidPackID,
        .emptyPack, .repeatedPackQuest("a", as: "A"),
        .duplicate(.uuid, earlier: "quests[0]"), .duplicate(.number, earlier: "rewards[0]"),
        .duplicate(.day, earlier: "quests[0]"),
        .duplicate(.questDay, earlier: "completions[0]"), .duplicate(.achievement, earlier: "achievements[0]"),
        .duplicate(.listedDay, earlier: "celebrations[0]"),
        .invalidSetting(.invalidSetting(.dayStart, value: "3 am")),
        .noScheduleEntries, .firstScheduleEntryNotOn(createdDay: day),
        .unknownRecord(.quests), .unknownRecord(.rewards), .unknownRecord(.purchases), .unknownRecord(.completions),
        .unknownRecord(.ledger),
        .notAchievementUUID(achievement: "streak-7"), .referenceMissing(.questReward), .rewardWithoutCompletion,
        .undoesNothing,
        .wrongReward(amount: 5, expected: 10), .wrongUndo(amount: -5, expected: -10),
        .wrongPurchaseAmount(.refund, amount: 5, expected: 10),
        .paidAgain(completion: "completions[3]"), .debited(price: 5, times: 0), .debited(price: 5, times: 2),
        .refundedAgain,
        .belowZero(balance: -1), .storeLedgerInconsistent, .differentRecordWithSameUUID(.ledger),
        .endsBeforeStart, .unknownRecord(.skips), .differentRecordWithSameUUID(.vacations),
        .unknownFocusState("maybe"), .unknownFocusPriority("urgent"), .notFocusGoalUUID(day: day),
        .focusPaidWrong(paid: 20, expected: 10),
        .overFocusLimit(day: day, holds: 4, limit: 3), .unknownRecord(.tasks), .unknownRecord(.goals),
    ]

    /// One sample of each case of each error type the command line words.
    static let samples: [any Error] =
        [
            QuestsError.invalidWeekdays("funday"), QuestsError.invalidTime("7pm"), QuestsError.invalidDay("someday"),
            QuestsError.invalidReward("lots"), QuestsError.emptyTitle(.quest), QuestsError.emptyTitle(.reward),
            QuestsError.duplicateTitle("Read", number: 1),
            QuestsError.noMatch(.quest, "rd", suggestions: []),
            QuestsError.noMatch(.reward, "cak", suggestions: ["#1 Cake"]),
            QuestsError.ambiguous(.quest, "r", candidates: ["#1 Read", "#2 Run"]),
            QuestsError.notScheduled(quest: "Read", day: day),
            QuestsError.notYetOpen(quest: "Read", opensAt: TimeOfDay(hour: 21, minute: 0)!),
            QuestsError.nonexistentDay(day, timeZone: "Pacific/Apia"), QuestsError.futureDay(day),
            QuestsError.outsideBackfillWindow(day, windowDays: 7), QuestsError.notCompleted(quest: "Read", day: day),
            QuestsError.undoWouldOverdraw(quest: "Read", credited: 10, balance: 5), QuestsError.alreadyArchived("Read"),
            QuestsError.nothingToChange, QuestsError.invalidPrice("0"), QuestsError.duplicateReward("Cake", number: 2),
            QuestsError.cannotAfford(.reward(title: "Cake"), price: 50, balance: 20),
            QuestsError.inDebt(.reward(title: "Cake"), debt: 20), QuestsError.nothingToChangeInReward,
            QuestsError.unknownSetting("night-start"), QuestsError.invalidSetting(.dayStart, value: "3 am"),
            QuestsError.invalidSetting(.weekStart, value: "friday"),
            QuestsError.invalidSetting(.backfillDays, value: "-1"),
            QuestsError.noPack("yoga", available: ["fitness", "study"]),
            QuestsError.invalidPack(source: "pack.json", problem: badPack),
            QuestsError.futureUndo(day), QuestsError.notArchived("Read"),
            QuestsError.ambiguousPack("f", candidates: ["fitness", "focus"]),
            QuestsError.invalidText(.title, .containsNUL), QuestsError.invalidText(.notes, .tooLong(limit: 5_000)),
            QuestsError.noPurchaseToRefund(day), QuestsError.alreadyRefunded(reward: "Cake"),
            QuestsError.skipCompleted(quest: "Read", day: day), QuestsError.notSkipped(quest: "Read", day: day),
            QuestsError.vacationEndsBeforeStart(start: day, end: day.adding(days: -1)),
            QuestsError.vacationOverlaps(existing: day...day.adding(days: 3)),
            QuestsError.noVacation(day),
            QuestsError.invalidPriority("urgent"),
            QuestsError.windowEndsBeforeStart(
                start: TimeOfDay(hour: 10, minute: 0)!, end: TimeOfDay(hour: 9, minute: 0)!),
            QuestsError.emptyFocusTitle(goal: true), QuestsError.emptyFocusTitle(goal: false),
            QuestsError.focusFull(day: day, holds: 3, limit: 3), QuestsError.focusFull(day: day, holds: 4, limit: 3),
            QuestsError.noGoal(day),
            QuestsError.goalNotAchievedByItself(title: "Ship", state: .open),
            QuestsError.goalNotAchievedByItself(title: "Ship", state: .achieved),
            QuestsError.taskNotDone("Write"), QuestsError.dropDoneTask("Write"), QuestsError.moveDoneTask("Write"),
            QuestsError.nothingToCarry(day), QuestsError.nothingToChangeInTask,
            QuestsError.noMatch(.task, "wr", suggestions: []),
            StoreError.newerStore(version: 9, supported: 4), StoreError.notAQuestsStore,
            StoreError.readOnlyNeedsUpgrade(path: "/q.sqlite"),
            StoreError.cannotCreate(path: "/q.sqlite", reason: "Permission denied"),
            StoreError.damagedRecord(.record(.completions, .text("7"))),
            StoreError.damagedRecord(.record(.purchases, field: "day")),
            StoreError.damagedRecord(.record(.quests, .quest(3))),
            StoreError.damagedRecord(.record(.skips, .quest(3), field: "day")),
            StoreError.damagedRecord(.record(.completions, .questDay(3, day))),
            StoreError.damagedRecord(.record(.vacations, .day(day), field: "last_day")),
            StoreError.damagedRecord(DamagedRecord(.dayCount, .text("2026-13-01"))),
            StoreError.damagedRecord(DamagedRecord(.scheduleVersion, .quest(3))),
            StoreError.damagedRecord(DamagedRecord(.record(.completions), field: "quest", missing: .record(.quests))),
            StoreError.noStore(path: "/q.sqlite"),
            StoreError.cannotOpen(path: "/q.sqlite", reason: "unable to open database file"),
            StoreError.migrationBrokeReferences(step: "rebuild quest", table: "completion"),
            StoreError.isAFolder(path: "/home/me"), StoreError.cannotCreateFolder(path: "/readonly/q.sqlite"),
            // busy, locked, full, read-only, corrupt, not a database, cannot open, I/O, constraint (other).
            DatabaseError(code: 5, message: "database is locked"),
            DatabaseError(code: 6, message: "database table is locked"),
            DatabaseError(code: 13, message: "database or disk is full"),
            DatabaseError(code: 8, message: "attempt to write a readonly database"),
            DatabaseError(code: 11, message: "database disk image is malformed"),
            DatabaseError(code: 26, message: "file is not a database"),
            DatabaseError(code: 14, message: "unable to open database file"),
            DatabaseError(code: 10, message: "disk I/O error"),
            DatabaseError(code: 19, message: "UNIQUE constraint failed", sql: "INSERT INTO quest ..."),
            CommandFailure.invalidNow("soon"), CommandFailure.invalidTimeZone("Mars/Base"), CommandFailure.noHome,
            CommandFailure.cannotRead(path: "/nowhere/pack.json"),
            CommandFailure.cannotWrite(path: "/b.json", reason: "No space left on device"),
            CommandFailure.badBackup(source: "b.json", .newerVersion(2, supported: 1)),
            CommandFailure.confirmationNeeded,
            CommandFailure.cancelled, CommandFailure.unhealthyStore(problems: 1),
            CommandFailure.unhealthyStore(problems: 3),
            CommandFailure.unknownCommand("achievments", parent: "quests", suggestions: ["achievements"]),
            CommandFailure.unknownCommand("zz", parent: "quests shop", suggestions: []),
            CommandFailure.backupOverStore(path: "/q.sqlite"), CommandFailure.notABackupFile(path: "/notes.txt"),
            CommandFailure.notACalendar(path: "/notes.txt"), CommandFailure.unknownPlaceholder("moon"),
            CommandFailure.notifierNotFound("notify-send"),
            CommandFailure.notifierFailed(command: "notify-send", reason: "failed with exit status 1", count: 2),
            CommandFailure.needsTerminal, CommandFailure.fullScreenUnavailable(reason: "Too many open files"),
            BackupError.notABackup(.format("todo-export")), BackupError.notABackup(.noFormat),
            BackupError.notABackup(.noFormatField),
            BackupError.notABackup(.unreadable(JSONError(path: "", problem: .expected(.object)))),
            BackupError.newerVersion(2, supported: 1), BackupError.invalid(badPack),
            BackupError.overdraw(path: "ledger[1]", balance: -60),
            CommandFailure.badImport(ImportError(file: "h/log", row: 3, .badDate("2025-13-01"))),
        ]
        + [
            ImportProblem.notThisFormat(.loop), .missing("log"), .badDate("2025-13-01"), .badValue("l"),
            .unknownHabit("Swim"), .emptyTitle, .text(.tooLong(limit: 200)),
            .json(JSONError(path: "tasks", problem: .nestedTooDeeply)), .newerLoop(version: 26, supported: 25),
            .damaged(reason: "database disk image is malformed"), .unsafePath("../evil"), .tooLarge(limit: 64 << 20),
        ].map { ImportError(file: "export.zip", row: 2, $0) as any Error }
        + jsonProblems.flatMap { [JSONError(path: "", problem: $0), JSONError(path: "ledger[0].amount", problem: $0)] }

    @Test func everyCaseOfEveryErrorTypeIsOneErrorLine() {
        for error in Self.samples {
            let wording = Quests.failureMessage(error)
            #expect(wording?.isEmpty == false, "\(error) has no wording")
            // As `quests` prints it: input the wording quotes may hold a newline, which printing removes.
            let line = "error: " + Sanitized.line(wording ?? "")
            #expect(line.split(separator: "\n", omittingEmptySubsequences: false).count == 1, "\(error): \(line)")
            #expect(line.count > "error: ".count + 5, "\(error): \(line)")
        }
    }

    @Test func usageErrorsAreLeftToArgumentParser() {
        #expect(Quests.failureMessage(CocoaError(.fileNoSuchFile)) == nil)
    }

    @Test func wordingIsTheSameAsBefore() {
        #expect(
            QuestsError.cannotAfford(.reward(title: "Movie night"), price: 150, balance: 90).wording
                == "\"Movie night\" costs 150 DD, you have 90 DD (60 more needed)")
        #expect(
            QuestsError.invalidText(.notes, .tooLong(limit: 5_000)).wording
                == "the notes must have at most 5,000 characters")
        #expect(QuestsError.invalidText(.title, .containsNUL).wording == "the title must not contain a NUL character")
        #expect(
            DatabaseError(code: 5, message: "database is locked").wording
                == "the store is busy in another quests process; try again")
        #expect(
            StoreError.notAQuestsStore.wording
                == "the file is a SQLite database but not a quests store; pick another path with --db")
        #expect(
            JSONError(path: "", problem: .endOfFile(expecting: .commaOrBrace)).wording
                == "unexpected end of the file; expected ',' or '}'")
        #expect(
            JSONError(path: "quests[0]", problem: .expected(.colon(after: "title"))).wording
                == "quests[0]: expected ':' after \"title\"")
        #expect(
            StoreError.damagedRecord(.record(.completions, .questDay(3, Self.day))).wording
                == "the store holds a damaged record (completion of quest #3 for 2026-11-21); was it edited by hand? "
                + "Nothing was changed")
        #expect(
            DamagedRecord(.record(.completions), field: "quest", missing: .record(.quests)).wording
                == "completion pointing at a missing quest")
        #expect(DamagedRecord.record(.quests, .quest(3)).wording == "quest #3")
        #expect(DamagedRecord(.scheduleVersion, .quest(3)).wording == "schedule of quest #3")
        #expect(
            DamagedRecord.record(.settings, .text("dayStart"), field: "value").wording
                == "setting dayStart, field value")
        #expect(
            BackupError.notABackup(.noFormat).wording
                == "not a quests backup (it has no \"format\": \"quests-backup\" field)")
    }

    /// SQLite words a file that may not grow as an I/O error (the -shm file, an fsync) or as a file it
    /// cannot open (a new -wal file): `errno` tells a disk out of room from one that failed.
    @Test func aFileFailingForWantOfRoomIsAFullDisk() {
        let full = "the disk holding the store is full; nothing was changed (free some space and try again)"
        #expect(DatabaseError(code: 13, message: "database or disk is full").wording == full)
        #expect(DatabaseError(code: 4874, message: "disk I/O error", systemErrno: ENOSPC).wording == full)
        #expect(DatabaseError(code: 14, message: "unable to open database file", systemErrno: EDQUOT).wording == full)
        #expect(DatabaseError(code: 778, message: "disk I/O error", systemErrno: EIO).kind == .inputOutput)
        #expect(DatabaseError(code: 778, message: "disk I/O error", systemErrno: EFBIG).kind == .inputOutput)
    }

    @Test func quotedInputIsCutToAReadableLength() {
        let huge = String(repeating: "k", count: 1_000_000)
        let message = QuestsError.noMatch(.quest, huge, suggestions: []).wording
        #expect(message.count < 150)
        #expect(message.hasPrefix("no quest matches \"" + String(repeating: "k", count: 60) + "…\""))
        #expect(QuestsError.invalidSetting(.dayStart, value: huge).wording.count < 150)
    }

    @Test func heatmapColoursAreAnsiShadesInTheCommandLine() {
        let start = LocalDay(year: 2026, month: 9, day: 24)!
        // Nothing scheduled, none, some, most, all.
        let tallies = [(0, 0), (4, 0), (4, 1), (4, 2), (4, 4)].enumerated().map { offset, tally in
            DayTally(day: start.adding(days: offset), scheduled: tally.0, completed: tally.1)
        }
        let style = TextStyle(enabled: true)
        let output = QuestsCore.Heatmap(
            tallies: tallies, weekStart: .monday, labels: HeatmapWording.labels, cell: { style.heatCell($0) }
        ).render()
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "    Sep")
        #expect(lines[4] == "Thu \u{1B}[2m·\u{1B}[0m")
        #expect(lines[5] == "Fri \u{1B}[38;5;238m■\u{1B}[0m")
        #expect(lines[7] == "Sun \u{1B}[38;5;28m■\u{1B}[0m")
        #expect(lines[1] == "Mon   \u{1B}[38;5;40m■\u{1B}[0m")
        #expect(output.contains("\u{1B}[38;5;22m■\u{1B}[0m some"))
        #expect(TextStyle(enabled: false).heatCell(.all) == "█")
    }
}
