import FoundationEssentials
import QuestsCore

/// One kind of synced record (docs/sync.md): how its fields read from the store as registers, how the
/// store is made to match its registers, and what a sync leaves to its end. A new kind is declared with
/// its record kind (`RecordKind`), then one entry in `all`, plus triggers that note its records in
/// `sync_dirty` (a migration step).
struct SyncKind: Sendable {
    typealias Values = [String: String?]

    let name: String
    /// The keys of every record of this kind the store holds (SQL).
    let keys: String
    /// Whether its records change field by field (a quest's title, a reward's price), as its record kind
    /// declares (`RecordKind.Synced`): those keep their values as registers from the store's first sync on,
    /// so that a later write stamps only the fields it changed. Records of other kinds are written whole
    /// (inserted, deleted) and keep none: a record no register covers counts as written at
    /// `HybridTime.base` (docs/sync.md).
    let changesFieldByField: Bool
    /// Whether `read` found the record there (a completion not done reads as `done = 0`, and is not).
    let present: @Sendable (Values) -> Bool
    /// The fields `read` gives of a record there, for kinds written whole: once registers hold every one,
    /// what the store holds of the record is not read to apply them (`SyncMerge`).
    let fields: Set<String>
    /// What a sync does for the records of this kind it touched once it applied every change (nil: nothing).
    let settling: Settling?
    /// The record's fields as registers hold them, by field; a field left out is left alone (an absent
    /// completion gives only `done`). nil: there is no such record.
    let read: @Sendable (Database, String) throws -> Values?
    /// Makes the store match the registers of the record `key`; false when it cannot yet (what it refers
    /// to has not arrived, or a value is unusable): it is tried again at the next sync.
    let apply: @Sendable (Database, String, Values, Now) throws -> Bool

    /// Every kind, parents before the records that point at them: the order changes are applied in. They
    /// are the sync kinds of the registry (`RecordKind.all`), each declared there with how it syncs.
    static let all: [SyncKind] = [
        quest, version, reward, completion, purchase, entry, setting, achievement, skip, vacation,
        focusGoal, focusTask, amount, journalEntry,
    ]

    /// The kind `name` of the registry (`RecordKind.synced`), whose records `keys` lists, `read` reads and
    /// `apply` writes.
    init(
        name: String, keys: String, present: @escaping @Sendable (Values) -> Bool = { _ in true },
        fields: Set<String> = [], settling: Settling? = nil,
        read: @escaping @Sendable (Database, String) throws -> Values?,
        apply: @escaping @Sendable (Database, String, Values, Now) throws -> Bool
    ) {
        guard let declared = RecordKind.synced(name) else {
            preconditionFailure("\(name) is no sync kind of a record kind in RecordKind.all")
        }
        self.name = name
        changesFieldByField = declared.synced.changesFieldByField
        self.keys = keys
        self.present = present
        self.fields = fields
        self.settling = settling
        self.read = read
        self.apply = apply
    }

    static func named(_ name: String) -> SyncKind? { all.first { $0.name == name } }

    /// Work a sync leaves to its end, done once for the records it touched of every kind that declares it
    /// (`settling`), in the order of `allCases`.
    enum Settling: CaseIterable, Sendable {
        /// Completions went in and out without counting their days: each day is counted once.
        case completionDays
        /// The days the amounts and schedule versions touched follow their totals, in one pass.
        case measuredDays

        /// Does it for the records touched, `keys` by kind name.
        func run(in db: Database, keys: [String: [String]], now: Now) throws {
            switch self {
            case .completionDays:
                let days = Set((keys[completion.name] ?? []).compactMap { split($0).flatMap { LocalDay($0.1) } })
                if !days.isEmpty { try db.recount(days: Array(days)) }
            case .measuredDays:
                try db.settleMeasuredDays(
                    amounts: keys[amount.name] ?? [], versions: keys[version.name] ?? [], now: now)
            }
        }
    }

    // MARK: - The kinds

