import FoundationEssentials
import QuestsCore
import QuestsStore

/// A failure the command line words itself: every error type below the CLI that reaches a person, and the
/// CLI's own. Anything else is a usage error, which argument-parser words (with a pointer to `--help`).
protocol UserFacingError: LocalizedError {
    /// The sentence, without the `error: ` prefix; input it quotes is cut to a readable length.
    var wording: String { get }
}

extension UserFacingError {
    /// The wording, for argument-parser when an option's transform refuses a value (`--at 25:00`).
    public var errorDescription: String? { wording }
}

// All the wording of failures lives in this file: one exhaustive `switch` per error type, so that a new case
// does not compile until it has words, and the core and the store carry only data.

extension QuestsError: UserFacingError {
    /// What a refused purchase names: a reward's title as the user wrote it, or the streak freeze in the
    /// reader's language.
    static func purchase(_ item: ShopItem) -> String {
        switch item {
        case .reward(let title): return title
        case .streakFreeze: return Message.ledgerStreakFreeze
        }
    }

    var wording: String {
        let quoted = UserText.quoted
        let date = Format.date
        let dd = Format.dd
        switch self {
        case .invalidWeekdays(let text): return Message.errorInvalidWeekdays(input: quoted(text))
        case .invalidTime(let text): return Message.errorInvalidTime(input: quoted(text))
        case .invalidDay(let text): return Message.errorInvalidDay(input: quoted(text))
        case .invalidReward(let text): return Message.errorInvalidReward(input: quoted(text))
        case .invalidAmount(let text): return Message.errorInvalidAmount(input: quoted(text))
        case .amountTooPrecise(let text): return Message.errorAmountTooPrecise(input: quoted(text))
        case .amountTooLarge(let text):
            return Message.errorAmountTooLarge(input: quoted(text), maximum: Format.amount(.maximum))
        case .amountOnYesNoQuest(let title): return Message.errorAmountOnYesNoQuest(title: quoted(title))
        case .setBelowTotal(let title, let total, let unit):
            return Message.errorSetBelowTotal(title: quoted(title), total: Format.amount(total, unit: unit))
        case .unitTooLong: return Message.errorUnitTooLong
        case .groupTooLong: return Message.errorGroupTooLong
        case .unitWithoutMeasure: return Message.errorUnitWithoutMeasure
        case .noAmountToUndo(let title, let day):
            return Message.errorNoAmountToUndo(title: quoted(title), date: date(day))
        case .emptyTitle(let kind):
            switch kind {
            case .quest: return Message.errorEmptyTitle
            case .reward: return Message.errorEmptyRewardTitle
            case .task: return Message.errorEmptyFocusTask
            }
        case .duplicateTitle(let title, let number):
            return Message.errorDuplicateTitle(title: quoted(title), id: String(number))
        case .noMatch(let kind, let reference, let suggestions):
            let reference = quoted(reference)
            if suggestions.isEmpty {
                switch kind {
                case .quest: return Message.errorNoQuestMatch(reference: reference)
                case .reward: return Message.errorNoRewardMatch(reference: reference)
                case .task: return Message.errorNoTaskMatch(reference: reference)
                }
            }
            let suggestions = alternatives(suggestions)
            switch kind {
            case .quest: return Message.errorNoQuestMatchSuggest(reference: reference, suggestions: suggestions)
            case .reward: return Message.errorNoRewardMatchSuggest(reference: reference, suggestions: suggestions)
            case .task: return Message.errorNoTaskMatchSuggest(reference: reference, suggestions: suggestions)
            }
        case .ambiguous(let kind, let reference, let candidates):
            let (reference, candidates) = (quoted(reference), candidates.joined(separator: ", "))
            switch kind {
            case .quest: return Message.errorAmbiguousQuest(reference: reference, candidates: candidates)
            case .reward: return Message.errorAmbiguousReward(reference: reference, candidates: candidates)
            case .task: return Message.errorAmbiguousTask(reference: reference, candidates: candidates)
            }
        case .notScheduled(let quest, let day):
            return Message.errorNotScheduled(
                quest: quoted(quest), weekday: Format.weekday(day.weekday), date: date(day))
        case .notYetOpen(let quest, let opensAt):
            return Message.errorNotYetOpen(quest: quoted(quest), time: opensAt.description)
        case .nonexistentDay(let day, let timeZone): return Message.errorNonexistentDay(date: date(day), zone: timeZone)
        case .futureDay(let day): return Message.errorFutureDay(date: date(day))
        case .outsideBackfillWindow(let day, let window):
            return Message.errorOutsideBackfillWindow(date: date(day), count: window)
        case .beyondPlanningHorizon(let day):
            return Message.errorBeyondPlanningHorizon(date: date(day), count: CompletionRules.planningHorizonDays)
        case .notCompleted(let quest, let day): return Message.errorNotCompleted(quest: quoted(quest), date: date(day))
        case .undoWouldOverdraw(let quest, let credited, let balance):
            return Message.errorUndoWouldOverdraw(quest: quoted(quest), credited: dd(credited), balance: dd(balance))
        case .alreadyArchived(let quest): return Message.errorAlreadyArchived(quest: quoted(quest))
        case .questHasHistory(let quest, let number):
            return Message.errorQuestHasHistory(quest: quoted(quest), id: String(number))
        case .nothingToChange: return Message.errorNothingToChange
        case .invalidPrice(let text): return Message.errorInvalidPrice(input: quoted(text))
        case .duplicateReward(let title, let number):
            return Message.errorDuplicateReward(title: quoted(title), id: String(number))
        case .cannotAfford(let reward, let price, let balance):
            return Message.errorCannotAfford(
                reward: quoted(Self.purchase(reward)), price: dd(price), balance: dd(balance), missing: price - balance)
        case .inDebt(let reward, let debt):
            return Message.errorInDebt(reward: quoted(Self.purchase(reward)), debt: dd(debt))
        case .nothingToChangeInReward: return Message.errorNothingToChangeInReward
        case .unknownSetting(let key):
            return Message.errorUnknownSetting(key: quoted(key), keys: Quests.Config.keys.joined(separator: ", "))
        case .invalidSetting(let key, let value):
            return Message.errorInvalidSetting(value: quoted(value), key: key.rawValue, form: key.expectedForm)
        case .noPack(let name, let available):
            return Message.errorNoPack(name: quoted(name), packs: available.joined(separator: ", "))
        case .invalidPack(let source, let problem):
            return Message.errorInvalidPack(source: source, problem: problem.wording)
        case .futureUndo(let day): return Message.errorFutureUndo(date: date(day))
        case .notArchived(let quest): return Message.errorNotArchived(quest: quoted(quest))
        case .ambiguousPack(let reference, let candidates):
            return Message.errorAmbiguousPack(
                reference: quoted(reference), candidates: candidates.joined(separator: ", "))
        case .invalidText(let field, let problem):
            switch (field, problem) {
            case (.title, .containsNUL): return Message.errorTitleContainsNul
            case (.notes, .containsNUL): return Message.errorNotesContainNul
            case (.title, .tooLong(let limit)): return Message.errorTitleTooLong(count: limit)
            case (.notes, .tooLong(let limit)): return Message.errorNotesTooLong(count: limit)
            case (.journal, .containsNUL): return Message.errorJournalContainsNul
            case (.journal, .tooLong(let limit)): return Message.errorJournalTooLong(count: limit)
            }
        case .noPurchaseToRefund(let day): return Message.errorNoPurchaseToRefund(date: date(day))
        case .alreadyRefunded(let reward): return Message.errorAlreadyRefunded(reward: quoted(reward))
        case .freezeUsed(let day): return Message.errorFreezeUsed(date: date(day))
        case .invalidQuota(let text, let maximum, let period):
            return period == QuotaPeriod.week.rawValue
                ? Message.errorInvalidQuotaWeek(input: quoted(text), maximum: maximum)
                : Message.errorInvalidQuotaMonth(input: quoted(text), maximum: maximum)
        case .invalidInterval(let text):
            return Message.errorInvalidInterval(input: quoted(text), maximum: ScheduleKind.maximumInterval)
        case .quotaAlreadyMet(let quest, let times, let period, let day):
            return period == QuotaPeriod.week.rawValue
                ? Message.errorQuotaAlreadyMetWeek(quest: quoted(quest), times: times, date: date(day))
                : Message.errorQuotaAlreadyMetMonth(quest: quoted(quest), times: times, date: date(day))
        case .noteOnCompletedDay(let quest, let day):
            return Message.errorNoteOnCompletedDay(quest: quoted(quest), date: date(day))
        case .invalidMonth(let text): return Message.errorInvalidMonth(input: quoted(text))
        case .futureMonth(let month): return Message.errorFutureMonth(month: month)
        case .skipCompleted(let quest, let day):
            return Message.errorSkipCompleted(quest: quoted(quest), date: date(day))
        case .notSkipped(let quest, let day): return Message.errorNotSkipped(quest: quoted(quest), date: date(day))
        case .vacationEndsBeforeStart(let start, let end):
            return Message.errorVacationEndsBeforeStart(end: date(end), start: date(start))
        case .vacationOverlaps(let existing):
            return Message.errorVacationOverlaps(
                start: date(existing.lowerBound), end: date(existing.upperBound), day: existing.lowerBound.description)
        case .noVacation(let day): return Message.errorNoVacation(date: date(day))
        case .invalidPriority(let text): return Message.errorInvalidPriority(input: quoted(text))
        case .windowEndsBeforeStart(let start, let end):
            return Message.errorWindowEndsBeforeStart(start: start.description, end: end.description)
        case .emptyFocusTitle(let goal): return goal ? Message.errorEmptyFocusGoal : Message.errorEmptyFocusTask
        case .focusFull(let day, let holds, let limit):
            let next = String(min(holds + 1, FocusRules.maximumLimit))
            return holds > limit
                ? Message.errorFocusOverLimit(date: date(day), count: holds, maximum: limit, limit: next)
                : Message.errorFocusFull(date: date(day), count: holds, limit: next)
        case .noGoal(let day): return Message.errorNoGoal(date: date(day))
        case .goalNotAchievedByItself(let title, let state):
            let title = quoted(title)
            switch state {
            case .open: return Message.errorGoalTakeBackOpen(title: title)
            case .notYet: return Message.errorGoalTakeBackNotYet(title: title)
            case .achieved: return Message.errorGoalTakeBackAchieved(title: title)
            case .achievedByItself: return Message.errorGoalTakeBackAchievedByItself(title: title)
            }
        case .taskNotDone(let title): return Message.errorTaskNotDone(title: quoted(title))
        case .emptyJournalEntry: return Message.errorEmptyJournalEntry
        case .noJournalEntry(let number, let day, let count):
            return count == 0
                ? Message.errorNoJournalEntries(number: number, date: date(day))
                : Message.errorNoJournalEntry(number: number, date: date(day), count: count)
        case .dropDoneTask(let title): return Message.errorDropDoneTask(title: quoted(title))
        case .moveDoneTask(let title): return Message.errorMoveDoneTask(title: quoted(title))
        case .nothingToCarry(let day): return Message.errorNothingToCarry(date: date(day))
        case .nothingToChangeInTask: return Message.errorNothingToChangeInTask
        }
    }

