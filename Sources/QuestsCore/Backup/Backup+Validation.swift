import FoundationEssentials

extension Backup {
    /// Checks that the document is consistent on its own: settings of the right form, no UUID or number
    /// used twice, every reference pointing at a record in the document, one completion per quest and
    /// day, and a ledger that keeps `LedgerAudit`'s rules (the same ones `quests doctor` applies).
    ///
    /// It is `validateRecords()` then `validateHistory()`, which a caller may run apart (the long one
    /// meanwhile on another thread): together they refuse the same document with the same error.
    public func validate() throws(BackupError) {
        try validateRecords()
        try validateHistory()
    }

    /// The checks of `validate` but the long ones (`validateHistory`): each kind's `RecordChecks`, in the
    /// registry's order. When one of a kind after the history fails, the history's own checks that
    /// `validate` runs before it (its completions' and ledger entries' UUIDs, quest-days and freeze days)
    /// run too, so that the error is the one `validate` reports.
    public func validateRecords() throws(BackupError) {
        let history = RecordKind.all.firstIndex(of: .ledger) ?? 0
        for (position, kind) in RecordKind.all.enumerated() {
            do {
                try kind.check?(self)
            } catch {
                if position > history { try checkHistoryRecords() }
                throw error
            }
        }
    }

    /// The long checks of `validate`, for a document that passed `validateRecords()`: no completion or
    /// ledger entry UUID used twice, one completion per quest and day, freeze days only on freezes, and
    /// the ledger rules (`LedgerAudit`).
    public func validateHistory() throws(BackupError) {
        try checkHistoryRecords()
        try checkLedgerRules()
    }

    private static func fail(_ path: String, _ problem: JSONProblem) -> BackupError {
        .invalid(JSONError(path: path, problem: problem))
    }

    /// That no two of `keys`, a long array `key`'s, are the same (`UniqueKey.refuseRepeats`): sorting the
    /// keys' bits (equal exactly when the keys are) tells whether any repeats, cheaper than hashing a
    /// hundred thousand UUIDs; only then are they hashed to find and name the first repeat.
    private static func checkUnique<Key: Hashable, Bits: Comparable>(
        _ keys: [Key], by bits: (Key) -> Bits, key: String, field: String?, _ duplicate: JSONDuplicate
    ) throws(BackupError) {
        let sorted = keys.map(bits).sorted()
        guard zip(sorted, sorted.dropFirst()).contains(where: { $0 == $1 }) else { return }
        try UniqueKey.refuseRepeats(keys, key: key, field: field, duplicate)
    }

    /// The completions' and ledger entries' own checks (in `validate`'s order, between the rewards' and the
    /// purchases').
    private func checkHistoryRecords() throws(BackupError) {
        try Self.checkUnique(completions.map(\.id), by: UUIDBits.init, key: "completions", field: "uuid", .uuid)
        try Self.checkUnique(
            completions.map { QuestDay(quest: $0.quest, day: $0.day.dayNumber) },
            by: { QuestDayBits(quest: UUIDBits($0.quest), day: $0.day) }, key: "completions", field: nil, .questDay)

        try Self.checkUnique(ledger.map(\.id), by: UUIDBits.init, key: "ledger", field: "uuid", .uuid)
        for (index, entry) in ledger.enumerated() where (entry.kind == .freeze) != (entry.day != nil) {
            throw Self.fail("ledger[\(index)].day", entry.kind == .freeze ? .missing : .dayOnlyForFreeze)
        }
    }

