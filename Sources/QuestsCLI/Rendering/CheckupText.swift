import QuestsCore
import QuestsStore

// The wording of `quests doctor`: the store reports typed findings, one exhaustive `switch` per type here
// words them, so a new finding does not compile until it has words.

extension StoreCheckup.Kind {
    /// The check's name, as doctor lists it.
    var name: String {
        switch self {
        case .integrity: "integrity"
        case .schema: "schema"
        case .foreignKeys: "foreign keys"
        case .ledger: "ledger"
        case .payments: "payments"
        case .orphans: "orphans"
        case .dayCounts: "day counts"
        case .replica: "sync"
        }
    }
}

extension StoreCheckup.Summary {
    /// What a passed check found, e.g. "142 entries, balance 380 DD = sum of entries".
    var wording: String {
        switch self {
        case .none: ""
        case .integrityOK: "SQLite integrity check ok"
        case .schema(let version, let upgradesTo):
            "version \(version)" + (upgradesTo.map { " (upgraded to \($0) on next use)" } ?? "")
        case .referencesResolve: "every reference resolves"
        case .ledger(let entries, let balance):
            "\(entries == 1 ? "1 entry" : "\(entries) entries"), balance \(balance) DD = sum of entries"
        case .paymentsRight: "every completion paid once and right, every purchase debited once"
        case .noOrphans: "no record points at nothing"
        case .dayCounts(let days): "\(days) days with completions, counted right"
        case .replicaOwn(let replica): "machine id \(replica) used by this store alone"
        }
    }
}

extension StoreCheckup.Finding {
    /// The problem as one line.
    var wording: String {
        switch self {
        case .notAQuestsStore: "the file is a SQLite database but not a quests store"
        case .unreadable(let message): "not a readable SQLite database (\(message))"
        case .integrity(let line): line
        case .newerSchema(let version, let supported):
            "schema \(version) was written by a newer quests (this one knows up to \(supported))"
        case .danglingReference(let table, let row, let parent): "\(table) row \(row) points at a missing \(parent)"
        case .unreadableLedger: "cannot read the ledger"
        case .balanceMismatch(let balance, let sum): "the balance is \(balance) DD but the entries sum to \(sum) DD"
        case .runningBalance(let entry, let recorded, let expected):
            "entry \(entry) has running balance \(recorded) DD instead of \(expected) DD"
        case .ledger(let problem): Self.wording(problem)
        case .questWithoutSchedule(let number, let title): "quest #\(number) \(title) has no schedule"
        case .unknownAchievement(let key): "unknown achievement \(key)"
        case .completedCount(let day, let stored, let expected):
            "\(day) counts \(stored) completed quests, the completions say \(expected)"
        case .unscheduledCount(let day, let stored, let expected):
            "\(day) counts \(stored) completed quests not scheduled that day, the schedules say \(expected)"
        case .skippedCount(let day, let stored, let expected):
            "\(day) counts \(stored) skipped quests, the skips say \(expected)"
        case .sharedReplica(let replica, let files):
            "another store syncs with this store's machine id \(replica) (\(files == 1 ? "1 file" : "\(files) files") in its folder that this store did not write): "
                + "a copy of this store's file, it seems; the next 'quests sync' makes this store a new machine that reads the copy's changes"
        }
    }

    private static func wording(_ problem: LedgerProblem<String>) -> String {
        switch problem {
        case .wrongAmount(let entry, let kind, let amount, let expected):
            "ledger entry \(entry) (\(kind.rawValue)) is \(amount) DD instead of \(expected) DD"
        case .paidAgain(_, let completion, let times):
            "completion \(completion) was paid \(times) times"
        case .debited(let purchase, let price, let times):
            "purchase \(purchase) for \(price) DD was debited \(times) times"
        case .refundedAgain(let entry, let purchase):
            "purchase \(purchase) was refunded again by ledger entry \(entry)"
        case .overdrawn(let entry, let balance):
            "ledger entry \(entry) takes the balance to \(balance) DD"
        case .unknownQuest(let completion, let quest):
            "completion \(completion) is of quest #\(quest), which does not exist"
        case .missingReference(let entry, let kind):
            "ledger entry \(entry) (\(kind.rawValue)) refers to nothing"
        case .unknownReference(let entry, .questReward, let completion):
            "ledger entry \(entry) (quest-reward) pays completion \(completion), which does not exist and was not undone"
        case .unknownReference(let entry, .undo, let completion):
            "ledger entry \(entry) (undo) takes back a reward for \(completion) that was not paid"
        case .unknownReference(let entry, let kind, let record) where kind.paysFocus:
            "ledger entry \(entry) (\(kind.rawValue)) pays \(record), which is no \(kind == .focusTask ? "focus task" : "main quest")"
        case .unknownReference(let entry, let kind, let purchase):
            "ledger entry \(entry) (\(kind.rawValue)) refers to purchase \(purchase), which does not exist"
        case .focusPaidWrong(let record, let kind, let paid, let expected):
            "\(kind == .focusTask ? "focus task" : "main quest") \(record) was paid \(paid) DD net, but is due \(expected) DD"
        }
    }
}