    /// The wording when argument-parser refused the value of `option` (`--at`) with this error, as one
    /// statement (`invalid time "25:00" for --at: use HH:MM …`); nil for an error no option's value makes.
    func wording(option: String) -> String? {
        let quoted = UserText.quoted
        switch self {
        case .invalidWeekdays(let text): return Message.errorInvalidWeekdaysFor(input: quoted(text), option: option)
        case .invalidTime(let text): return Message.errorInvalidTimeFor(input: quoted(text), option: option)
        case .invalidDay(let text): return Message.errorInvalidDayFor(input: quoted(text), option: option)
        case .invalidReward(let text): return Message.errorInvalidRewardFor(input: quoted(text), option: option)
        case .invalidPrice(let text): return Message.errorInvalidPriceFor(input: quoted(text), option: option)
        case .invalidQuota(let text, let maximum, let period):
            return period == QuotaPeriod.week.rawValue
                ? Message.errorInvalidQuotaWeekFor(input: quoted(text), option: option, maximum: maximum)
                : Message.errorInvalidQuotaMonthFor(input: quoted(text), option: option, maximum: maximum)
        case .invalidInterval(let text):
            return Message.errorInvalidIntervalFor(
                input: quoted(text), option: option, maximum: ScheduleKind.maximumInterval)
        default: return nil
        }
    }
}