    /// A quest; `deleted` is `1` once `quests delete` took it away (its other registers stay). Every store
    /// holds a deleted quest exactly while it has completions or skips of it (`sweepDeletedQuests` takes it
    /// away when it has none; a completion or skip that arrives brings it back from its registers with
    /// `restoreDeletedQuest`): a rule of what all stores come to hold alike, so they converge, and no
    /// history is ever lost.
    static let quest = SyncKind(
        name: "quest", keys: "SELECT uuid FROM quest",
        present: { ($0["deleted"] ?? nil) != "1" },
        read: { db, key in
            try db.registers(Quest.declaration, where: "uuid = ?", [.text(key)]) ?? ["deleted": "1"]
        },
        apply: { db, key, values, _ in
            let number = try db.questNumber(key)
            // Deleted: taken away at the end of the sync unless it has completions or skips (`sweepDeletedQuests`).
            if text(values, "deleted") == "1" { return true }
            guard let quest = Database.quest(key, fromRegisters: values) else { return false }
            if number != nil {
                try db.update(quest, as: Quest.declaration, on: "uuid", omitting: ["number"])
            } else {
                try db.insert(quest, as: Quest.declaration, omitting: ["number"])
            }
            return true
        })

    /// A schedule version: the key is `<quest uuid>/<day it starts from>`. The days it measures follow
    /// their totals from its day on, once the sync applied every change.
    static let version = SyncKind(
        name: "version",
        keys: """
            SELECT q.uuid || '/' || v.effective_from FROM quest_version v JOIN quest q ON q.number = v.quest
            """, settling: .measuredDays,
        read: { db, key in
            guard let (quest, day) = split(key), let number = try db.questNumber(quest) else { return nil }
            return try db.registers(
                ScheduleVersion.declaration, where: "quest = ? AND effective_from = ?",
                [.integer(Int64(number)), .text(day)])
        },
        apply: { db, key, values, _ in
            guard let (quest, dayText) = split(key), let day = LocalDay(dayText) else { return false }
            // A deleted quest's versions stay registers, for `restoreDeletedQuest`.
            guard let number = try db.questNumber(quest) else { return try db.isDeletedQuest(quest) }
            guard
                let version = ScheduleVersion.declaration.record(
                    fromRegisters: values, startingFrom: ScheduleVersion(effectiveFrom: day, schedule: Schedule()))
            else { return false }
            try db.save(version, forQuest: number)
            return true
        })

    static let reward = SyncKind(
        name: "reward", keys: "SELECT uuid FROM reward",
        read: { db, key in
            guard let id = UUID(syncKey: key), let reward = try db.reward(id) else { return nil }
            return Reward.declaration.registers(of: reward)
        },
        apply: { db, key, values, _ in
            guard let id = UUID(syncKey: key),
                let reward = Reward.declaration.record(
                    fromRegisters: values, startingFrom: Reward(id: id, number: 0, title: "", price: 1))
            else { return false }
            try db.save(reward)
            return true
        })

