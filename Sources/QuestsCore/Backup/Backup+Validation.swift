import Foundation

extension Backup {
    /// Checks that the document is consistent on its own: settings of the right form, no UUID or number
    /// used twice, every reference pointing at a record in the document, one completion per quest and
    /// day, and a ledger that keeps `LedgerAudit`'s rules (the same ones `quests doctor` applies).
    public func validate() throws(BackupError) {
        func fail(_ path: String, _ message: String) -> BackupError {
            .invalid(JSONError(path: path, message: message))
        }
        func checkUnique<Key: Hashable>(_ keys: [Key], _ path: (Int) -> String, _ what: String) throws(BackupError) {
            var first: [Key: Int] = [:]
            first.reserveCapacity(keys.count)
            for (index, key) in keys.enumerated() {
                if let earlier = first.updateValue(index, forKey: key) {
                    throw fail(path(index), "\(what) as \(path(earlier).split(separator: ".").first ?? "")")
                }
            }
        }

        var probe = Settings()
        for (key, value) in settings {
            do {
                try probe.set(key, to: value)
            } catch {
                guard case .invalidSetting(_, _, let expected) = error else { throw fail("settings.\(key.rawValue)", "invalid value") }
                throw fail("settings.\(key.rawValue)", "invalid value \(UserText.quoted(value)) for \(key.rawValue): expected \(expected)")
            }
        }

        try checkUnique(quests.map(\.id), { "quests[\($0)].uuid" }, "the same UUID is used")
        try checkUnique(quests.map(\.number), { "quests[\($0)].number" }, "the same number is used")
        for (index, quest) in quests.enumerated() {
            guard let first = quest.versions.first else { throw fail("quests[\(index)].schedule", "needs at least one entry") }
            guard first.effectiveFrom == quest.createdDay else {
                throw fail("quests[\(index)].schedule", "the first entry must start on the quest's createdDay \(quest.createdDay)")
            }
            try checkUnique(quest.versions.map(\.effectiveFrom), { "quests[\(index)].schedule[\($0)].from" }, "the same day is used")
        }
        try checkUnique(rewards.map(\.id), { "rewards[\($0)].uuid" }, "the same UUID is used")
        try checkUnique(rewards.map(\.number), { "rewards[\($0)].number" }, "the same number is used")

        try checkUnique(completions.map(\.id), { "completions[\($0)].uuid" }, "the same UUID is used")
        try checkUnique(completions.map { QuestDay(quest: $0.quest, day: $0.day.dayNumber) }, { "completions[\($0)]" },
                        "the quest is completed twice that day")

        try checkUnique(ledger.map(\.id), { "ledger[\($0)].uuid" }, "the same UUID is used")

        let rewardIDs = Set(rewards.map(\.id))
        try checkUnique(redemptions.map(\.id), { "redemptions[\($0)].uuid" }, "the same UUID is used")
        for (index, redemption) in redemptions.enumerated() where !rewardIDs.contains(redemption.reward) {
            throw fail("redemptions[\(index)].reward", "no reward in the backup has this UUID")
        }
        for (index, record) in achievements.enumerated() where record.uuid != record.achievement.uuid {
            throw fail("achievements[\(index)].uuid", "is not the UUID of achievement \"\(record.achievement.id)\"")
        }
        try checkUnique(achievements.map(\.achievement.id), { "achievements[\($0)].id" }, "the same achievement is listed")
        try checkUnique(celebrations, { "celebrations[\($0)]" }, "the same day is listed")

        if let problem = ledgerProblems().first {
            let completionIndex = Dictionary(completions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let entryIndex = Dictionary(ledger.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let purchaseIndex = Dictionary(redemptions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            throw Self.refusal(problem) { record in
                switch record {
                case .completion(let id): "completions[\(completionIndex[id] ?? 0)]"
                case .entry(let id): "ledger[\(entryIndex[id] ?? 0)]"
                case .purchase(let id): "redemptions[\(purchaseIndex[id] ?? 0)]"
                }
            }
        }
    }

    /// The document's ledger problems (see `LedgerAudit`), in order.
    func ledgerProblems() -> [LedgerProblem<UUID>] {
        LedgerAudit.problems(
            schedules: Dictionary(quests.map { ($0.id, $0.versions) }, uniquingKeysWith: { first, _ in first }),
            completions: completions.lazy.map { LedgerAudit.Completion(id: $0.id, quest: $0.quest, day: $0.day) },
            ledger: ledger.lazy.map { LedgerAudit.Entry(id: $0.id, amount: $0.amount, kind: $0.kind, reference: $0.reference) },
            purchases: redemptions.lazy.map { LedgerAudit.Purchase(id: $0.id, price: $0.price) })
    }

    /// The refusal for a ledger problem, with `path` naming the document record it is about.
    public static func refusal<ID>(_ problem: LedgerProblem<ID>, path: (LedgerProblem<ID>.Record) -> String) -> BackupError {
        let record = path(problem.record)
        func fail(_ field: String, _ message: String) -> BackupError {
            .invalid(JSONError(path: record + field, message: message))
        }
        switch problem {
        case .unknownQuest:
            return fail(".quest", "no quest in the backup has this UUID")
        case .missingReference(_, let kind):
            return fail(".reference", "a \(kind.rawValue) entry must name the record it belongs to")
        case .unknownReference(_, .questReward, _):
            return fail(".reference", "no completion in the backup has this UUID, and no undo takes the reward back")
        case .unknownReference(_, .undo, _):
            return fail(".reference", "undoes nothing: no quest reward paid for this UUID is left to take back")
        case .unknownReference:
            return fail(".reference", "no purchase in the backup has this UUID")
        case .wrongAmount(_, .questReward, let amount, let expected):
            return fail(".amount", "pays \(amount) DD, but the quest's reward that day was \(expected) DD")
        case .wrongAmount(_, .undo, let amount, let expected):
            return fail(".amount", "takes back \(-amount) DD, but the reward it undoes paid \(-expected) DD")
        case .wrongAmount(_, let kind, let amount, let expected):
            return fail(".amount", "a \(kind.rawValue) of this purchase must be \(expected) DD, not \(amount) DD")
        case .paidAgain(_, let completion, _):
            return fail(".reference", "pays completion \(completion) a second time")
        case .debited(_, let price, let times):
            return fail("", times == 0 ? "this purchase of \(price) DD is never debited in the ledger"
                                       : "this purchase of \(price) DD is debited \(times) times in the ledger")
        case .refundedAgain:
            return fail(".reference", "refunds a purchase that was already refunded")
        case .overdrawn(_, let balance):
            return fail("", "takes the balance below zero (\(balance) DD)")
        }
    }

    private struct QuestDay: Hashable {
        let quest: UUID
        let day: Int
    }
}