/// `a or b or c`, in the language's words.
func alternatives(_ items: [String]) -> String {
    items.dropFirst().reduce(items.first ?? "") { Message.errorOr(first: $0, second: $1) }
}

extension StoreError: UserFacingError {
    var wording: String {
        switch self {
        case .newerStore(let version, let supported):
            return Message.errorNewerStore(version: version, supported: supported)
        case .notAQuestsStore: return Message.errorNotAQuestsStore
        case .readOnlyNeedsUpgrade(let path): return Message.errorReadOnlyNeedsUpgrade(path: path)
        case .cannotCreate(let path, let reason): return Message.errorCannotCreateStore(path: path, reason: reason)
        case .damagedRecord(let record): return Message.errorDamagedRecord(record: record.wording)
        case .damagedFile(let path, let reason): return Message.errorStoreFileDamaged(path: path, reason: reason)
        case .noStore(let path): return Message.errorNoStore(path: path)
        case .cannotOpen(let path, let reason): return Message.errorCannotOpenStore(path: path, reason: reason)
        case .migrationBrokeReferences(let step, let table):
            return Message.errorMigrationBrokeReferences(step: step, table: table)
        case .isAFolder(let path): return Message.errorStoreIsAFolder(path: path)
        case .cannotCreateFolder(let path): return Message.errorCannotCreateStoreFolder(path: path)
        case .pendingLogNeedsWritableFolder: return Message.errorPendingLogNeedsWritableFolder
        }
    }
}

