/// The ledger's consistency rules, in one place: a backup is refused, and `quests doctor` reports a store,
/// when these find a problem, so whatever a restore or import accepts, doctor finds healthy.
///
/// Records are identified by `ID`: UUIDs for a backup, the stored text for a store (which may be damaged).
public enum LedgerAudit {
    /// A completion, as much of it as the rules read: the quest it completes, and the day.
    public struct Completion<ID: Hashable & Sendable>: Sendable {
        public let id: ID
        public let quest: ID
        public let day: LocalDay

        public init(id: ID, quest: ID, day: LocalDay) {
            self.id = id
            self.quest = quest
            self.day = day
        }
    }

    /// A ledger entry, as much of it as the rules read.
    public struct Entry<ID: Hashable & Sendable>: Sendable {
        public let id: ID
        public let amount: Int
        public let kind: LedgerKind
        public let reference: ID?

        public init(id: ID, amount: Int, kind: LedgerKind, reference: ID?) {
            self.id = id
            self.amount = amount
            self.kind = kind
            self.reference = reference
        }
    }

    /// A purchase and the price it cost.
    public struct Purchase<ID: Hashable & Sendable>: Sendable {
        public let id: ID
        public let price: Int

        public init(id: ID, price: Int) {
            self.id = id
            self.price = price
        }
    }

    /// A day's focus record (a task, or a main quest) and what it must have been paid net: its reward
    /// while done or achieved, else nothing.
    public struct FocusRecord<ID: Hashable & Sendable>: Sendable {
        public let id: ID
        /// `.focusTask` or `.focusGoal`: the kind of entry that pays it.
        public let kind: LedgerKind
        public let due: Int

        public init(id: ID, kind: LedgerKind, due: Int) {
            self.id = id
            self.kind = kind
            self.due = due
        }
    }

    /// Whether a history may hold a negative balance: only one that has synced (docs/backup.md). A sync
    /// never refuses, so purchases made offline on two machines can leave a debt; no other way can. The one
    /// rule backup validation, restore, import and `quests doctor` ask.
    public static func allowsDebt(synced: Bool) -> Bool { synced }

