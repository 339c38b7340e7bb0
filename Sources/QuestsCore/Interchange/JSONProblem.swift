/// What is wrong at a field of a JSON document (a backup, a pack), as data; the command line words it.
public enum JSONProblem: Equatable, Sendable {
    // The document's syntax.
    /// Something other than what `JSONExpectation` names.
    case expected(JSONExpectation)
    /// The file ends where more was needed, and what that was when known.
    case endOfFile(expecting: JSONExpectation?)
    case endOfFileInText
    case controlCharacterInText
    case invalidUTF8
    case unpairedSurrogate
    case invalidUnicodeEscape
    case invalidEscape
    case numberTooLarge
    case leadingZero
    case unexpectedText
    case textAfterDocument
    case nestedTooDeeply
    /// The field is given twice in its object.
    case repeatedField(String)
    case unknownField
    case missing

    // Values.
    /// A whole number outside `lowest...highest`.
    case outOfRange(lowest: Int, highest: Int)
    /// A version number below 1.
    case versionBelowOne
    case zeroAmount
    case empty
    case text(UserText.Problem)
    case noWeekdays
    case unknownWeekday(String)
    /// A schedule kind that is not `weekdays`, `N/week`, `N/month` or `every N from DAY`.
    case invalidScheduleKind
    /// A pack quest's `days` or `every`, refused as `add` refuses it.
    indirect case invalidSchedule(QuestsError)
    /// A pack quest giving more than one of `weekdays`, `days` and `every`.
    case scheduleGivenTwice

    // A sync file.
    case notASyncFile
    case newerSyncFile
    case notASyncStamp
    case repeatedWeekday(Weekday)
    case unknownLedgerKind(String)
    case unknownAchievement(String)
    /// A focus task's or main quest's state that is none of its kind's.
    case unknownFocusState(String)
    /// A focus task's priority that is not high, medium or low.
    case unknownFocusPriority(String)
    /// A pack quest's time that is not HH:MM.
    case invalidTime(String)
    /// A pack quest's reward outside 0...`Schedule.maximumReward`.
    case rewardOutOfRange
    case invalidPackID
    case emptyPack
    /// A pack quest whose title is another's, ignoring case.
    case repeatedPackQuest(String, as: String)

    // A backup's consistency.
    /// The same key as an earlier record of the list named `earlier` (`quests`, `ledger`...).
    case duplicate(JSONDuplicate, earlier: String)
    /// A setting's value, refused as `Settings` refuses it.
    indirect case invalidSetting(QuestsError)
    case noScheduleEntries
    case firstScheduleEntryNotOn(createdDay: LocalDay)
    /// A UUID that names no record of this kind in the document.
    case unknownRecord(RecordKind)
    case notAchievementUUID(achievement: String)
    case referenceMissing(LedgerKind)
    case rewardWithoutCompletion
    case undoesNothing
    case wrongReward(amount: Int, expected: Int)
    case wrongUndo(amount: Int, expected: Int)
    case wrongPurchaseAmount(LedgerKind, amount: Int, expected: Int)
    case paidAgain(completion: String)
    case debited(price: Int, times: Int)
    case refundedAgain
    case belowZero(balance: Int)
    /// A day on a ledger entry that is not a freeze (only a freeze has one).
    case dayOnlyForFreeze
    /// A vacation whose last day comes before its first, or a focus task's time window ending before it starts.
    case endsBeforeStart
    /// A main quest's UUID that is not the one its day gives (`NameUUID.focusGoal`).
    case notFocusGoalUUID(day: LocalDay)
    /// A focus task or main quest paid `paid` net, not what it is due.
    case focusPaidWrong(paid: Int, expected: Int)
    /// The import would leave a day holding more focus tasks than the limit, and more than either side held.
    case overFocusLimit(day: LocalDay, holds: Int, limit: Int)

    // Importing into a store.
    case storeLedgerInconsistent
    /// The store has a different record of this kind with the document's UUID.
    case differentRecordWithSameUUID(RecordKind)
}

/// What the reader wanted where it found something else.
public enum JSONExpectation: Equatable, Sendable {
    case object, array, text, fieldName, wholeNumber, number, boolean, uuid, day, utcTime, timeOrNull
    case colon(after: String)
    case commaOrBrace
    case commaOrBraceAfter(String)
    case commaOrBracket
}

/// What two records of a backup list share.
public enum JSONDuplicate: Equatable, Sendable {
    case uuid, number, day, questDay, achievement, listedDay
}