extension DamagedRecord {
    /// The record as an error names it: its kind and what names it, then what it points at that is missing,
    /// or the field found damaged.
    var wording: String {
        let record = kind.wording
        var named: String
        switch key {
        case nil: named = record
        case .text(let text): named = Message.errorDamagedRecordNamed(record: record, key: UserText.cut(text))
        case .day(let day): named = Message.errorDamagedRecordNamed(record: record, key: Format.date(day))
        case .quest(let number) where kind == .record(.quests):
            named = Message.errorDamagedRecordQuest(number: String(number))
        case .quest(let number): named = Message.errorDamagedRecordOfQuest(record: record, number: String(number))
        case .questDay(let number, let day):
            named = Message.errorDamagedRecordOfQuestOn(record: record, number: String(number), date: Format.date(day))
        }
        if let missing { return Message.errorDamagedRecordPointing(record: named, missing: missing.wording) }
        return field.map { Message.errorDamagedRecordField(record: named, field: $0) } ?? named
    }
}

extension DamagedRecord.Kind {
    /// The kind of record, as an error names a damaged one.
    var wording: String {
        switch self {
        case .record(let kind): Message.keyed("error-damaged-\(kind.name)") ?? kind.name
        case .scheduleVersion: Message.errorDamagedScheduleVersion
        case .dayCount: Message.errorDamagedDayCount
        }
    }
}

extension DatabaseError: UserFacingError {
    var wording: String {
        switch kind {
        case .busy: return Message.errorStoreBusy
        case .full: return Message.errorDiskFull
        case .readOnly: return Message.errorStoreReadOnly
        case .damaged: return Message.errorStoreDamaged(reason: message)
        case .cannotOpen: return Message.errorStoreCannotOpen(reason: message)
        case .inputOutput: return Message.errorStoreInputOutput(reason: message)
        case .other: return Message.errorStoreOther(reason: message)
        }
    }
}