    /// Every problem with a history, in a stable order: completions, then ledger entries in ledger order,
    /// then purchases. `schedules` are each quest's schedule versions; `ledger` is in the order written.
    ///
    /// - A completion's quest exists.
    /// - A quest reward refers to a completion that exists, or to one it was undone for (a later undo);
    ///   it pays the reward in force for that quest and day (see `RewardHistory`), and a completion has at
    ///   most one net payment, so a quest-day is paid at most once.
    /// - An undo refers to a paid quest reward and debits exactly what it credited.
    /// - A purchase debit refers to a purchase and is minus its price; each purchase has exactly one.
    /// - A refund refers to a purchase and is plus its price; each purchase has at most one.
    /// - A freeze is its own purchase: it takes DD out and needs no reference; a refund may refer to it.
    /// - A focus task's or main quest's payment (`focus-task`, `focus-goal`) refers to a record of that
    ///   kind, pays a positive amount and at most once net; an undo may take it back. What each record was
    ///   paid net is what it is due: its reward while done or achieved, else 0.
    /// - Bonuses and adjustments need no reference; the running balance never goes below zero, unless the
    ///   history has `synced` (`allowsDebt`).
    public static func problems<ID>(
        schedules: [ID: [ScheduleVersion]], completions: some Sequence<Completion<ID>>,
        ledger: some Sequence<Entry<ID>>, purchases: some Collection<Purchase<ID>>,
        focus: [FocusRecord<ID>] = [],
        synced: Bool = false
    ) -> [LedgerProblem<ID>] {
        let debtAllowed = allowsDebt(synced: synced)
        var problems: [LedgerProblem<ID>] = []
        let rewards = schedules.mapValues(RewardHistory.init)
        // One record per completion, or per reference a reward names (the completion may be gone).
        var paid: [ID: Paid<ID>] = [:]
        paid.reserveCapacity(completions.underestimatedCount)
        for completion in completions {
            if rewards[completion.quest] == nil {
                problems.append(.unknownQuest(completion: completion.id, quest: completion.quest))
            }
            paid[completion.id] = Paid(quest: completion.quest, day: completion.day)
        }
        var prices: [ID: Int] = [:]
        for purchase in purchases { prices[purchase.id] = purchase.price }
        let ledger = Array(ledger)
        for entry in ledger where entry.kind == .freeze { prices[entry.id] = -entry.amount }

        var focusRecords: [ID: FocusRecord<ID>] = [:]
        for record in focus { focusRecords[record.id] = record }
        /// What each focus record was paid net so far.
        var focusPaid: [ID: Int] = [:]

        var uncompleted: [(entry: ID, completion: ID)] = []
        var debits: [ID: Int] = [:]
        var refunded: Set<ID> = []
        var balance = 0
        for entry in ledger {
            let before = balance
            balance += entry.amount
            if balance < 0, before >= 0, !debtAllowed { problems.append(.overdrawn(entry: entry.id, balance: balance)) }
            if entry.kind == .freeze, entry.amount > 0 {
                problems.append(
                    .wrongAmount(entry: entry.id, kind: .freeze, amount: entry.amount, expected: -entry.amount))
            }
            if entry.kind == .bonus || entry.kind == .adjustment || entry.kind == .freeze { continue }
            guard let reference = entry.reference else {
                problems.append(.missingReference(entry: entry.id, kind: entry.kind))
                continue
            }
            switch entry.kind {
            case .questReward:
                let payment = paid[reference, default: Paid()].credit(entry.amount)
                if let quest = payment.quest {
                    if let history = rewards[quest], !history.accepts(entry.amount, on: payment.day) {
                        problems.append(
                            .wrongAmount(
                                entry: entry.id, kind: .questReward, amount: entry.amount,
                                expected: history.reward(on: payment.day)))
                    }
                } else {
                    uncompleted.append((entry.id, reference))
                }
                if payment.net > 1 {
                    problems.append(.paidAgain(entry: entry.id, completion: reference, times: payment.net))
                }
            case .focusTask, .focusGoal:
                guard let record = focusRecords[reference], record.kind == entry.kind else {
                    problems.append(.unknownReference(entry: entry.id, kind: entry.kind, reference: reference))
                    continue
                }
                if entry.amount <= 0 {
                    problems.append(
                        .wrongAmount(entry: entry.id, kind: entry.kind, amount: entry.amount, expected: record.due))
                }
                let payment = paid[reference, default: Paid()].credit(entry.amount)
                focusPaid[reference, default: 0] += entry.amount
                if payment.net > 1 {
                    problems.append(.paidAgain(entry: entry.id, completion: reference, times: payment.net))
                }
            case .undo:
                guard let payment = paid[reference], payment.net > 0 else {
                    problems.append(.unknownReference(entry: entry.id, kind: .undo, reference: reference))
                    continue
                }
                if entry.amount != -payment.credited {
                    problems.append(
                        .wrongAmount(entry: entry.id, kind: .undo, amount: entry.amount, expected: -payment.credited))
                }
                paid[reference]?.net -= 1
                if focusRecords[reference] != nil { focusPaid[reference, default: 0] += entry.amount }
            case .redemption, .refund:
                guard let price = prices[reference] else {
                    problems.append(.unknownReference(entry: entry.id, kind: entry.kind, reference: reference))
                    continue
                }
                let expected = entry.kind == .refund ? price : -price
                if entry.amount != expected {
                    problems.append(
                        .wrongAmount(entry: entry.id, kind: entry.kind, amount: entry.amount, expected: expected))
                }
                if entry.kind == .redemption {
                    debits[reference, default: 0] += 1
                } else if !refunded.insert(reference).inserted {
                    problems.append(.refundedAgain(entry: entry.id, purchase: reference))
                }
            case .bonus, .adjustment, .freeze:
                break
            }
        }
        // A reward for a completion that is not there is fine only when it was undone afterwards.
        var reported: Set<ID> = []
        for (entry, completion) in uncompleted where paid[completion, default: Paid()].net > 0 {
            if reported.insert(completion).inserted {
                problems.append(.unknownReference(entry: entry, kind: .questReward, reference: completion))
            }
        }
        for purchase in purchases where debits[purchase.id, default: 0] != 1 {
            problems.append(
                .debited(purchase: purchase.id, price: purchase.price, times: debits[purchase.id, default: 0]))
        }
        for record in focus where focusPaid[record.id, default: 0] != record.due {
            problems.append(
                .focusPaidWrong(
                    record: record.id, kind: record.kind, paid: focusPaid[record.id, default: 0], expected: record.due))
        }
        return problems
    }

