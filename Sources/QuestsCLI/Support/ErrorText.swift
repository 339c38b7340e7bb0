import Foundation
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
    var wording: String {
        let quoted = UserText.quoted
        switch self {
        case .invalidWeekdays(let text):
            return "invalid days \(quoted(text)): use daily, weekdays, weekends, a list such as mon,wed,fri, "
                + "or a quota such as 3/week or 8/month (every third day: --every 3)"
        case .invalidTime(let text):
            return "invalid time \(quoted(text)): use HH:MM on a 24-hour clock, such as 07:30 or 21:00"
        case .invalidDay(let text):
            return "invalid date \(quoted(text)): use YYYY-MM-DD, today, yesterday or a weekday name such as mon"
        case .invalidReward(let text):
            return "invalid reward \(quoted(text)): use a whole number of Daily Dollars from 0 to 1000000"
        case .emptyTitle:
            return "a quest needs a title"
        case .duplicateTitle(let title, let number):
            return "a quest called \(quoted(title)) already exists (#\(number)); pick another title"
        case .noMatch(let kind, let reference, let suggestions):
            if suggestions.isEmpty {
                return "no \(kind.rawValue) matches \(quoted(reference)); see '\(kind.listCommand)'"
            }
            return
                "no \(kind.rawValue) matches \(quoted(reference)); did you mean \(suggestions.joined(separator: " or "))?"
        case .ambiguous(let kind, let reference, let candidates):
            return
                "\(quoted(reference)) matches several \(kind.rawValue)s: \(candidates.joined(separator: ", ")); use its number"
        case .notScheduled(let quest, let day):
            return "\(quoted(quest)) is not scheduled on \(day.weekday.name) \(day)"
        case .notYetOpen(let quest, let opensAt):
            return "\(quoted(quest)) opens at \(opensAt); use --early to complete it now"
        case .nonexistentDay(let day, let timeZone):
            return "\(day) did not happen in \(timeZone) (the clocks skipped it); nothing can be completed for it"
        case .futureDay(let day):
            return "\(day) is in the future; only today or past days can be completed"
        case .outsideBackfillWindow(let day, let window):
            return "\(day) is more than \(window) days ago; raise the window with 'quests config backfill-days N'"
        case .beyondPlanningHorizon(let day):
            return
                "\(day) is more than a year ahead; days off can be planned up to \(CompletionRules.planningHorizonDays) days ahead"
        case .notCompleted(let quest, let day):
            return "\(quoted(quest)) is not completed for \(day); nothing to undo"
        case .undoWouldOverdraw(let quest, let credited, let balance):
            return
                "cannot undo \(quoted(quest)): it credited \(credited) DD but the balance is \(balance) DD (already spent)"
        case .alreadyArchived(let quest):
            return "\(quoted(quest)) is already archived"
        case .questHasHistory(let quest, let number):
            return "\(quoted(quest)) has history (completions, skips or Daily Dollars), which is never deleted; "
                + "archive it instead: quests archive \(number)"
        case .nothingToChange:
            return "nothing to change: give at least one of --title, --at, --any-time, --days, --reward, --notes"
        case .invalidPrice(let text):
            return "invalid price \(quoted(text)): use a whole number of Daily Dollars from 1 to 1000000"
        case .duplicateReward(let title, let number):
            return "the shop already has \(quoted(title)) (#\(number)); pick another title"
        case .cannotAfford(let reward, let price, let balance):
            return "\(quoted(reward)) costs \(price) DD, you have \(balance) DD (\(price - balance) more needed)"
        case .inDebt(let reward, let debt):
            return
                "cannot buy \(quoted(reward)): you are in debt by \(debt) DD (Daily Dollars spent on more than one machine); "
                + "the shop opens again once quests earn it back"
        case .nothingToChangeInReward:
            return "nothing to change: give at least one of --title, --price, --notes"
        case .unknownSetting(let key):
            return
                "unknown setting \(quoted(key)): use day-start, week-start, backfill-days, freeze-price, focus-limit, focus-task-reward, focus-goal-reward, focus-checkins or sync-dir"
        case .invalidSetting(let key, let value):
            return "invalid value \(quoted(value)) for \(key.rawValue): expected \(key.expectedForm)"
        case .noPack(let name, let available):
            return
                "no bundled pack named \(quoted(name)); choose one of \(available.joined(separator: ", ")) or give a file ending in .json"
        case .invalidPack(let source, let problem):
            return "pack \(source) is not valid, nothing was added: \(problem.wording)"
        case .futureUndo(let day):
            return "\(day) is in the future; there is no completion to undo on it"
        case .notArchived(let quest):
            return "\(quoted(quest)) is not archived; nothing to unarchive"
        case .ambiguousPack(let reference, let candidates):
            return
                "\(quoted(reference)) matches several packs: \(candidates.joined(separator: ", ")); give more of its id"
        case .invalidText(let field, let problem):
            return "the \(field.rawValue) \(problem.wording)"
        case .noPurchaseToRefund(let day):
            return "no purchase made today (\(day)) to refund; only today's most recent purchase can be undone"
        case .alreadyRefunded(let reward):
            return "today's most recent purchase, \(quoted(reward)), is already refunded"
        case .freezeUsed(let day):
            return "the most recent purchase, a streak freeze, already covered \(day) and cannot be undone"
        case .invalidQuota(let text, let maximum, let period):
            return
                "invalid days \(quoted(text)): a quota is 1 to \(maximum) times a \(period), such as 3/week or 8/month"
        case .invalidInterval(let text):
            return
                "invalid interval \(quoted(text)): use a whole number of days from 1 to \(ScheduleKind.maximumInterval)"
        case .quotaAlreadyMet(let quest, let times, let period, let day):
            return
                "\(quoted(quest)) already met its \(times)/\(period) quota for the \(period) of \(day); nothing more is due until the next \(period)"
        case .noteOnCompletedDay(let quest, let day):
            return
                "\(quoted(quest)) is already completed for \(day); a note goes with a new completion (undo it first to add one)"
        case .invalidMonth(let text):
            return "invalid month \(quoted(text)): use YYYY-MM, such as 2026-11"
        case .futureMonth(let month):
            return "\(month) has not started yet; pick the current month or an earlier one"
        case .skipCompleted(let quest, let day):
            return
                "\(quoted(quest)) is already completed for \(day); a done quest-day cannot be skipped (undo it first: quests undo)"
        case .notSkipped(let quest, let day):
            return "\(quoted(quest)) is not skipped for \(day); nothing to unskip"
        case .vacationEndsBeforeStart(let start, let end):
            return "the vacation would end (\(end)) before it starts (\(start)); give the first day, then the last"
        case .vacationOverlaps(let existing):
            return
                "that overlaps the vacation \(existing.lowerBound) – \(existing.upperBound); remove it first (quests vacation remove \(existing.lowerBound))"
        case .noVacation(let day):
            return "no vacation holds \(day); see quests vacation list"
        case .invalidPriority(let text):
            return "invalid priority \(quoted(text)): use high, medium or low"
        case .windowEndsBeforeStart(let start, let end):
            return
                "the time window \(start)-\(end) ends before it starts; give its start, then a later end, such as 09:00-10:30"
        case .emptyFocusTitle(let goal):
            return goal
                ? "the main quest needs some words: quests focus goal \"Ship the draft\""
                : "a focus task needs a title: quests focus add \"Write the intro\""
        case .focusFull(let day, let holds, let limit):
            let over = holds > limit ? ", more than the limit of \(limit)" : ""
            return
                "\(day) already holds \(Format.count(holds, "focus task"))\(over); make room with 'quests focus drop TASK'"
                + " or 'quests focus edit TASK --to DAY', or raise the limit with 'quests config focus-limit \(min(holds + 1, FocusRules.maximumLimit))'"
        case .noGoal(let day):
            return "\(day) has no main quest; set one first: quests focus goal \"…\""
        case .goalNotAchievedByItself(let title, let state):
            let why =
                switch state {
                case .open: "it is not achieved"
                case .notYet: "it was already taken back"
                case .achieved: "you said it was achieved (not-yet only takes back one achieved by its last task)"
                case .achievedByItself: "it is achieved"
                }
            return "cannot take back the main quest \(quoted(title)): \(why)"
        case .taskNotDone(let title):
            return "\(quoted(title)) is not done; nothing to undo"
        case .dropDoneTask(let title):
            return "\(quoted(title)) is done; undo it first (quests focus undo) to drop it"
        case .moveDoneTask(let title):
            return "\(quoted(title)) is done and stays on its day; undo it first to move it"
        case .nothingToCarry(let day):
            return "nothing to carry over to \(day): no earlier day left a main quest or a task unfinished"
        case .nothingToChangeInTask:
            return "nothing to change: give at least one of --title, --priority, --at, --any-time, --to"
        }
    }
}