extension CommandFailure: UserFacingError {
    var wording: String {
        let quoted = UserText.quoted
        switch self {
        case .invalidNow(let value): return Message.errorInvalidNow(value: quoted(value))
        case .invalidTimeZone(let value): return Message.errorInvalidTimeZone(value: quoted(value))
        case .noHome: return Message.errorNoHome
        case .unknownLanguage(let value, let known):
            return Message.errorUnknownLanguage(input: quoted(value), known: known.joined(separator: ", "))
        case .cannotRead(let path):
            return FileManager.default.fileExists(atPath: path)
                ? Message.errorCannotReadDenied(path: path) : Message.errorCannotReadMissing(path: path)
        case .cannotWrite(let path, let reason): return Message.errorCannotWrite(path: path, reason: reason)
        case .badBackup(let source, let error): return Message.errorBadBackup(source: source, problem: error.wording)
        case .badSnapshot(let source, let error): return Message.errorBadBackup(source: source, problem: error.wording)
        case .badImport(let error): return error.wording
        case .noSnapshot(let folder): return Message.errorNoSnapshot(folder: Sanitized.line(folder))
        case .invalidBackupKeep(let value):
            return Message.errorInvalidBackupKeep(maximum: SnapshotSchedule.maximumKeep, input: quoted(value))
        case .confirmationNeeded: return Message.errorRestoreNeedsConfirmation
        case .cancelled: return Message.errorRestoreCancelled
        case .deleteNeedsConfirmation(let quest): return Message.errorDeleteNeedsConfirmation(quest: quoted(quest))
        case .deleteCancelled: return Message.errorDeleteCancelled
        case .unhealthyStore(let problems): return Message.errorUnhealthyStore(count: problems)
        case .unknownCommand(let word, let parent, let suggestions):
            let word = UserText.cut(word)
            guard !suggestions.isEmpty else { return Message.errorUnknownCommand(word: word, command: parent) }
            return Message.errorUnknownCommandSuggest(
                word: word, command: parent, suggestions: alternatives(suggestions.map { "'\(parent) \($0)'" }))
        case .backupOverStore(let path): return Message.errorBackupOverStore(path: path)
        case .notABackupFile(let path): return Message.errorNotABackupFile(path: path)
        case .notACalendar(let path): return Message.errorNotACalendar(path: path)
        case .notAJournalExport(let path): return Message.errorNotAJournalExport(path: path)
        case .unknownPlaceholder(let name):
            let names = StatusTemplate.Key.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
            return Message.errorUnknownPlaceholder(name: UserText.cut(name), names: names)
        case .notifierNotFound(let command): return Message.errorNotifierNotFound(command: quoted(command))
        case .notifierFailed(let command, let reason, let count):
            return Message.errorNotifierFailed(command: quoted(command), reason: reason, count: count)
        case .needsTerminal: return Message.errorNeedsTerminal
        case .fullScreenUnavailable(let reason): return Message.errorFullScreenUnavailable(reason: reason)
        case .noSyncFolder: return Message.errorNoSyncFolder
        case .gitFailed(let step, let output):
            guard let said = output.split(separator: "\n").first else { return Message.errorGitFailed(step: step) }
            return Message.errorGitFailedSaid(step: step, output: String(said))
        }
    }
}

