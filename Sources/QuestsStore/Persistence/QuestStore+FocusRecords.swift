import Foundation
import QuestsCore

extension Database {
    // MARK: - Main quests

    /// The main quest of `day`, if it has one.
    func focusGoal(on day: LocalDay) throws -> FocusGoal? {
        try cached("SELECT day, title, state, reward, carried_from, set_at FROM focus_goal WHERE day = ?")
            .firstRow([.day(day)], Self.focusGoal)
    }

    /// Every main quest, by day.
    func allFocusGoals() throws -> [FocusGoal] {
        try prepare("SELECT day, title, state, reward, carried_from, set_at FROM focus_goal ORDER BY day")
            .rows([], Self.focusGoal)
    }

    /// The main quests from `from` through `through`, by day.
    func focusGoals(from: LocalDay, through: LocalDay) throws -> [FocusGoal] {
        try cached(
            "SELECT day, title, state, reward, carried_from, set_at FROM focus_goal WHERE day BETWEEN ? AND ? ORDER BY day"
        )
        .rows([.day(from), .day(through)], Self.focusGoal)
    }

    /// Writes `goal` as its day's main quest, replacing the one there.
    func save(_ goal: FocusGoal) throws {
        try cached(
            """
            INSERT INTO focus_goal (day, uuid, title, state, reward, carried_from, set_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (day) DO UPDATE SET title = excluded.title, state = excluded.state, reward = excluded.reward,
                carried_from = excluded.carried_from, set_at = excluded.set_at
            """
        ).run([
            .day(goal.day), .uuid(goal.id), .text(goal.title), .text(goal.state.rawValue), .integer(Int64(goal.reward)),
            goal.carriedFrom.map { .day($0) } ?? .null, .timestamp(goal.setAt),
        ])
    }

    private static func focusGoal(_ row: Row) throws -> FocusGoal {
        guard let day = row.day(0), let state = FocusGoalState(rawValue: row.text(2)), let at = row.timestamp(5) else {
            throw StoreError.damagedRecord("main quest \(row.text(0))")
        }
        let carried = row.optionalText(4)
        return FocusGoal(
            day: day, title: row.text(1), state: state, reward: row.int(3),
            carriedFrom: carried.flatMap { LocalDay($0) }, setAt: at)
    }

    // MARK: - Tasks

    private static let taskColumns =
        "uuid, day, title, priority, at_minutes, until_minutes, reward, state, carried_from, added_at"

    /// Every task of `day`, dropped ones included, in the order they entered.
    func focusTasks(on day: LocalDay) throws -> [FocusTask] {
        try cached("SELECT \(Self.taskColumns) FROM focus_task WHERE day = ? ORDER BY id").rows(
            [.day(day)], Self.focusTask)
    }

    /// Every task from `from` through `through`, dropped ones included, by day and in the order they entered.
    func focusTasks(from: LocalDay, through: LocalDay) throws -> [FocusTask] {
        try cached("SELECT \(Self.taskColumns) FROM focus_task WHERE day BETWEEN ? AND ? ORDER BY day, id")
            .rows([.day(from), .day(through)], Self.focusTask)
    }

    /// Every task, in the order they entered this store.
    func allFocusTasks() throws -> [FocusTask] {
        try prepare("SELECT \(Self.taskColumns) FROM focus_task ORDER BY id").rows([], Self.focusTask)
    }

    /// The task with UUID `id`, if this store has it.
    func focusTask(_ id: UUID) throws -> FocusTask? {
        try cached("SELECT \(Self.taskColumns) FROM focus_task WHERE uuid = ?").firstRow(
            [.uuid(id)], Self.focusTask)
    }

    /// Writes `task`, adding it or replacing the one with its UUID.
    func save(_ task: FocusTask) throws {
        try cached(
            """
            INSERT INTO focus_task (uuid, day, title, priority, at_minutes, until_minutes, reward, state, carried_from, added_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (uuid) DO UPDATE SET day = excluded.day, title = excluded.title, priority = excluded.priority,
                at_minutes = excluded.at_minutes, until_minutes = excluded.until_minutes, reward = excluded.reward,
                state = excluded.state, carried_from = excluded.carried_from, added_at = excluded.added_at
            """
        ).run([
            .uuid(task.id), .day(task.day), .text(task.title), .text(task.priority.rawValue),
            task.at.map { .integer(Int64($0.minutes)) } ?? .null,
            task.until.map { .integer(Int64($0.minutes)) } ?? .null,
            .integer(Int64(task.reward)), .text(task.state.rawValue), task.carriedFrom.map { .uuid($0) } ?? .null,
            .timestamp(task.addedAt),
        ])
    }

    private static func focusTask(_ row: Row) throws -> FocusTask {
        guard let id = row.uuid(0), let day = row.day(1), let priority = FocusPriority(rawValue: row.text(3)),
            let state = FocusTaskState(rawValue: row.text(7)), let at = row.timestamp(9)
        else {
            throw StoreError.damagedRecord("focus task \(row.text(0))")
        }
        return FocusTask(
            id: id, day: day, title: row.text(2), priority: priority,
            at: row.optionalInt(4).flatMap { TimeOfDay(minutes: $0) },
            until: row.optionalInt(5).flatMap { TimeOfDay(minutes: $0) }, reward: row.int(6), state: state,
            carriedFrom: row.optionalText(8).flatMap { UUID(uuidString: $0) }, addedAt: at)
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
        .firstRow([]) { $0.optionalText(0).flatMap { LocalDay($0) } } ?? nil
    }

    /// The most recent day before `day` with a focus (a main quest, or a task not dropped), if any.
    func latestFocusDay(before day: LocalDay) throws -> LocalDay? {
        try cached(
            """
            SELECT max(day) FROM (
                SELECT (SELECT max(day) FROM focus_task WHERE day < ?1 AND state <> 'dropped') AS day
                UNION ALL SELECT (SELECT max(day) FROM focus_goal WHERE day < ?1))
            """
        ).firstRow([.day(day)]) { $0.optionalText(0).flatMap { LocalDay($0) } } ?? nil
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