    /// A completion: the key is `<quest uuid>/<day>`, so one quest-day is one completion everywhere. Its
    /// payment is not copied: this store appends what brings the completion's net to `paid`, or to 0.
    static let completion = SyncKind(
        name: "completion",
        keys: """
            SELECT q.uuid || '/' || c.day FROM completion c JOIN quest q ON q.number = c.quest
            """, present: { ($0["done"] ?? nil) == "1" },
        fields: Completion<UUID>.declaration.registerNames.union(["done", "paid"]),
        settling: .completionDays,
        read: { db, key in
            guard let (quest, dayText) = split(key), let day = LocalDay(dayText) else { return nil }
            // A counted or limit quest's day: each machine derives it from the amounts (`amount`).
            if try db.isMeasured(quest: quest, on: day) { return nil }
            // Undone here, which took its deleted quest away with it.
            guard let number = try db.questNumber(quest) else {
                return try db.isDeletedQuest(quest) ? ["done": "0"] : nil
            }
            guard let completion = try db.record(Completion<UUID>.declaration, ofQuest: number, on: day) else {
                return ["done": "0"]
            }
            return Completion<UUID>.declaration.registers(of: completion).merging([
                "done": "1", "paid": String(try db.netAmount(referringTo: completion.id)),
            ]) { $1 }
        },
        apply: { db, key, values, now in
            guard let (quest, dayText) = split(key), let day = LocalDay(dayText), let questID = UUID(syncKey: quest)
            else { return false }
            let done = text(values, "done") == "1"
            if try db.isMeasured(quest: quest, on: day) { return true }
            guard let number = try db.questNumber(quest, forRecordThatHappened: done, now: now) else {
                // A completion undone elsewhere of a quest deleted here needs nothing back.
                return try !done && db.isDeletedQuest(quest)
            }
            let existing = try db.completion(ofQuest: number, on: day)
            let reference: UUID
            let target: Int
            if text(values, "done") == "1" {
                reference = existing?.id ?? NameUUID.completion(quest: questID, day: day)
                guard let paid = int(values, "paid"),
                    let completion = Completion<UUID>.declaration.record(
                        fromRegisters: values,
                        startingFrom: Completion(
                            id: reference, quest: questID, day: day, completedAt: now.instant))
                else { return false }
                if let existing {
                    // The same quest-day completed on two machines at other moments or with other notes: the
                    // registers' values win (the later, or at the base the greater), the day stays paid once.
                    if existing.naming(questID) != completion {
                        try db.update(completion, as: Completion<UUID>.declaration, on: "uuid")
                    }
                } else {
                    // Its day is counted again once, for every completion the sync applied (`Settling`).
                    _ = try db.insert(completion, recounting: false)
                }
                target = paid
            } else {
                guard let existing else { return true }
                try db.delete(existing, recounting: false)
                reference = existing.id
                target = 0
            }
            // As a local undo and complete would: the net paid goes back, then the amount due is paid, so
            // the ledger keeps LedgerAudit's shape (each undo reverses one credit).
            let net = try db.netAmount(referringTo: reference)
            guard net != target else { return true }
            let title =
                try db.cached("SELECT title FROM quest WHERE number = ?").firstRow([
                    .integer(Int64(number))
                ]) { $0.text(0) } ?? ""
            if net != 0 {
                try db.append(
                    LedgerEntry(
                        id: db.ids.next(), at: now.instant, amount: -net, kind: .undo, reference: reference,
                        memo: LedgerMemo.about(title, on: day)))
            }
            if target != 0 {
                try db.append(
                    LedgerEntry(
                        id: db.ids.next(), at: now.instant, amount: target, kind: .questReward, reference: reference,
                        memo: LedgerMemo.about(title, on: day)))
            }
            return true
        })

    static let purchase = SyncKind(
        name: "purchase", keys: "SELECT uuid FROM redemption",
        fields: Backup.RedemptionRecord.declaration.registerNames,
        read: { db, key in
            try db.registers(Backup.RedemptionRecord.declaration, where: "uuid = ?", [.text(key)])
        },
        apply: { db, key, values, _ in
            if try db.cached("SELECT 1 FROM redemption WHERE uuid = ?").firstRow(
                [.text(key)], { $0.int(0) }) != nil
            {
                return true
            }
            guard let id = UUID(syncKey: key),
                let purchase = Backup.RedemptionRecord.declaration.record(
                    fromRegisters: values,
                    startingFrom: Backup.RedemptionRecord(
                        id: id, reward: id, title: "", price: 1, at: .distantPast, day: LocalDay(dayNumber: 0))),
                try db.rewardNumber(purchase.reward.uuidString) != nil
            else { return false }
            try db.insert(purchase, as: Backup.RedemptionRecord.declaration)
            return true
        })

    /// A ledger entry other than a quest reward, a focus payment or an undo (those follow completions and
    /// focus records): written once.
    static let entry = SyncKind(
        name: "entry",
        keys: """
            SELECT uuid FROM ledger_entry WHERE kind NOT IN ('quest-reward', 'undo', 'focus-task', 'focus-goal')
            """, fields: LedgerEntry.declaration.registerNames,
        read: { db, key in
            try db.registers(LedgerEntry.declaration, where: "uuid = ?", [.text(key)])
        },
        apply: { db, key, values, _ in
            if try db.cached("SELECT 1 FROM ledger_entry WHERE uuid = ?").firstRow(
                [.text(key)], { $0.int(0) }) != nil
            {
                return true
            }
            guard let id = UUID(syncKey: key),
                let entry = LedgerEntry.declaration.record(
                    fromRegisters: values,
                    startingFrom: LedgerEntry(
                        id: id, at: .distantPast, amount: 0, kind: .bonus, reference: nil, memo: "")),
                entry.kind != .questReward, entry.kind != .undo, !entry.kind.paysFocus
            else { return false }
            // A freeze carries the day it was bought, so that it covers the same day on every machine.
            if entry.kind == .freeze, entry.day == nil { return false }
            try db.append(entry)
            return true
        })

