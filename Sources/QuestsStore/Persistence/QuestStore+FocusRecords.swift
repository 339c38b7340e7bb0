import FoundationEssentials
import QuestsCore

extension Database {
    // MARK: - Main quests

    /// The main quest of `day`, if it has one.
    func focusGoal(on day: LocalDay) throws -> FocusGoal? {
        try records(FocusGoal.declaration, where: "day = ?", [.day(day)]).first
    }

    /// The main quests from `from` through `through`, by day.
    func focusGoals(from: LocalDay, through: LocalDay) throws -> [FocusGoal] {
        try records(FocusGoal.declaration, where: "day BETWEEN ? AND ?", [.day(from), .day(through)], orderBy: "day")
    }

    /// Writes `goal` as its day's main quest, replacing the one there.
    func save(_ goal: FocusGoal) throws {
        try save(goal, as: FocusGoal.declaration, replacingOn: "day")
    }

    // MARK: - Tasks

    /// Every task of `day`, dropped ones included, in the order they entered.
    func focusTasks(on day: LocalDay) throws -> [FocusTask] {
        try records(FocusTask.declaration, where: "day = ?", [.day(day)], orderBy: "id")
    }

    /// Every task from `from` through `through`, dropped ones included, by day and in the order they entered.
    func focusTasks(from: LocalDay, through: LocalDay) throws -> [FocusTask] {
        try records(
            FocusTask.declaration, where: "day BETWEEN ? AND ?", [.day(from), .day(through)], orderBy: "day, id")
    }

    /// The task with UUID `id`, if this store has it.
    func focusTask(_ id: UUID) throws -> FocusTask? {
        try records(FocusTask.declaration, where: "uuid = ?", [.uuid(id)]).first
    }

    /// Writes `task`, adding it or replacing the one with its UUID.
    func save(_ task: FocusTask) throws {
        try save(task, as: FocusTask.declaration, replacingOn: "uuid")
    }

    /// Whether some task was carried over from the task `id`.
    func isCarried(_ id: UUID) throws -> Bool {
        try cached("SELECT 1 FROM focus_task WHERE carried_from = ? LIMIT 1").firstRow([.uuid(id)]) { _ in
            true
        } ?? false
    }

    /// Whether some day's main quest was carried over from `day`'s.
    func isGoalCarried(from day: LocalDay) throws -> Bool {
        try cached("SELECT 1 FROM focus_goal WHERE carried_from = ? LIMIT 1").firstRow([.day(day)]) { _ in
            true
        } ?? false
    }

    /// The first day with a main quest or a task, if any.
    func firstFocusDay() throws -> LocalDay? {
        try cached(
            "SELECT min(day) FROM (SELECT min(day) AS day FROM focus_goal UNION ALL SELECT min(day) FROM focus_task)"
        )
        .firstRow([]) { $0.day(0) } ?? nil
    }

    /// The most recent day before `day` with a focus (a main quest, or a task not dropped), if any.
    /// (Two plain statements: one that takes the later of both compiles for half again as much.)
    func latestFocusDay(before day: LocalDay) throws -> LocalDay? {
        func latest(_ sql: String) throws -> LocalDay? {
            try cached(sql).firstRow([.day(day)]) { $0.day(0) } ?? nil
        }
        let task = try latest("SELECT max(day) FROM focus_task WHERE day < ? AND state <> 'dropped'")
        let goal = try latest("SELECT max(day) FROM focus_goal WHERE day < ?")
        guard let task, let goal else { return task ?? goal }
        return max(task, goal)
    }

    // MARK: - Payments

    /// Brings what the focus record `reference` was paid net to `target`, as a local undo and complete
    /// would: an `undo` of the net paid, then a payment of `kind`, so the ledger keeps `LedgerAudit`'s
    /// shape. Returns the change of the balance.
    @discardableResult
    func settleFocus(_ reference: UUID, kind: LedgerKind, to target: Int, memo: String, at moment: Date) throws -> Int {
        let net = try netAmount(referringTo: reference)
        guard net != target else { return 0 }
        if net != 0 {
            try append(
                LedgerEntry(
                    id: ids.next(), at: moment, amount: -net, kind: .undo, reference: reference, memo: memo))
        }
        if target != 0 {
            try append(
                LedgerEntry(id: ids.next(), at: moment, amount: target, kind: kind, reference: reference, memo: memo))
        }
        return target - net
    }

    /// What a task or main quest is due: its reward while done or achieved, else nothing.
    static func due(_ task: FocusTask) -> Int { task.state == .done ? task.reward : 0 }
    static func due(_ goal: FocusGoal) -> Int { goal.state.isAchieved ? goal.reward : 0 }

    /// The focus records the ledger rules read (`LedgerAudit`), named by their UUID text.
    func focusAuditRecords() throws -> [LedgerAudit.FocusRecord<String>] {
        // A store examined by doctor may predate the focus.
        let hasFocus = try cached("SELECT 1 FROM sqlite_master WHERE name = 'focus_task'").firstRow {
            $0.int(0)
        }
        guard hasFocus != nil else { return [] }
        var records = try prepare("SELECT uuid, reward, state FROM focus_goal ORDER BY day").rows { row in
            LedgerAudit.FocusRecord(
                id: row.text(0), kind: .focusGoal,
                due: FocusGoalState(rawValue: row.text(2))?.isAchieved == true ? row.int(1) : 0)
        }
        records += try prepare("SELECT uuid, reward, state FROM focus_task ORDER BY id").rows { row in
            LedgerAudit.FocusRecord(
                id: row.text(0), kind: .focusTask, due: row.text(2) == FocusTaskState.done.rawValue ? row.int(1) : 0)
        }
        return records
    }
}