extension StoreError: UserFacingError {
    var wording: String {
        switch self {
        case .newerStore(let version, let supported):
            return
                "the store was written by a newer quests (schema \(version), this one knows up to \(supported)); upgrade quests, the store was not changed"
        case .notAQuestsStore:
            return "the file is a SQLite database but not a quests store; pick another path with --db"
        case .readOnlyNeedsUpgrade(let path):
            return
                "the store at \(path) is read-only and was written by an older quests; run quests once as its owner to upgrade it"
        case .cannotCreate(let path, let reason):
            return "cannot create the store at \(path): \(reason)"
        case .damagedRecord(let what):
            return "the store holds a damaged record (\(what)); was it edited by hand? Nothing was changed"
        case .noStore(let path):
            return "there is no store at \(path); pick one with --db PATH"
        case .cannotOpen(let path, let reason):
            return "cannot open the store at \(path): \(reason)"
        case .migrationBrokeReferences(let step, let table):
            return
                "upgrading the store failed at \"\(step)\": rows of \(table) would point at nothing; the store was not changed"
        case .isAFolder(let path):
            return "cannot open the store at \(path): it is a folder; give the path of a store file"
        case .cannotCreateFolder(let path):
            return "cannot create the store at \(path): cannot create its folder"
        case .pendingLogNeedsWritableFolder:
            return
                "cannot open the store (its folder is not writable, and its pending write-ahead log needs a -shm file there; "
                + "run quests once as the store's owner)"
        }
    }
}