    /// A setting; no value: back to its default.
    static let setting = SyncKind(
        name: "setting", keys: "SELECT key FROM setting",
        present: { ($0["value"] ?? nil) != nil },
        read: { db, key in
            let value = try db.cached("SELECT value FROM setting WHERE key = ?").firstRow([.text(key)]) {
                $0.text(0)
            }
            return ["value": value]
        },
        apply: { db, key, values, _ in
            guard let settingKey = Settings.Key(rawValue: key) else { return true }
            guard let value = text(values, "value") else {
                try db.cached("DELETE FROM setting WHERE key = ?").run([.text(key)])
                return true
            }
            var settings = Settings()
            guard (try? settings.set(settingKey, to: value)) != nil else { return false }
            try db.save(settingKey, of: settings)
            return true
        })

    /// An earned achievement: once earned it stays, dated by the earliest day any machine recorded.
    static let achievement = SyncKind(
        name: "achievement", keys: "SELECT key FROM achievement",
        read: { db, key in
            try db.registers(Backup.AchievementRecord.declaration, where: "key = ?", [.text(key)])
        },
        apply: { db, key, values, now in
            guard let achievement = Achievement.all.first(where: { $0.id == key }) else { return true }
            guard
                let record = Backup.AchievementRecord.declaration.record(
                    fromRegisters: values,
                    startingFrom: Backup.AchievementRecord(
                        achievement: achievement, earnedDay: LocalDay(dayNumber: 0), recordedAt: now.instant))
            else { return false }
            _ = try db.record(achievement, earnedOn: record.earnedDay, at: record.recordedAt)
            return true
        })

    /// A skip: the key is `<quest uuid>/<day>`, so one quest-day is one skip everywhere; `skipped` is "0"
    /// once it was lifted (unskip, or a completion that replaced it), and the latest of the two wins.
    static let skip = SyncKind(
        name: "skip",
        keys: """
            SELECT q.uuid || '/' || s.day FROM skip s JOIN quest q ON q.number = s.quest
            """, present: { ($0["skipped"] ?? nil) == "1" },
        read: { db, key in
            guard let (quest, dayText) = split(key), let day = LocalDay(dayText) else { return nil }
            guard let number = try db.questNumber(quest) else {
                return try db.isDeletedQuest(quest) ? ["skipped": "0"] : nil
            }
            guard let skip = try db.record(Skip<UUID>.declaration, ofQuest: number, on: day) else {
                return ["skipped": "0"]
            }
            return Skip<UUID>.declaration.registers(of: skip).merging(["skipped": "1"]) { $1 }
        },
        apply: { db, key, values, now in
            guard let (quest, dayText) = split(key), let day = LocalDay(dayText), let questID = UUID(syncKey: quest)
            else { return false }
            let skipped = text(values, "skipped") == "1"
            guard let number = try db.questNumber(quest, forRecordThatHappened: skipped, now: now) else {
                return try !skipped && db.isDeletedQuest(quest)
            }
            guard text(values, "skipped") == "1" else {
                try db.deleteSkip(ofQuest: number, on: day)
                return true
            }
            guard
                let skip = Skip<UUID>.declaration.record(
                    fromRegisters: values,
                    startingFrom: Skip(
                        id: NameUUID.skip(quest: questID, day: day), quest: questID, day: day, skippedAt: now.instant))
            else { return false }
            if let existing = try db.record(Skip<UUID>.declaration, ofQuest: number, on: day) {
                // Whole, keeping the UUID the store gave it, and its moment when the registers hold none.
                let merged = Skip(
                    id: existing.id, quest: questID, day: day, reason: skip.reason,
                    skippedAt: values["at"] == nil ? existing.skippedAt : skip.skippedAt)
                if existing != merged { try db.update(merged, as: Skip<UUID>.declaration, on: "uuid") }
            } else {
                // Kept even when this store completed the quest-day: the completion wins (`NeutralDays`), and
                // both stores then hold the same records.
                try db.insert(skip)
            }
            return true
        })

