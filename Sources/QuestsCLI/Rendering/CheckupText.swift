import QuestsCore
import QuestsStore

// The wording of `quests doctor`: the store reports typed findings, one exhaustive `switch` per type here
// words them, so a new finding does not compile until it has words.

extension StoreCheckup.Kind {
    /// The check's name, as doctor lists it.
    var name: String {
        switch self {
        case .integrity: Message.checkupIntegrity
        case .schema: Message.checkupSchema
        case .foreignKeys: Message.checkupForeignKeys
        case .ledger: Message.checkupLedger
        case .payments: Message.checkupPayments
        case .orphans: Message.checkupOrphans
        case .dayCounts: Message.checkupDayCounts
        case .replica: Message.checkupSync
        }
    }
}

extension StoreCheckup.Summary {
    /// What a passed check found, e.g. "142 entries, balance 380 DD = sum of entries".
    var wording: String {
        switch self {
        case .none: ""
        case .integrityOK: Message.checkupIntegrityOk
        case .schema(let version, nil): Message.checkupSchemaVersion(version: String(version))
        case .schema(let version, let upgradesTo?):
            Message.checkupSchemaUpgrades(version: String(version), upgradesTo: String(upgradesTo))
        case .referencesResolve: Message.checkupReferencesResolve
        case .ledger(let entries, let balance): Message.checkupLedgerSum(count: entries, balance: Format.dd(balance))
        case .paymentsRight: Message.checkupPaymentsRight
        case .noOrphans: Message.checkupNoOrphans
        case .dayCounts(let days): Message.checkupDayCountsRight(count: days)
        case .replicaOwn(let replica): Message.checkupReplicaOwn(replica: replica)
        }
    }
}

extension StoreCheckup.Finding {
    /// The problem as one line.
    var wording: String {
        switch self {
        case .notAQuestsStore: Message.checkupNotAStore
        case .unreadable(let message): Message.checkupUnreadable(message: message)
        case .integrity(let line): line
        case .newerSchema(let version, let supported):
            Message.checkupNewerSchema(version: String(version), supported: String(supported))
        case .danglingReference(let table, let row, let parent):
            Message.checkupDanglingReference(table: table, row: String(row), parent: parent)
        case .unreadableLedger: Message.checkupUnreadableLedger
        case .balanceMismatch(let balance, let sum):
            Message.checkupBalanceMismatch(balance: Format.dd(balance), sum: Format.dd(sum))
        case .runningBalance(let entry, let recorded, let expected):
            Message.checkupRunningBalance(
                entry: String(entry), recorded: Format.dd(recorded), expected: Format.dd(expected))
        case .ledger(let problem): Self.wording(problem)
        case .questWithoutSchedule(let number, let title):
            Message.checkupQuestWithoutSchedule(number: String(number), title: title)
        case .unknownAchievement(let key): Message.checkupUnknownAchievement(key: key)
        case .completedCount(let day, let stored, let expected):
            Message.checkupCompletedCount(day: Self.day(day), count: stored, expected: expected)
        case .unscheduledCount(let day, let stored, let expected):
            Message.checkupUnscheduledCount(day: Self.day(day), count: stored, expected: expected)
        case .skippedCount(let day, let stored, let expected):
            Message.checkupSkippedCount(day: Self.day(day), count: stored, expected: expected)
        case .sharedReplica(let replica, let files): Message.checkupSharedReplica(replica: replica, count: files)
        }
    }

    /// A stored day as the language writes it, or as stored when it is no day.
    private static func day(_ text: String) -> String { LocalDay(text).map(Format.date) ?? text }

    private static func wording(_ problem: LedgerProblem<String>) -> String {
        switch problem {
        case .wrongAmount(let entry, let kind, let amount, let expected):
            Message.checkupWrongAmount(
                entry: entry, kind: kind.rawValue, amount: Format.dd(amount), expected: Format.dd(expected))
        case .paidAgain(_, let completion, let times): Message.checkupPaidAgain(completion: completion, count: times)
        case .debited(let purchase, let price, let times):
            Message.checkupDebited(purchase: purchase, price: Format.dd(price), count: times)
        case .refundedAgain(let entry, let purchase): Message.checkupRefundedAgain(purchase: purchase, entry: entry)
        case .overdrawn(let entry, let balance): Message.checkupOverdrawn(entry: entry, balance: Format.dd(balance))
        case .unknownQuest(let completion, let quest): Message.checkupUnknownQuest(completion: completion, quest: quest)
        case .missingReference(let entry, let kind): Message.checkupMissingReference(entry: entry, kind: kind.rawValue)
        case .unknownReference(let entry, .questReward, let completion):
            Message.checkupUnknownRewardReference(entry: entry, completion: completion)
        case .unknownReference(let entry, .undo, let completion):
            Message.checkupUnknownUndoReference(entry: entry, completion: completion)
        case .unknownReference(let entry, let kind, let record) where kind.paysFocus:
            kind == .focusTask
                ? Message.checkupNoFocusTask(entry: entry, kind: kind.rawValue, record: record)
                : Message.checkupNoMainQuest(entry: entry, kind: kind.rawValue, record: record)
        case .unknownReference(let entry, let kind, let purchase):
            Message.checkupUnknownPurchase(entry: entry, kind: kind.rawValue, purchase: purchase)
        case .focusPaidWrong(let record, let kind, let paid, let expected):
            kind == .focusTask
                ? Message.checkupFocusTaskPaidWrong(
                    record: record, paid: Format.dd(paid), expected: Format.dd(expected))
                : Message.checkupMainQuestPaidWrong(
                    record: record, paid: Format.dd(paid), expected: Format.dd(expected))
        }
    }
}
