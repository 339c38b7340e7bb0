import FoundationEssentials
import QuestsCore

extension Database {
    /// The quests completed for `day`, by number, each with the Daily Dollars its ledger entries paid for
    /// that completion (its reward, less any reversal).
    func paidCompletions(on day: LocalDay) throws -> [Int: Int] {
        // Joined and summed here, not summed by a subquery for each completion: SQLite compiles and runs the
        // join for less. A quest has one completion a day (the UNIQUE (quest, day) key).
        var paid: [Int: Int] = [:]
        try cached(
            """
            SELECT c.quest, e.amount FROM completion c LEFT JOIN ledger_entry e ON e.reference = c.uuid WHERE c.day = ?
            """
        ).forEachRow([.day(day)]) { row in paid[row.int(0), default: 0] += row.int(1) }
        return paid
    }

    /// The quests completed for `day`, by number, each with 0 for what it was paid: for a board whose
    /// completed quests' rewards are not shown (the ledger lookups cost more than the rest of a status line).
    func completedQuests(on day: LocalDay) throws -> [Int: Int] {
        var completed: [Int: Int] = [:]
        for number in try completedQuestNumbers(on: day) { completed[number] = 0 }
        return completed
    }

    /// The numbers of the quests completed for `day`. (One statement for every reader of a day's
    /// completions: `complete`, the day's recount and its board each read them, and prepare it once.)
    func completedQuestNumbers(on day: LocalDay) throws -> [Int] {
        try cached("SELECT quest FROM completion WHERE day = ?").rows([.day(day)]) { $0.int(0) }
    }

    /// How many days of `days` quest `number` was completed for.
    func completionCount(ofQuest number: Int, in days: ClosedRange<LocalDay>) throws -> Int {
        try cached("SELECT count(*) FROM completion WHERE quest = ? AND day BETWEEN ? AND ?")
            .firstRow([.integer(Int64(number)), .day(days.lowerBound), .day(days.upperBound)]) { $0.int(0) } ?? 0
    }

    /// The completion of quest `number` for `day`, if any; a damaged one is named by that quest and day.
    func completion(ofQuest number: Int, on day: LocalDay) throws -> Completion<Int>? {
        try record(Completion<UUID>.declaration, ofQuest: number, on: day)?.naming(number)
    }

    /// Records `completion` unless the quest is already completed that day, and counts its day again;
    /// returns whether it was new.
    ///
    /// The UNIQUE (quest, day) key decides, so two processes completing at once cannot both succeed.
    /// - Parameters:
    ///   - quests: every quest, when the caller has them already (else they are read again).
    ///   - recounting: false when the caller counts the day itself (a sync, once for all it applied).
    func insert(_ completion: Completion<UUID>, quests: [Quest]? = nil, recounting: Bool = true) throws -> Bool {
        guard try insertIfAbsent(completion, as: Completion<UUID>.declaration) else { return false }
        if recounting { try recount(days: [completion.day], quests: quests) }
        return true
    }

    /// Removes a completion and counts its day again (the ledger keeps its credit and gets a reversing
    /// entry separately).
    /// - Parameter quests: every quest, when the caller has them already (else they are read again).
    func delete(_ completion: Completion<Int>, quests: [Quest]? = nil, recounting: Bool = true) throws {
        try cached("DELETE FROM completion WHERE uuid = ?").run([.uuid(completion.id)])
        if recounting { try recount(days: [completion.day], quests: quests) }
    }
}
