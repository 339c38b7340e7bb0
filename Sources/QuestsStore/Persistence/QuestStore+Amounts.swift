import FoundationEssentials
import QuestsCore

extension Database {
    /// Adds an amount entry (its quest by UUID, which the store keeps as the quest's number).
    func insert(_ entry: AmountEntry) throws {
        try insert(entry, as: AmountEntry.declaration)
    }

    /// The amount entry `id`, if this store has it.
    func amountEntry(_ id: UUID) throws -> AmountEntry? {
        try records(AmountEntry.declaration, where: "uuid = ?", [.uuid(id)]).first
    }

    /// The entries of quest `number` for `day`, undone ones included, in the order they were recorded (those
    /// recorded at the same moment in the order this store took them in).
    func amountEntries(ofQuest number: Int, on day: LocalDay) throws -> [AmountEntry] {
        try records(
            AmountEntry.declaration, where: "quest = ? AND day = ? ORDER BY recorded_at, id",
            [.integer(Int64(number)), .day(day)])
    }

    /// The day's total of every quest that has entries for `day`, by number (`AmountEntry.total`).
    func amountTotals(on day: LocalDay) throws -> [Int: Amount] {
        var totals: [Int: Amount] = [:]
        try cached("SELECT quest, sum(amount) FROM amount_entry WHERE day = ? AND undone = 0 GROUP BY quest")
            .forEachRow([.day(day)]) { row in totals[row.int(0)] = Amount(thousandths: row.int(1)) ?? .maximum }
        return totals
    }

    /// The day's total of quest `number` for `day`.
    func amountTotal(ofQuest number: Int, on day: LocalDay) throws -> Amount {
        try amountTotals(on: day)[number] ?? .zero
    }

    /// Quest `number`'s day totals from `from` through `through`, by day (a day holding only undone entries
    /// has none).
    func amountTotals(ofQuest number: Int, from: LocalDay, through: LocalDay) throws -> [LocalDay: Amount] {
        var totals: [LocalDay: Amount] = [:]
        try cached(
            "SELECT day, sum(amount) FROM amount_entry WHERE quest = ? AND day BETWEEN ? AND ? AND undone = 0 GROUP BY day"
        ).forEachRow([.integer(Int64(number)), .day(from), .day(through)]) { row in
            if let day = row.day(0) { totals[day] = Amount(thousandths: row.int(1)) ?? .maximum }
        }
        return totals
    }

    /// Marks the entry `id` undone (it stays, so that the undo reaches every machine).
    func markUndone(_ id: UUID) throws {
        try cached("UPDATE amount_entry SET undone = 1 WHERE uuid = ? AND undone = 0").run([.uuid(id)])
    }