    /// A vacation: `removed` is "1" once it was removed anywhere (removal wins only when it is the latest
    /// change); its days never change after it is added.
    static let vacation = SyncKind(
        name: "vacation", keys: "SELECT uuid FROM vacation",
        present: { ($0["removed"] ?? nil) == "0" },
        read: { db, key in
            guard let id = UUID(syncKey: key) else { return nil }
            guard
                let vacation = try db.records(Vacation.declaration, where: "uuid = ?", [.uuid(id)]).first
            else { return ["removed": "1"] }
            return Vacation.declaration.registers(of: vacation).merging(["removed": "0"]) { $1 }
        },
        apply: { db, key, values, now in
            guard let id = UUID(syncKey: key) else { return false }
            guard text(values, "removed") == "0" else {
                try db.deleteVacation(id)
                return true
            }
            let blank = LocalDay(dayNumber: 0)
            guard
                let vacation = Vacation.declaration.record(
                    fromRegisters: values,
                    startingFrom: Vacation(id: id, first: blank, last: blank, addedAt: now.instant)),
                vacation.first <= vacation.last
            else { return false }
            // Its days and reason unchanged: nothing to write (when it was added stays as this store has it).
            if let existing = try db.vacations().first(where: { $0.id == id }), existing.days == vacation.days,
                existing.reason == vacation.reason
            {
                return true
            }
            try db.deleteVacation(id)
            try db.insert(vacation)
            return true
        })
    /// A day's main quest: the key is its day, so one day has one main quest everywhere; its fields
    /// converge by last writer. Its bonus is not copied: this store pays what its state says (`settleFocus`).
    static let focusGoal = SyncKind(
        name: "focus-goal", keys: "SELECT day FROM focus_goal",
        read: { db, key in
            guard let day = LocalDay(key), let goal = try db.focusGoal(on: day) else { return nil }
            return FocusGoal.declaration.registers(of: goal)
        },
        apply: { db, key, values, now in
            guard let day = LocalDay(key),
                let goal = FocusGoal.declaration.record(
                    fromRegisters: values, startingFrom: FocusGoal(day: day, title: "", reward: 0, setAt: now.instant))
            else { return false }
            if let carried = goal.carriedFrom, carried >= day { return false }
            if try db.focusGoal(on: day) != goal { try db.save(goal) }
            try db.settleFocus(
                goal.id, kind: .focusGoal, to: Database.due(goal), memo: LedgerMemo.about(goal.title, on: day),
                at: now.instant)
            return true
        })

    /// A focus task: the key is its UUID; its fields converge by last writer (a drop, an undo and a carry
    /// are fields too). A day may end over its limit (two machines each added a task): nothing is dropped.
    /// Its payment is not copied: this store pays what its state says (`settleFocus`).
    static let focusTask = SyncKind(
        name: "focus-task", keys: "SELECT uuid FROM focus_task",
        read: { db, key in
            guard let id = UUID(syncKey: key), let task = try db.focusTask(id) else { return nil }
            return FocusTask.declaration.registers(of: task)
        },
        apply: { db, key, values, now in
            guard let id = UUID(syncKey: key),
                let task = FocusTask.declaration.record(
                    fromRegisters: values,
                    startingFrom: FocusTask(
                        id: id, day: LocalDay(dayNumber: 0), title: "", reward: 0, addedAt: now.instant))
            else { return false }
            if let until = task.until, task.at.map({ until <= $0 }) ?? true { return false }
            if try db.focusTask(id) != task { try db.save(task) }
            try db.settleFocus(
                id, kind: .focusTask, to: Database.due(task), memo: LedgerMemo.about(task.title, on: task.day),
                at: now.instant)
            return true
        })