    /// A completion (`quest` nil when none has the UUID a reward names) and what the entries so far did
    /// for it: net payments, and the last amount credited.
    struct Paid<ID> {
        var quest: ID?
        var day = LocalDay(dayNumber: 0)
        var net = 0
        var credited = 0

        /// Books a payment of `amount`; returns the record after it.
        mutating func credit(_ amount: Int) -> Paid {
            net += 1
            credited = amount
            return self
        }
    }

    /// The rewards a quest paid over time, from its schedule versions.
    ///
    /// A completion pays the reward in force on its day. Two things make an older reward right too: an
    /// edit made later the same day replaces that day's schedule (so on a day a version starts, the
    /// reward paid before the edit is no longer recorded and any reward is accepted), and a merged
    /// backup may add a schedule change the paying machine had not seen (so a reward in force on an
    /// earlier day is accepted).
    struct RewardHistory {
        let versions: [ScheduleVersion]
        let changeDays: Set<LocalDay>
        /// Each reward the quest has had, with the first day it was in force.
        let firstDay: [Int: LocalDay]

        init(_ versions: [ScheduleVersion]) {
            self.versions = Quest.inOrder(versions)
            changeDays = Set(versions.map(\.effectiveFrom))
            var firstDay: [Int: LocalDay] = [:]
            for version in self.versions where firstDay[version.schedule.reward] == nil {
                firstDay[version.schedule.reward] = version.effectiveFrom
            }
            self.firstDay = firstDay
        }

        func accepts(_ amount: Int, on day: LocalDay) -> Bool {
            guard amount > 0 else { return false }
            if changeDays.contains(day) { return amount <= Schedule.maximumReward }
            guard let first = firstDay[amount] else { return false }
            return first <= day
        }

        /// The reward in force on `day` (the first one before the quest existed).
        func reward(on day: LocalDay) -> Int {
            (versions.last { $0.effectiveFrom <= day } ?? versions.first)?.schedule.reward ?? 0
        }
    }
}

/// Something wrong with a history's ledger, found by `LedgerAudit`, naming the records involved.
public enum LedgerProblem<ID: Hashable & Sendable>: Hashable, Sendable {
    /// A completion of a quest that is not there.
    case unknownQuest(completion: ID, quest: ID)
    /// An entry of a kind that needs a reference has none.
    case missingReference(entry: ID, kind: LedgerKind)
    /// An entry refers to nothing it can: a quest reward to no completion (and was not undone), an undo
    /// to no paid reward, a purchase debit or refund to no purchase.
    case unknownReference(entry: ID, kind: LedgerKind, reference: ID)
    /// An entry's amount is not what its record says it must be.
    case wrongAmount(entry: ID, kind: LedgerKind, amount: Int, expected: Int)
    /// A completion paid again while still paid: `times` net payments.
    case paidAgain(entry: ID, completion: ID, times: Int)
    /// A purchase debited `times` times instead of once.
    case debited(purchase: ID, price: Int, times: Int)
    /// A purchase refunded a second time.
    case refundedAgain(entry: ID, purchase: ID)
    /// The entry takes the running balance below zero.
    case overdrawn(entry: ID, balance: Int)
    /// A focus task or main quest was paid `paid` net, not what it is due (its reward while done or
    /// achieved, else 0).
    case focusPaidWrong(record: ID, kind: LedgerKind, paid: Int, expected: Int)

    /// The record a problem is about.
    public enum Record: Hashable, Sendable {
        case completion(ID)
        case entry(ID)
        case purchase(ID)
        /// A focus task or a day's main quest.
        case focus(ID)
    }

    /// The record this problem is about.
    public var record: Record {
        switch self {
        case .unknownQuest(let completion, _): .completion(completion)
        case .missingReference(let entry, _), .unknownReference(let entry, _, _), .wrongAmount(let entry, _, _, _),
            .paidAgain(let entry, _, _), .refundedAgain(let entry, _), .overdrawn(let entry, _):
            .entry(entry)
        case .debited(let purchase, _, _): .purchase(purchase)
        case .focusPaidWrong(let record, _, _, _): .focus(record)
        }
    }
}