extension DatabaseError: UserFacingError {
    var wording: String {
        switch kind {
        case .busy:
            return "the store is busy in another quests process; try again"
        case .full:
            return "the disk holding the store is full; nothing was changed (free some space and try again)"
        case .readOnly:
            return "the store is read-only; nothing was changed"
        case .damaged:
            return "the store is damaged or not a quests store (\(message))"
        case .cannotOpen:
            return "cannot open the store (\(message))"
        case .inputOutput:
            return "input/output error on the store (\(message)); nothing was changed"
        case .other:
            return "store error: \(message)"
        }
    }
}

extension CommandFailure: UserFacingError {
    var wording: String {
        switch self {
        case .invalidNow(let value):
            return
                "QUESTS_NOW=\(UserText.quoted(value)) is not a date-time: use 2026-11-21T08:30 or 2026-11-21T08:30:00+01:00"
        case .invalidTimeZone(let value):
            return
                "TZ=\(UserText.quoted(value)) is not a time zone: use a name such as Europe/Paris, a zoneinfo file path, or a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3"
        case .noHome:
            return "cannot find the default store: set HOME, XDG_DATA_HOME or QUESTS_DB, or pass --db PATH"
        case .cannotRead(let path):
            let reason =
                FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            return "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason); nothing was written there"
        case .badBackup(let source, let error):
            return "\(source): \(error.wording); nothing was changed"
        case .confirmationNeeded:
            return "restore replaces everything in the store: confirm on a terminal, or pass --yes"
        case .cancelled:
            return "restore cancelled; nothing was changed"
        case .deleteNeedsConfirmation(let quest):
            return "deleting \(UserText.quoted(quest)) cannot be undone: confirm on a terminal, or pass --yes"
        case .deleteCancelled:
            return "delete cancelled; nothing was changed"
        case .unhealthyStore(let problems):
            return
                "the store has \(problems == 1 ? "1 problem" : "\(problems) problems") (see the report); doctor changed nothing. Keep a copy of the file before trying to repair it, or restore a backup"
        case .unknownCommand(let word, let parent, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "see '\(parent) --help'"
                : "did you mean " + suggestions.map { "'\(parent) \($0)'" }.joined(separator: " or ") + "?"
            return "'\(UserText.cut(word))' is not a \(parent) command; \(hint)"
        case .backupOverStore(let path):
            return "\(path) is the store itself (or one of its files); write the backup to another file"
        case .notABackupFile(let path):
            return "\(path) exists and is not a quests backup; choose another file, or pass --force to replace it"
        case .notACalendar(let path):
            return
                "\(path) exists and is not an iCalendar file; nothing was written there: choose another name or remove it"
        case .unknownPlaceholder(let name):
            let names = StatusTemplate.Key.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
            return "{\(UserText.cut(name))} is not a status placeholder; use \(names)"
        case .notifierNotFound(let command):
            return
                "cannot find the notifier \(UserText.quoted(command)): give a command on PATH or its path with --command"
        case .notifierFailed(let command, let reason, let count):
            return
                "the notifier \(UserText.quoted(command)) \(reason); \(count == 1 ? "its reminder" : "\(count) reminders") will be sent again on the next run"
        case .needsTerminal:
            return
                "quests board --interactive needs a terminal on standard input and output; in scripts use 'quests board' or 'quests board --json'"
        case .fullScreenUnavailable(let reason):
            return "cannot take over the terminal for the interactive board: \(reason)"
        case .noSyncFolder:
            return "no sync folder: give one (quests sync DIR), or remember one with 'quests config sync-dir DIR'"
        case .notASyncFolder(let path):
            return "\(path) is not a folder; create it (shared by Syncthing, Dropbox or git) and sync again"
        case .gitFailed(let step, let output):
            let detail = output.split(separator: "\n").first.map { ": " + String($0) } ?? ""
            return "git \(step) failed in the sync folder\(detail); run quests sync again once git works there"
        case .unknownReplica(let wanted, let known):
            let list = known.isEmpty ? "the folder holds none" : "the folder holds " + known.joined(separator: ", ")
            return
                "no machine \(UserText.quoted(wanted)) syncs through the folder (\(list)); see 'quests sync --status'"
        case .forgetThisMachine(let replica):
            return "\(replica) is this machine; run 'quests sync --forget' on another machine to remove this one"
        case .cannotForget(let replica, let file, let reason):
            return
                "cannot forget \(replica): its file \(file) cannot be read (\(reason)), and what it holds would be lost to machines that join later; nothing was removed"
        case .changesWaiting:
            return "this machine has changes still to write: run quests sync, then forget again; nothing was removed"
        }
    }
}

extension BackupError: UserFacingError {
    var wording: String {
        switch self {
        case .notABackup(let reason):
            return "not a quests backup (\(reason.wording))"
        case .newerVersion(let version, let supported):
            return
                "written by a newer quests (backup schema version \(version); this quests reads up to \(supported)): upgrade quests first"
        case .invalid(let problem):
            return problem.wording
        case .overdraw(let path, let balance):
            return
                "\(path): importing it would take the balance to \(balance) DD; both stores spent the same Daily Dollars"
        }
    }
}

extension NotABackup {
    var wording: String {
        switch self {
        case .format(let format): return "its format is \(UserText.quoted(format))"
        case .noFormat: return "it has no \"format\": \"\(Backup.format)\" field"
        case .noFormatField: return "it has no \"format\" field"
        case .unreadable(let error): return error.wording
        }
    }
}

extension JSONError: UserFacingError {
    var wording: String {
        path.isEmpty ? problem.wording : "\(path): \(problem.wording)"
    }
}

extension JSONProblem {
    var wording: String {
        let quoted = UserText.quoted
        switch self {
        case .expected(let expectation): return "expected \(expectation.wording)"
        case .endOfFile(let expectation):
            return "unexpected end of the file" + (expectation.map { "; expected \($0.wording)" } ?? "")
        case .endOfFileInText: return "unexpected end of the file inside text"
        case .controlCharacterInText: return "control character in text"
        case .invalidUTF8: return "text is not valid UTF-8"
        case .unpairedSurrogate: return "unpaired surrogate in text"
        case .invalidUnicodeEscape: return "invalid \\u escape in text"
        case .invalidEscape: return "invalid escape in text"
        case .numberTooLarge: return "number too large"
        case .leadingZero: return "a number cannot start with 0"
        case .unexpectedText: return "unexpected text"
        case .textAfterDocument: return "unexpected text after the end of the document"
        case .nestedTooDeeply: return "nested too deeply"
        case .repeatedField(let key): return "field \(quoted(key)) is given twice"
        case .unknownField: return "unknown field"
        case .missing: return "missing"
        case .outOfRange(let lowest, let highest): return "must be from \(lowest) to \(highest)"
        case .versionBelowOne: return "must be a whole number from 1"
        case .zeroAmount: return "must be a non-zero whole number of Daily Dollars"
        case .empty: return "must not be empty"
        case .text(let problem): return problem.wording
        case .noWeekdays: return "list at least one weekday"
        case .unknownWeekday(let name):
            return "unknown weekday \(quoted(name)): use mon, tue, wed, thu, fri, sat or sun"
        case .invalidScheduleKind:
            return "expected weekdays, N/week (1 to 7), N/month (1 to 31) or every N from YYYY-MM-DD"
        case .invalidSchedule(let error): return error.wording
        case .scheduleGivenTwice: return "give one of weekdays, days or every"
        case .notASyncFile: return "not a quests sync file"
        case .newerSyncFile: return "written by a newer quests"
        case .notASyncStamp: return "not a sync stamp"
        case .repeatedWeekday(let day): return "\(day.shortName) is listed twice"
        case .unknownLedgerKind(let name):
            return "unknown kind \(quoted(name)): use " + LedgerKind.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownAchievement(let id): return "unknown achievement \(quoted(id))"
        case .invalidTime(let text):
            return "invalid time \(quoted(text)): use HH:MM on a 24-hour clock, or null for any time"
        case .rewardOutOfRange: return "must be a whole number of Daily Dollars from 0 to \(Schedule.maximumReward)"
        case .invalidPackID: return "use 1 to 40 lowercase letters, digits and dashes, such as \"morning-routine\""
        case .emptyPack: return "a pack needs at least one quest"
        case .repeatedPackQuest(let title, let clash):
            return "\(quoted(title)) is in the pack twice (as \(quoted(clash)) too)"
        case .duplicate(let duplicate, let earlier): return "\(duplicate.wording) as \(earlier)"
        case .invalidSetting(let error): return error.wording
        case .noScheduleEntries: return "needs at least one entry"
        case .firstScheduleEntryNotOn(let day): return "the first entry must start on the quest's createdDay \(day)"
        case .unknownRecord(let kind): return "no \(kind.wording) in the backup has this UUID"
        case .notAchievementUUID(let id): return "is not the UUID of achievement \"\(id)\""
        case .referenceMissing(let kind): return "a \(kind.rawValue) entry must name the record it belongs to"
        case .rewardWithoutCompletion:
            return "no completion in the backup has this UUID, and no undo takes the reward back"
        case .undoesNothing: return "undoes nothing: no quest reward paid for this UUID is left to take back"
        case .wrongReward(let amount, let expected):
            return "pays \(amount) DD, but the quest's reward that day was \(expected) DD"
        case .wrongUndo(let amount, let expected):
            return "takes back \(-amount) DD, but the reward it undoes paid \(-expected) DD"
        case .wrongPurchaseAmount(let kind, let amount, let expected):
            return "a \(kind.rawValue) of this purchase must be \(expected) DD, not \(amount) DD"
        case .paidAgain(let completion): return "pays completion \(completion) a second time"
        case .debited(let price, let times):
            return times == 0
                ? "this purchase of \(price) DD is never debited in the ledger"
                : "this purchase of \(price) DD is debited \(times) times in the ledger"
        case .refundedAgain: return "refunds a purchase that was already refunded"
        case .dayOnlyForFreeze: return "only a freeze has a day: use null"
        case .endsBeforeStart: return "it ends before it starts"
        case .unknownFocusState(let state): return "unknown state \(quoted(state))"
        case .unknownFocusPriority(let priority): return "unknown priority \(quoted(priority)): use high, medium or low"
        case .notFocusGoalUUID(let day): return "is not the UUID of the main quest of \(day)"
        case .focusPaidWrong(let paid, let expected): return "was paid \(paid) DD net, but is due \(expected) DD"
        case .overFocusLimit(let day, let holds, let limit):
            return
                "would leave \(day) with \(holds) focus tasks, over the limit of \(limit); drop some on one side first"
        case .belowZero(let balance): return "takes the balance below zero (\(balance) DD)"
        case .storeLedgerInconsistent: return "this store's own ledger is inconsistent; see 'quests doctor'"
        case .differentRecordWithSameUUID(let kind):
            return "this store has a different \(kind.wording) with the same UUID; the backup is not from this history"
        }
    }
}

extension JSONExpectation {
    var wording: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .text: return "text in quotes"
        case .fieldName: return "a field name in quotes"
        case .wholeNumber: return "a whole number"
        case .boolean: return "true or false"
        case .uuid: return "a UUID such as \"7C9E6679-7425-40DE-944B-E07FC1F90AE7\""
        case .day: return "a date YYYY-MM-DD"
        case .utcTime: return "a UTC time such as \"2026-11-21T07:30:00Z\""
        case .timeOrNull: return "a time HH:MM or null"
        case .colon(let key): return "':' after \(UserText.quoted(key))"
        case .commaOrBrace: return "',' or '}'"
        case .commaOrBraceAfter(let key): return "',' or '}' after \(UserText.quoted(key))"
        case .commaOrBracket: return "',' or ']'"
        }
    }
}

extension JSONDuplicate {
    var wording: String {
        switch self {
        case .uuid: return "the same UUID is used"
        case .number: return "the same number is used"
        case .day: return "the same day is used"
        case .questDay: return "the quest is completed twice that day"
        case .achievement: return "the same achievement is listed"
        case .listedDay: return "the same day is listed"
        }
    }
}

extension BackupRecordKind {
    var wording: String {
        switch self {
        case .quest: return "quest"
        case .reward: return "reward"
        case .purchase: return "purchase"
        case .completion: return "completion"
        case .ledgerEntry: return "ledger entry"
        case .skip: return "skip"
        case .vacation: return "vacation"
        case .focusTask: return "focus task"
        case .focusGoal: return "main quest"
        }
    }
}

extension NameableKind {
    /// The command that lists what a reference of this kind can name.
    var listCommand: String {
        switch self {
        case .quest: "quests list --all"
        case .reward: "quests shop"
        case .task: "quests focus"
        }
    }
}

extension UserText.Problem {
    var wording: String {
        switch self {
        case .containsNUL: return "must not contain a NUL character"
        case .tooLong(let limit): return "must have at most \(limit) characters"
        }
    }
}
