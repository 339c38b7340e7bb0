import QuestsCore

/// The quests to remind of on one day.
public struct Reminders: Sendable {
    public let day: LocalDay
    /// Today's Available quests not reminded of yet, in board order; never a limit quest (`asksToBeDone`).
    public let entries: [Board.Entry]
    /// The focus check-in due now (`config focus-checkins`), with today's focus; nil when none is.
    public let checkin: (time: TimeOfDay, focus: FocusDay)?
    /// The days in a row without a quest done to nudge about now (`Nudges`); nil when no nudge is due.
    public var nudge: Int?
}

/// The reminders of open quests and the focus check-ins, recorded so that each is sent once.
public struct Reminding {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Today's Available quests (open, not completed) that were not reminded of today. With `record`, they
    /// are recorded as reminded in the same transaction, so that two runs at once never both send one;
    /// without it (a dry run) nothing is written. Only today counts: a run after a night asleep reminds of
    /// what is open now, never of a day that is over.
    public func reminders(now: Now, record: Bool) throws -> Reminders {
        let body: (Database) throws -> Reminders = { db in
            let settings = try db.settings()
            let position = now.position(dayStart: settings.dayStart)
            let board = try db.board(
                of: position.day, quests: try db.quests(), at: position, settings: settings, zone: now.zone)
            let reminded = Set(
                try db.prepare("SELECT quest FROM reminder WHERE day = ?").rows([.day(position.day)]) {
                    $0.int(0)
                })
            let due = board.entries(in: .available).filter { $0.asksToBeDone && !reminded.contains($0.quest.number) }
            // The focus is read only when check-ins are set.
            var checkin: (time: TimeOfDay, focus: FocusDay)?
            if !settings.focusCheckins.isEmpty {
                let sent = Set(
                    try db.cached("SELECT at_minutes FROM focus_checkin WHERE day = ?")
                        .rows([.day(position.day)]) { TimeOfDay(minutes: $0.int(0)) }.compactMap { $0 })
                let focus = try db.focusDay(
                    position.day, today: position.day, settings: settings, zone: now.zone, reading: .list)
                checkin = FocusRules.dueCheckin(
                    settings.focusCheckins, now: position, dayStart: settings.dayStart, sent: sent, focus: focus
                )
                .map { ($0, focus) }
            }
            // The days missed are read only when nudges are on (`config nudges`).
            var nudge: Int?
            if settings.nudges {
                let history = try db.history(
                    since: position.day.adding(days: -Nudges.lookBack), quests: try db.quests(), zone: now.zone,
                    settings: settings)
                let sent =
                    try db.cached("SELECT 1 FROM nudge_sent WHERE day = ?").firstRow([.day(position.day)]) { _ in true }
                    ?? false
                nudge = Nudges.due(
                    history.tallies(from: position.day.adding(days: -Nudges.lookBack), through: position.day),
                    now: position, at: settings.nudgeAt, dayStart: settings.dayStart, sentToday: sent)
            }
            if record {
                if nudge != nil {
                    try db.prepare("DELETE FROM nudge_sent WHERE day < ?").run([.day(position.day)])
                    try db.cached("INSERT OR IGNORE INTO nudge_sent (day) VALUES (?)").run([.day(position.day)])
                }
                try db.prepare("DELETE FROM reminder WHERE day < ?").run([.day(position.day)])
                for entry in due {
                    try db.cached("INSERT INTO reminder (quest, day) VALUES (?, ?)")
                        .run([.integer(Int64(entry.quest.number)), .day(position.day)])
                }
                if let checkin {
                    try db.prepare("DELETE FROM focus_checkin WHERE day < ?").run([.day(position.day)])
                    try db.cached("INSERT OR IGNORE INTO focus_checkin (day, at_minutes) VALUES (?, ?)")
                        .run([.day(position.day), .integer(Int64(checkin.time.minutes))])
                }
            }
            return Reminders(day: position.day, entries: due, checkin: checkin, nudge: nudge)
        }
        return record ? try store.writeLocal(body) : try store.read(body)
    }

    /// Forgets the nudge of `day` (its notification failed), so the next run sends it.
    public func forgetNudge(on day: LocalDay) throws {
        try store.writeLocal { db in try db.cached("DELETE FROM nudge_sent WHERE day = ?").run([.day(day)]) }
    }

    /// Forgets the check-in at `time` on `day` (its notification failed), so the next run sends it.
    public func forgetCheckin(at time: TimeOfDay, on day: LocalDay) throws {
        try store.writeLocal { db in
            try db.cached("DELETE FROM focus_checkin WHERE day = ? AND at_minutes = ?").run([
                .day(day), .integer(Int64(time.minutes)),
            ])
        }
    }

    /// Forgets the reminders of `quests` on `day` (their notification failed), so the next run sends them.
    public func forgetReminders(of quests: [Int], on day: LocalDay) throws {
        try store.writeLocal { db in
            for quest in quests {
                try db.cached("DELETE FROM reminder WHERE quest = ? AND day = ?").run([
                    .integer(Int64(quest)), .day(day),
                ])
            }
        }
    }
}