extension SyncError: UserFacingError {
    var wording: String {
        switch self {
        case .notAFolder(let path): return Message.errorNotASyncFolder(path: path)
        case .cannotRead(let path): return CommandFailure.cannotRead(path: path).wording
        case .cannotWrite(let path, let reason): return Message.errorCannotWrite(path: path, reason: reason)
        case .cannotCreateFolder(let path):
            return Message.errorCannotWrite(path: path, reason: Message.syncFolderCannotCreate)
        case .cannotRemoveFolder(let path):
            return Message.errorCannotWrite(path: path, reason: Message.syncFolderCannotRemove)
        case .unknownReplica(let wanted, let known):
            return known.isEmpty
                ? Message.errorUnknownReplicaNone(name: UserText.quoted(wanted))
                : Message.errorUnknownReplica(name: UserText.quoted(wanted), machines: known.joined(separator: ", "))
        case .forgetThisMachine(let replica): return Message.errorForgetThisMachine(machine: replica)
        case .cannotForget(let replica, let file, let reason):
            let said = Quests.failureMessage(reason) ?? Message.syncUnreadable
            return Message.errorCannotForget(machine: replica, file: file, reason: said)
        case .changesWaiting: return Message.errorChangesWaiting
        }
    }
}

extension SnapshotError: UserFacingError {
    var wording: String {
        switch self {
        case .damaged(let reason): return Message.errorSnapshotDamaged(reason: reason)
        case .notAQuestsStore: return Message.errorSnapshotNotQuests
        case .newerStore(let version, let supported):
            return Message.errorSnapshotNewer(version: version, supported: supported)
        }
    }
}

extension BackupError: UserFacingError {
    var wording: String {
        switch self {
        case .notABackup(let reason): return Message.errorNotABackup(reason: reason.wording)
        case .newerVersion(let version, let supported):
            return Message.errorNewerBackup(version: version, supported: supported)
        case .invalid(let problem): return problem.wording
        case .overdraw(let path, let balance):
            return Message.errorImportOverdraw(path: path, balance: Format.dd(balance))
        }
    }
}

extension NotABackup {
    var wording: String {
        switch self {
        case .format(let format): return Message.errorBackupFormat(format: UserText.quoted(format))
        case .noFormat: return Message.errorBackupNoFormat(format: Backup.format)
        case .noFormatField: return Message.errorBackupNoFormatField
        case .unreadable(let error): return error.wording
        }
    }
}

extension ImportError: UserFacingError {
    var wording: String {
        let file = Sanitized.line(row.file)
        let source =
            row.row.map { Message.errorImportRow(file: file, row: $0) }
            ?? row.field.map { Message.errorImportField(file: file, field: Sanitized.line($0)) } ?? file
        return Message.errorBadBackup(source: source, problem: problem.wording)
    }
}

extension ImportProblem {
    var wording: String {
        let quoted = UserText.quoted
        switch self {
        case .notThisFormat(let source): return Message.errorImportNotFormat(tracker: source.format.trackerName)
        case .missing(let name): return Message.errorImportMissing(name: quoted(name))
        case .badDate(let text): return Message.errorImportBadDate(input: quoted(text))
        case .badValue(let text): return Message.errorImportBadValue(input: quoted(text))
        case .unknownHabit(let habit): return Message.errorImportUnknownHabit(habit: quoted(habit))
        case .emptyTitle: return Message.errorImportEmptyTitle
        case .text(let problem): return problem.wording
        case .json(let error): return error.wording
        case .newerLoop(let version, let supported):
            return Message.errorImportNewerLoop(version: version, supported: supported)
        case .damaged(let reason): return Message.errorImportDamaged(reason: Sanitized.line(reason))
        case .unsafePath(let path): return Message.errorImportUnsafePath(path: quoted(path))
        case .tooLarge(let limit): return Message.errorImportTooLarge(megabytes: limit >> 20)
        }
    }
}

extension JSONError: UserFacingError {
    var wording: String {
        path.isEmpty ? problem.wording : Message.errorJsonAt(path: path, problem: problem.wording)
    }
}