    private func checkLedgerRules() throws(BackupError) {
        if let problem = ledgerProblems().first {
            let completionIndex = Dictionary(
                completions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let entryIndex = Dictionary(
                ledger.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let purchaseIndex = Dictionary(
                redemptions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            throw Self.refusal(problem) { record in
                switch record {
                case .completion(let id): "completions[\(completionIndex[id] ?? 0)]"
                case .entry(let id): "ledger[\(entryIndex[id] ?? 0)]"
                case .purchase(let id): "redemptions[\(purchaseIndex[id] ?? 0)]"
                case .focus(let id): focusPath(id)
                }
            }
        }
    }

    /// The path of the focus task or main quest `id`.
    public func focusPath(_ id: UUID) -> String {
        if let index = focusTasks.firstIndex(where: { $0.id == id }) { return "focusTasks[\(index)]" }
        return "focusGoals[\(focusGoals.firstIndex { $0.id == id } ?? 0)]"
    }

    /// The document's ledger problems (see `LedgerAudit`), in order.
    func ledgerProblems() -> [LedgerProblem<UUID>] {
        LedgerAudit.problems(
            schedules: Dictionary(quests.map { ($0.id, $0.versions) }, uniquingKeysWith: { first, _ in first }),
            completions: completions.lazy.map { LedgerAudit.Completion(id: $0.id, quest: $0.quest, day: $0.day) },
            ledger: ledger.lazy.map {
                LedgerAudit.Entry(id: $0.id, amount: $0.amount, kind: $0.kind, reference: $0.reference)
            },
            purchases: redemptions.lazy.map { LedgerAudit.Purchase(id: $0.id, price: $0.price) },
            focus: focusRecords(),
            synced: synced)
    }

    /// The focus records the ledger rules read, with what each is due.
    func focusRecords() -> [LedgerAudit.FocusRecord<UUID>] {
        focusGoals.map {
            LedgerAudit.FocusRecord(id: $0.id, kind: .focusGoal, due: $0.state.isAchieved ? $0.reward : 0)
        }
            + focusTasks.map {
                LedgerAudit.FocusRecord(id: $0.id, kind: .focusTask, due: $0.state == .done ? $0.reward : 0)
            }
    }

    /// The refusal for a ledger problem, with `path` naming the document record it is about.
    public static func refusal<ID>(_ problem: LedgerProblem<ID>, path: (LedgerProblem<ID>.Record) -> String)
        -> BackupError
    {
        let record = path(problem.record)
        func fail(_ field: String, _ problem: JSONProblem) -> BackupError {
            .invalid(JSONError(path: record + field, problem: problem))
        }
        switch problem {
        case .unknownQuest:
            return fail(".quest", .unknownRecord(.quests))
        case .missingReference(_, let kind):
            return fail(".reference", .referenceMissing(kind))
        case .unknownReference(_, .questReward, _):
            return fail(".reference", .rewardWithoutCompletion)
        case .unknownReference(_, .undo, _):
            return fail(".reference", .undoesNothing)
        case .unknownReference(_, .focusTask, _):
            return fail(".reference", .unknownRecord(.tasks))
        case .unknownReference(_, .focusGoal, _):
            return fail(".reference", .unknownRecord(.goals))
        case .unknownReference:
            return fail(".reference", .unknownRecord(.purchases))
        case .wrongAmount(_, .questReward, let amount, let expected):
            return fail(".amount", .wrongReward(amount: amount, expected: expected))
        case .wrongAmount(_, .undo, let amount, let expected):
            return fail(".amount", .wrongUndo(amount: amount, expected: expected))
        case .wrongAmount(_, let kind, let amount, let expected):
            return fail(".amount", .wrongPurchaseAmount(kind, amount: amount, expected: expected))
        case .paidAgain(_, let completion, _):
            return fail(".reference", .paidAgain(completion: "\(completion)"))
        case .debited(_, let price, let times):
            return fail("", .debited(price: price, times: times))
        case .refundedAgain:
            return fail(".reference", .refundedAgain)
        case .overdrawn(_, let balance):
            return fail("", .belowZero(balance: balance))
        case .focusPaidWrong(_, _, let paid, let expected):
            return fail("", .focusPaidWrong(paid: paid, expected: expected))
        }
    }

    private struct QuestDay: Hashable {
        let quest: UUID
        let day: Int
    }

    /// A UUID's 128 bits, ordered as two numbers: equal exactly when the UUIDs are.
    private struct UUIDBits: Comparable {
        let high: UInt64
        let low: UInt64

        init(_ uuid: UUID) {
            (high, low) = UUIDText.bits(uuid)
        }

        static func < (lhs: UUIDBits, rhs: UUIDBits) -> Bool {
            (lhs.high, lhs.low) < (rhs.high, rhs.low)
        }
    }

    /// A quest-day's bits, ordered: equal exactly when the quest-days are.
    private struct QuestDayBits: Comparable {
        let quest: UUIDBits
        let day: Int

        static func < (lhs: QuestDayBits, rhs: QuestDayBits) -> Bool {
            (lhs.quest.high, lhs.quest.low, lhs.day) < (rhs.quest.high, rhs.quest.low, rhs.day)
        }
    }
}