    /// An amount of a counted or limit quest's day: the key is its UUID; it only adds up, and `undone` only
    /// ever goes from 0 to 1 (the undo happens after the entry, on a machine that holds it). Its day's
    /// completion and pay are derived on each machine from the day's total, once the sync applied every
    /// change (`Settling.measuredDays`).
    static let amount = SyncKind(
        name: "amount", keys: "SELECT uuid FROM amount_entry", settling: .measuredDays,
        read: { db, key in
            guard let id = UUID(syncKey: key), let entry = try db.amountEntry(id) else { return nil }
            return AmountEntry.declaration.registers(of: entry)
        },
        apply: { db, key, values, now in
            guard let id = UUID(syncKey: key),
                let entry = AmountEntry.declaration.record(
                    fromRegisters: values,
                    startingFrom: AmountEntry(
                        id: id, quest: id, day: LocalDay(dayNumber: 0), amount: .zero, recordedAt: now.instant))
            else { return false }
            guard try db.questNumber(entry.quest.uuidString, forRecordThatHappened: true, now: now) != nil else {
                return false
            }
            if let existing = try db.amountEntry(id) {
                if entry.undone, !existing.undone { try db.markUndone(id) }
            } else {
                try db.insert(entry)
            }
            return true
        })

    /// A journal entry: the key is its UUID; its fields converge by last writer. `deleted` is a field too,
    /// which nothing sets back to 0: a delete stays deleted, and an edit elsewhere after it changes nothing
    /// anyone reads. A deleted entry reads as `deleted` and when it was deleted, so its text (gone) is never
    /// stamped.
    static let journalEntry = SyncKind(
        name: "journal-entry", keys: "SELECT uuid FROM journal_entry",
        read: { db, key in
            guard let id = UUID(syncKey: key), let entry = try db.journalEntry(id) else { return nil }
            let registers = JournalEntry.declaration.registers(of: entry)
            return entry.deleted ? ["deleted": "1", "updated": registers["updated"] ?? nil] : registers
        },
        apply: { db, key, values, now in
            guard let id = UUID(syncKey: key) else { return false }
            let existing = try db.journalEntry(id)
            var entry =
                existing
                ?? JournalEntry(
                    id: id, day: LocalDay(dayNumber: 0), text: "", createdAt: now.instant, updatedAt: now.instant)
            if text(values, "deleted") == "1" {
                // A tombstone keeps the day and moments it is known by, never the text.
                var known = values
                known["text"] = .some("")
                guard let record = JournalEntry.declaration.record(fromRegisters: known, startingFrom: entry)
                else { return false }
                entry = record
                entry.text = ""
                entry.deleted = true
            } else {
                guard let record = JournalEntry.declaration.record(fromRegisters: values, startingFrom: entry),
                    !record.text.isEmpty
                else { return false }
                entry = record
            }
            if existing != entry { try db.save(entry) }
            return true
        })

    // MARK: - Values

    private static func text(_ values: Values, _ field: String) -> String? { values[field] ?? nil }
    private static func int(_ values: Values, _ field: String) -> Int? { text(values, field).flatMap { Int($0) } }
    private static func moment(_ values: Values, _ field: String) -> Date? {
        text(values, field).flatMap { Timestamp.parseUTC($0) }
    }

    /// `<uuid>/<day>` as its two parts.
    private static func split(_ key: String) -> (String, String)? {
        guard let slash = key.lastIndex(of: "/") else { return nil }
        return (String(key[..<slash]), String(key[key.index(after: slash)...]))
    }
}

extension Database {
    /// The number of the quest with UUID text `uuid`, if this store has it.
    func questNumber(_ uuid: String) throws -> Int? {
        try cached("SELECT number FROM quest WHERE uuid = ?").firstRow([.text(uuid)]) { $0.int(0) }
    }

    /// The number of the reward with UUID text `uuid`, if this store has it.
    func rewardNumber(_ uuid: String) throws -> Int? {
        try cached("SELECT number FROM reward WHERE uuid = ?").firstRow([.text(uuid)]) { $0.int(0) }
    }
}

extension Database {
    /// The sync registers of the record of `declaration` that `condition` selects; nil when there is none.
    func registers<Record>(
        _ declaration: RecordDeclaration<Record>, where condition: String, _ arguments: [SQLValue]
    ) throws -> SyncKind.Values? {
        try records(declaration, where: condition, arguments).first.map { declaration.registers(of: $0) }
    }
}

extension UUID {
    /// The UUID a sync key spells in the uppercase form the store keeps and every quests writes; nil for any
    /// other spelling, which would name a record the store then could not find by its key again.
    init?(syncKey key: String) {
        guard let id = UUIDText.parse(key), UUIDText.text(id) == key else { return nil }
        self = id
    }
}