    /// Makes quest `quest`'s completion of `day` and its pay follow the day's total, when the schedule in
    /// force that day measures amounts (SPEC 18): a counted quest is completed and paid while the total
    /// reaches its target; a limit quest, once the day is over (`day < today`), while the total stayed
    /// within its limit on a day it was due and not set aside. The completion's UUID and the pay's reference
    /// derive from quest and day, so every machine settles the same record. Returns the Daily Dollars this
    /// paid (negative: taken back); a day that measures nothing is left alone.
    ///
    /// The completion's moment is the latest live entry's (noon UTC of the day when there is none), the
    /// same on every machine. With `refusingDebt`, taking back a reward the balance no longer holds is
    /// refused (`undoWouldOverdraw`), as an undo is; a sync may leave a debt. Without `paying` (another
    /// tracker's history, imported without `--pay`), the completion follows all the same, but the day is
    /// paid no more than it was: a reward may be taken back, none is paid. `quests` are every quest, for
    /// counting the day again.
    @discardableResult func settleMeasuredDay(
        _ quest: Quest, on day: LocalDay, today: LocalDay, at moment: Date, quests: [Quest],
        refusingDebt: Bool = false, paying: Bool = true
    ) throws -> Int {
        guard let schedule = quest.schedule(on: day), let measure = schedule.measure else { return 0 }
        let entries = try amountEntries(ofQuest: quest.number, on: day).filter { !$0.undone }
        let total = AmountEntry.total(of: entries) ?? .maximum
        let kept: Bool
        switch measure.kind {
        case .target: kept = measure.isReached(by: total)
        case .atMost:
            let setAside = try isSetAside(quest.number, on: day)
            kept = day < today && !measure.isOver(total) && quest.isScheduled(on: day) && !setAside
        }
        let id = NameUUID.completion(quest: quest.id, day: day)
        let due = kept ? (paying ? schedule.reward : min(schedule.reward, try netAmount(referringTo: id))) : 0
        if refusingDebt, !(try allowsDebt()) {
            let paid = try netAmount(referringTo: id)
            if due < paid { _ = try CompletionRules.undoDebit(of: quest, credited: paid - due, balance: try balance()) }
        }
        let existing = try completion(ofQuest: quest.number, on: day)
        let at =
            entries.map(\.recordedAt).max() ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 43_200)
        if kept, let existing, existing.completedAt != at {
            try cached("UPDATE completion SET completed_at = ? WHERE uuid = ?").run([
                .timestamp(at), .uuid(existing.id),
            ])
        } else if kept, existing == nil {
            _ = try insert(Completion(id: id, quest: quest.id, day: day, completedAt: at), quests: quests)
            try deleteSkip(ofQuest: quest.number, on: day, quests: quests)
        } else if !kept, let existing {
            try delete(existing, quests: quests)
        }
        return try settleFocus(
            id, kind: .questReward, to: due, memo: LedgerMemo.about(quest.title, on: day), at: moment)
    }

    /// Settles every day of every limit quest that ended since it was last settled (`settleMeasuredDay`),
    /// through the day before `today`: the first command that sees a day over pays it, but for the quests
    /// `unpaid` (just imported from another tracker without `--pay`), whose days are settled without
    /// paying. Each quest remembers the last day settled on this machine (never synced: settling is the
    /// same on every machine).
    func settleEndedLimitDays(today: LocalDay, quests: [Quest], at moment: Date, unpaid: Set<UUID> = []) throws {
        let yesterday = today.adding(days: -1)
        for quest in quests {
            guard let first = quest.versions.first(where: { $0.schedule.measure?.kind == .atMost })?.effectiveFrom
            else { continue }
            let key = "limit-settled/" + quest.id.uuidString
            let settled = try state(key).flatMap { LocalDay($0) }
            var day = max(first, quest.createdDay, settled.map { $0.adding(days: 1) } ?? first)
            guard day <= yesterday else { continue }
            while day <= yesterday {
                try settleMeasuredDay(
                    quest, on: day, today: today, at: moment, quests: quests, paying: !unpaid.contains(quest.id))
                day = day.adding(days: 1)
            }
            try setState(key, yesterday.description)
        }
        try setState(Self.limitsSettledKey, today.description)
    }

    /// The machine's own note of the day it last settled every limit quest's ended days (`settleEndedDays`).
    static let limitsSettledKey = "limits-settled"

    /// Whether any quest has a limit, from any day on: only then may a day's end pay something.
    func hasLimitQuests() throws -> Bool {
        try cached("SELECT 1 FROM quest_version WHERE at_most IS NOT NULL LIMIT 1").firstRow { $0.int(0) } != nil
    }

    /// Whether the schedule in force on `day` of the quest with UUID text `uuid` measures amounts: its
    /// completion then is this store's own, derived from the amounts, and is not synced.
    func isMeasured(quest uuid: String, on day: LocalDay) throws -> Bool {
        try cached(
            """
            SELECT v.target IS NOT NULL OR v.at_most IS NOT NULL FROM quest_version v JOIN quest q ON q.number = v.quest
            WHERE q.uuid = ? AND v.effective_from <= ? ORDER BY v.effective_from DESC LIMIT 1
            """
        ).firstRow([.text(uuid), .day(day)]) { $0.int(0) } == 1
    }

    /// After a sync or an import: settles the days of the amount entries `amounts` (their UUID texts)
    /// touched, and every day holding amounts or a completion from the day on of the schedule versions
    /// `versions` (their sync keys, `<quest uuid>/<day>`), then the limit quests' ended days (a quest that
    /// arrived brings its own).
    func settleMeasuredDays(amounts: [String], versions: [String], now: Now) throws {
        let today = try position(at: now).day
        let quests = try quests()
        var byNumber: [Int: Quest] = [:]
        var byID: [UUID: Quest] = [:]
        for quest in quests {
            byNumber[quest.number] = quest
            byID[quest.id] = quest
        }
        var days: Set<QuestDay> = []
        for key in amounts {
            guard let id = UUID(syncKey: key), let entry = try amountEntry(id), let quest = byID[entry.quest] else {
                continue
            }
            days.insert(QuestDay(quest: quest.number, day: entry.day))
        }
        for key in versions {
            guard let slash = key.lastIndex(of: "/"), let id = UUID(syncKey: String(key[..<slash])),
                let from = LocalDay(String(key[key.index(after: slash)...])), let quest = byID[id]
            else { continue }
            let held = try cached(
                """
                SELECT day FROM amount_entry WHERE quest = ?1 AND day >= ?2
                UNION SELECT day FROM completion WHERE quest = ?1 AND day >= ?2
                """
            ).rows([.integer(Int64(quest.number)), .day(from)]) { $0.day(0) }
            for day in held.compactMap({ $0 }) { days.insert(QuestDay(quest: quest.number, day: day)) }
        }
        for pair in days.sorted(by: { ($0.day, $0.quest) < ($1.day, $1.quest) }) {
            guard let quest = byNumber[pair.quest] else { continue }
            try settleMeasuredDay(quest, on: pair.day, today: today, at: now.instant, quests: quests)
        }
        try settleEndedLimitDays(today: today, quests: quests, at: now.instant)
    }

    /// Whether quest `number`'s `day` was set aside: skipped, or a day of a vacation.
    private func isSetAside(_ number: Int, on day: LocalDay) throws -> Bool {
        try cached(
            """
            SELECT EXISTS (SELECT 1 FROM skip WHERE quest = ?1 AND day = ?2)
                OR EXISTS (SELECT 1 FROM vacation WHERE first_day <= ?2 AND last_day >= ?2)
            """
        ).firstRow([.integer(Int64(number)), .day(day)]) { $0.int(0) } == 1
    }

    /// How many rows `table` holds.
    func rowCount(of table: String) throws -> Int {
        try cached("SELECT count(*) FROM \(table)").firstRow { $0.int(0) } ?? 0
    }
}

/// A quest's day, by the quest's number.
private struct QuestDay: Hashable {
    let quest: Int
    let day: LocalDay
}