extension JSONProblem {
    var wording: String {
        let quoted = UserText.quoted
        let dd = Format.dd
        switch self {
        case .expected(let expectation): return Message.errorJsonExpected(expected: expectation.wording)
        case .endOfFile(let expectation):
            return expectation.map { Message.errorJsonEndOfFileExpected(expected: $0.wording) }
                ?? Message.errorJsonEndOfFile
        case .endOfFileInText: return Message.errorJsonEndOfFileInText
        case .controlCharacterInText: return Message.errorJsonControlCharacter
        case .invalidUTF8: return Message.errorJsonInvalidUtf8
        case .unpairedSurrogate: return Message.errorJsonUnpairedSurrogate
        case .invalidUnicodeEscape: return Message.errorJsonInvalidUnicodeEscape
        case .invalidEscape: return Message.errorJsonInvalidEscape
        case .numberTooLarge: return Message.errorJsonNumberTooLarge
        case .leadingZero: return Message.errorJsonLeadingZero
        case .unexpectedText: return Message.errorJsonUnexpectedText
        case .textAfterDocument: return Message.errorJsonTextAfterDocument
        case .nestedTooDeeply: return Message.errorJsonNestedTooDeeply
        case .repeatedField(let key): return Message.errorJsonRepeatedField(name: quoted(key))
        case .unknownField: return Message.errorJsonUnknownField
        case .missing: return Message.errorJsonMissing
        case .outOfRange(let lowest, let highest): return Message.errorJsonOutOfRange(lowest: lowest, highest: highest)
        case .versionBelowOne: return Message.errorJsonVersionBelowOne
        case .zeroAmount: return Message.errorJsonZeroAmount
        case .empty: return Message.errorJsonEmpty
        case .text(let problem): return problem.wording
        case .noWeekdays: return Message.errorJsonNoWeekdays
        case .unknownWeekday(let name): return Message.errorJsonUnknownWeekday(name: quoted(name))
        case .invalidScheduleKind: return Message.errorJsonInvalidScheduleKind
        case .invalidSchedule(let error): return error.wording
        case .scheduleGivenTwice: return Message.errorJsonScheduleGivenTwice
        case .notASyncFile: return Message.errorJsonNotASyncFile
        case .newerSyncFile: return Message.errorJsonNewerSyncFile
        case .notASyncStamp: return Message.errorJsonNotASyncStamp
        case .repeatedWeekday(let day): return Message.errorJsonRepeatedWeekday(weekday: day.shortName)
        case .unknownLedgerKind(let name):
            let kinds = LedgerKind.allCases.map(\.rawValue).joined(separator: ", ")
            return Message.errorJsonUnknownLedgerKind(name: quoted(name), kinds: kinds)
        case .unknownAchievement(let id): return Message.errorJsonUnknownAchievement(id: quoted(id))
        case .invalidTime(let text): return Message.errorJsonInvalidTime(input: quoted(text))
        case .rewardOutOfRange: return Message.errorJsonRewardOutOfRange(maximum: Schedule.maximumReward)
        case .invalidPackID: return Message.errorJsonInvalidPackId
        case .emptyPack: return Message.errorJsonEmptyPack
        case .repeatedPackQuest(let title, let clash):
            return Message.errorJsonRepeatedPackQuest(title: quoted(title), clash: quoted(clash))
        case .duplicate(let duplicate, let earlier): return duplicate.wording(earlier: earlier)
        case .invalidSetting(let error): return error.wording
        case .noScheduleEntries: return Message.errorJsonNoScheduleEntries
        case .firstScheduleEntryNotOn(let day): return Message.errorJsonFirstScheduleEntry(date: Format.date(day))
        case .unknownRecord(let kind): return kind.unknownWording
        case .notAchievementUUID(let id): return Message.errorJsonNotAchievementUuid(id: id)
        case .referenceMissing(let kind): return Message.errorJsonReferenceMissing(kind: kind.rawValue)
        case .rewardWithoutCompletion: return Message.errorJsonRewardWithoutCompletion
        case .undoesNothing: return Message.errorJsonUndoesNothing
        case .wrongReward(let amount, let expected):
            return Message.errorJsonWrongReward(amount: dd(amount), expected: dd(expected))
        case .wrongUndo(let amount, let expected):
            return Message.errorJsonWrongUndo(amount: dd(-amount), expected: dd(-expected))
        case .wrongPurchaseAmount(let kind, let amount, let expected):
            return Message.errorJsonWrongPurchaseAmount(kind: kind.rawValue, expected: dd(expected), amount: dd(amount))
        case .paidAgain(let completion): return Message.errorJsonPaidAgain(completion: completion)
        case .debited(let price, let times):
            return times == 0
                ? Message.errorJsonNeverDebited(price: dd(price))
                : Message.errorJsonDebited(price: dd(price), count: times)
        case .refundedAgain: return Message.errorJsonRefundedAgain
        case .dayOnlyForFreeze: return Message.errorJsonDayOnlyForFreeze
        case .endsBeforeStart: return Message.errorJsonEndsBeforeStart
        case .unknownFocusState(let state): return Message.errorJsonUnknownFocusState(state: quoted(state))
        case .unknownFocusPriority(let priority):
            return Message.errorJsonUnknownFocusPriority(priority: quoted(priority))
        case .notFocusGoalUUID(let day): return Message.errorJsonNotFocusGoalUuid(date: Format.date(day))
        case .focusPaidWrong(let paid, let expected):
            return Message.errorJsonFocusPaidWrong(paid: dd(paid), expected: dd(expected))
        case .overFocusLimit(let day, let holds, let limit):
            return Message.errorJsonOverFocusLimit(date: Format.date(day), count: holds, limit: limit)
        case .belowZero(let balance): return Message.errorJsonBelowZero(balance: dd(balance))
        case .storeLedgerInconsistent: return Message.errorJsonStoreLedgerInconsistent
        case .differentRecordWithSameUUID(let kind): return kind.differentWording
        }
    }
}

extension JSONExpectation {
    var wording: String {
        switch self {
        case .object: return Message.errorJsonExpectObject
        case .array: return Message.errorJsonExpectArray
        case .text: return Message.errorJsonExpectText
        case .fieldName: return Message.errorJsonExpectFieldName
        case .wholeNumber: return Message.errorJsonExpectWholeNumber
        case .number: return Message.errorJsonExpectNumber
        case .boolean: return Message.errorJsonExpectBoolean
        case .uuid: return Message.errorJsonExpectUuid
        case .day: return Message.errorJsonExpectDay
        case .utcTime: return Message.errorJsonExpectUtcTime
        case .timeOrNull: return Message.errorJsonExpectTimeOrNull
        case .colon(let key): return Message.errorJsonExpectColon(key: UserText.quoted(key))
        case .commaOrBrace: return Message.errorJsonExpectCommaOrBrace
        case .commaOrBraceAfter(let key): return Message.errorJsonExpectCommaOrBraceAfter(key: UserText.quoted(key))
        case .commaOrBracket: return Message.errorJsonExpectCommaOrBracket
        }
    }
}

extension JSONDuplicate {
    /// That this is used again, `earlier` saying where it was first (`quests[0]`).
    func wording(earlier: String) -> String {
        switch self {
        case .uuid: return Message.errorJsonDuplicateUuid(earlier: earlier)
        case .number: return Message.errorJsonDuplicateNumber(earlier: earlier)
        case .day: return Message.errorJsonDuplicateDay(earlier: earlier)
        case .questDay: return Message.errorJsonDuplicateQuestDay(earlier: earlier)
        case .achievement: return Message.errorJsonDuplicateAchievement(earlier: earlier)
        case .listedDay: return Message.errorJsonDuplicateListedDay(earlier: earlier)
        }
    }
}

extension RecordKind {
    /// That no record of this kind in the backup has the UUID given.
    var unknownWording: String { Message.keyed("error-json-unknown-\(name)") ?? name }

    /// That the store holds another record of this kind with the backup's UUID.
    var differentWording: String { Message.keyed("error-json-different-\(name)") ?? name }
}

extension UserText.Problem {
    var wording: String {
        switch self {
        case .containsNUL: return Message.errorJsonContainsNul
        case .tooLong(let limit): return Message.errorJsonTooLong(count: limit)
        }
    }
}
