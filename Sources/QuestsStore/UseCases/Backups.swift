import FoundationEssentials
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `import` added, found already here, and skipped, per kind of record.
public struct ImportReport: Sendable, Equatable {
    /// The counts by kind of record, by `RecordKind.name`.
    private var counts = Dictionary(uniqueKeysWithValues: RecordKind.all.map { ($0.name, ImportCounts()) })
    /// Schedule changes made on the other machine, added to quests both have.
    public var scheduleChanges = 0
    /// Completions here that the backup records as undone, now removed.
    public var undoneCompletions = 0
    public var balanceBefore = 0
    public var balanceAfter = 0

    /// The counts of `kind`'s records.
    public subscript(kind: RecordKind) -> ImportCounts {
        get { counts[kind.name] ?? ImportCounts() }
        set { counts[kind.name] = newValue }
    }

    /// Whether the merge changed what the ledger rules read (`RecordKind.movesLedger`, and schedules); when
    /// not, the store's ledger is as healthy as it was and need not be checked again.
    var changesLedgerRecords: Bool {
        undoneCompletions + scheduleChanges + RecordKind.all.filter(\.movesLedger).reduce(0) { $0 + self[$1].added } > 0
    }
}

/// Backing the store up, restoring a backup over it, and importing one into it.
public struct Backups {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Everything in the store as a backup document, read from one snapshot.
    public func backup(appVersion: String, exportedAt: Date) throws -> Backup {
        try store.read { db in
            var backup = Backup(appVersion: appVersion, exportedAt: exportedAt)
            try db.prepare("SELECT key, value FROM setting ORDER BY key").rows { row in
                guard let key = Settings.Key(rawValue: row.text(0)) else {
                    throw StoreError.damagedRecord(.record(.settings, .text(row.text(0))))
                }
                backup.settings[key] = row.text(1)
            }
            backup.quests = try db.quests()
            backup.rewards = try db.rewards()
            backup.completions = try db.completionRecords()
            backup.ledger = try db.allLedgerEntries()
            backup.skips = try db.skipRecords()
            backup.synced = try db.hasSynced()
            // The kinds kept as their declarations say, a row per record.
            for kind in RecordKind.all { try kind.stored?.load(db, &backup) }
            return backup
        }
    }

    /// Replaces everything in the store with `backup`, after saving the current store as a copy at
    /// `savePath` (owner-only; it must not exist yet), or saving nothing when `savePath` is nil. The new
    /// content is built in a scratch store and checked first and then swapped in as one write, so a refusal or a
    /// crash changes nothing.
    ///
    /// The copy is written (under a temporary name) on a thread of its own while the new content is built:
    /// the one is mostly waiting for the disk, the other computing. It gets its name only once the new
    /// content is complete; a refusal removes it.
    ///
    /// `check`, when given, finishes checking `backup` (what `Backup.validateHistory` checks: the caller
    /// checked the rest, which the build relies on): it runs on that thread too, first, while the content
    /// is built; when it throws, nothing is copied, the content is thrown away, and its error is the one
    /// thrown.
    public func restore(
        _ backup: Backup, savingCurrentTo savePath: String?, checkingMeanwhile check: (() throws -> Void)? = nil
    ) throws {
        var checked: Result<Void, any Error> = .success(())
        var copy: Result<PartialFile, any Error>?
        let background =
            check != nil || savePath != nil
            ? BackgroundThread {
                if let check { checked = Result { try check() } }
                if case .success = checked, let savePath { copy = Result { try self.copyAside(for: savePath) } }
            } : nil
        let built = Result { () throws -> QuestStore in
            let scratch = try QuestStore(scratch: ())
            try scratch.write { db in try db.withoutTriggersAndIndexes { try db.insertAll(of: backup) } }
            return scratch
        }
        background?.join()
        let scratch: QuestStore
        do {
            try checked.get()
            scratch = try built.get()
        } catch {
            if case .success(let copy) = copy { copy.discard() }
            throw error
        }
        if let copy {
            let copy = try copy.get()
            do { try copy.keep() } catch { throw StoreError.cannotCreate(path: copy.path, reason: error.reason) }
        }
        // The restored store syncs as a new machine (docs/sync.md); the folder it syncs through stays, and
        // when it replaced a store that synced, its next sync says what that means.
        let syncFolder = try store.syncFolder()
        let replacedAReplica = try store.syncReplica() != nil
        // So do where this machine keeps its automatic backups, and how many.
        let snapshotSettings = try Snapshots(store).machineSettings()
        try store.replaceContents(with: scratch)
        if let syncFolder { try store.setSyncFolder(syncFolder) }
        try Snapshots(store).restoreMachineSettings(snapshotSettings)
        if replacedAReplica { try store.write { db in try db.markRestoredOverASyncedStore() } }
    }

    /// Copies the store, page by page, to a new owner-only file for `path` (which must not exist yet), kept
    /// under its temporary name until the restore goes ahead.
    private func copyAside(for path: String) throws -> PartialFile {
        guard access(path, F_OK) != 0 else {
            throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(EEXIST)))
        }
        let copy: PartialFile
        do { copy = try PartialFile(for: path) } catch {
            throw StoreError.cannotCreate(path: path, reason: error.reason)
        }
        do {
            try store.inDatabase { try $0.copy(to: copy.temporary) }
        } catch {
            copy.discard()
            throw error
        }
        return copy
    }

    /// Merges `backup` into the store by UUID in one transaction, or only reports what it would do when
    /// `dryRun`. Importing the same backup again changes nothing. An undo recorded on either side wins
    /// over the completion it undid; a quest completed here and there for the same day keeps this
    /// store's completion (and pays once). Refuses a record whose UUID is here with different content,
    /// and an import that would take the balance below zero, unless the merged history has synced (the
    /// store or the backup: `allowsDebt`).
    /// `now` says which of the limit quests' days are over, for the amounts and quests that arrive (without
    /// it, the store's moment in UTC); those days then get the completions and pay their amounts come to.
    public func importBackup(_ backup: Backup, dryRun: Bool, now: Now? = nil) throws -> ImportReport {
        try store.writeWithoutStamping(commit: !dryRun) { db in
            let changesBefore = db.totalChanges
            defer { try? db.countWrite(since: changesBefore) }
            var report = ImportReport()
            report.balanceBefore = try db.balance()
            // A history that synced may carry a debt; merged in, this store's history has synced too.
            if backup.synced { try db.markSynced() }
            let debtAllowed = try db.allowsDebt()
            try db.mergeSettings(of: backup, into: &report)
            try db.mergeQuests(of: backup, into: &report)
            try db.mergeRewards(of: backup, into: &report)
            var skippedCompletions = try db.mergeCompletions(of: backup, into: &report)
            try db.mergeSkips(of: backup, into: &report)
            skippedCompletions.formUnion(try db.mergeFocus(of: backup, into: &report))
            let amounts = try db.mergeAmounts(of: backup, into: &report)
            // The kinds merged by the rule their declarations give (`RecordKind.merge`).
            for kind in RecordKind.all {
                if let counts = try kind.merge(backup, into: db) { report[kind] = counts }
            }
            try db.recount()
            if debtAllowed {
                try db.merging {
                    try db.mergeLedger(of: backup, skipping: skippedCompletions, debtAllowed: true, into: &report)
                }
            } else {
                try db.mergeLedger(of: backup, skipping: skippedCompletions, debtAllowed: false, into: &report)
            }
            for record in backup.achievements {
                let isNew = try db.record(record.achievement, earnedOn: record.earnedDay, at: record.recordedAt)
                if isNew { report[.achievements].added += 1 } else { report[.achievements].present += 1 }
            }
            // The measured days whose amounts changed follow their totals, as after a sync, and a limit
            // quest that arrived has its ended days settled, amounts or none.
            let settling = now ?? Now(instant: db.moment ?? .distantPast, zone: .utc)
            let before = (completions: try db.rowCount(of: "completion"), ledger: try db.rowCount(of: "ledger_entry"))
            try db.merging { try db.settleMeasuredDays(amounts: amounts, versions: [], now: settling) }
            report[.completions].added += max(try db.rowCount(of: "completion") - before.completions, 0)
            report[.ledger].added += try db.rowCount(of: "ledger_entry") - before.ledger
            if report.changesLedgerRecords { try db.checkMergedLedger(of: backup) }
            report.balanceAfter = try db.balance()
            try db.stampChanges()
            return report
        }
    }
}

extension Database {
    /// Runs `body` with the triggers and secondary indexes dropped, then creates them again: building an
    /// index once over all rows is much faster than growing it row by row. Only for loading a scratch
    /// store, whose content `body` checks itself.
    fileprivate func withoutTriggersAndIndexes(_ body: () throws -> Void) throws {
        let saved = try prepare(
            """
            SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') AND sql IS NOT NULL
            """
        ).rows { (type: $0.text(0), name: $0.text(1), sql: $0.text(2)) }
        for item in saved { try execute("DROP \(item.type) \"\(item.name)\"") }
        try body()
        for item in saved { try execute(item.sql) }
    }

    /// Inserts every record of a checked backup into this (empty) store, keeping quest and reward numbers.
    fileprivate func insertAll(of backup: Backup) throws {
        for (key, value) in backup.settings { try insertSetting(key, value) }
        for quest in backup.quests { try insert(quest, keepingNumber: true) }
        for reward in backup.rewards { try insert(reward, keepingNumber: true) }
        // The two big tables go in many rows per statement, with quest numbers and running balances
        // worked out here rather than looked up in SQL for every row.
        try insert(backup.completions)
        var balances: [Int] = []
        balances.reserveCapacity(backup.ledger.count)
        for entry in backup.ledger { balances.append((balances.last ?? 0) + entry.amount) }
        // The table's CHECK constraints hold already: the document's amounts, kinds and freeze days were
        // checked when it was read (`Backup.validate`). Evaluated, the kind list alone would cost more than
        // the rest of the insert, as SQLite builds a lookup table for it again for every row.
        try withoutCheckConstraints {
            try insertAll(
                backup.ledger, as: LedgerEntry.declaration,
                extra: (["running_balance"], { [.integer(Int64(balances[$0]))] }))
        }
        for skip in backup.skips { _ = try insertIfItsQuestIsHere(skip) }
        // The kinds kept as their declarations say, a row per record.
        for kind in RecordKind.all { try kind.stored?.add(self, backup) }
        // The completions went in many rows at once: count every day once, here.
        try recount(quests: backup.quests)
        if backup.synced { try markSynced() }
    }

    /// Refuses a merge whose result breaks a ledger rule (`LedgerAudit`, the rules doctor applies), naming
    /// the document's record the problem is about.
    fileprivate func checkMergedLedger(of backup: Backup) throws {
        guard let problem = try ledgerProblems().first else { return }
        func indexes(_ ids: [UUID]) -> [String: Int] {
            Dictionary(ids.enumerated().map { ($1.uuidString, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let path: String?
        switch problem.record {
        case .completion(let id): path = indexes(backup.completions.map(\.id))[id].map { "completions[\($0)]" }
        case .entry(let id): path = indexes(backup.ledger.map(\.id))[id].map { "ledger[\($0)]" }
        case .purchase(let id): path = indexes(backup.redemptions.map(\.id))[id].map { "redemptions[\($0)]" }
        case .focus(let id): path = UUID(uuidString: id).map(backup.focusPath)
        }
        guard let path else {
            throw BackupError.invalid(JSONError(path: "", problem: .storeLedgerInconsistent))
        }
        throw Backup.refusal(problem) { _ in path }
    }

    fileprivate func mergeSettings(of backup: Backup, into report: inout ImportReport) throws {
        let local = Set(try prepare("SELECT key FROM setting").rows { $0.text(0) })
        for (key, value) in backup.settings {
            if local.contains(key.rawValue) {
                report[.settings].present += 1
            } else {
                try insertSetting(key, value)
                report[.settings].added += 1
            }
        }
    }

    fileprivate func mergeQuests(of backup: Backup, into report: inout ImportReport) throws {
        let local = Dictionary(uniqueKeysWithValues: try quests().map { ($0.id, $0) })
        for quest in backup.quests {
            guard let existing = local[quest.id] else {
                try insert(quest, keepingNumber: false)
                report[.quests].added += 1
                continue
            }
            report[.quests].present += 1
            let known = Set(existing.versions.map(\.effectiveFrom))
            for version in quest.versions where !known.contains(version.effectiveFrom) {
                try save(version, forQuest: existing.number)
                report.scheduleChanges += 1
            }
        }
    }

    fileprivate func mergeRewards(of backup: Backup, into report: inout ImportReport) throws {
        let local = Set(try rewards().map(\.id))
        for reward in backup.rewards {
            if local.contains(reward.id) {
                report[.rewards].present += 1
            } else {
                try insert(reward, keepingNumber: false)
                report[.rewards].added += 1
            }
        }
    }

    /// Merges completions; returns the UUIDs of the backup's completions not taken or already here, whose
    /// ledger entries must not be taken either: a completion this store holds keeps this store's payments,
    /// as sync keeps them (each machine pays a quest-day it shares with another once, in entries of its own).
    fileprivate func mergeCompletions(of backup: Backup, into report: inout ImportReport) throws -> Set<UUID> {
        struct QuestDay: Hashable {
            let quest: UUID
            let day: Int
        }
        var local: [UUID: Completion<UUID>] = [:]
        var taken: Set<QuestDay> = []
        for completion in try completionRecords() {
            local[completion.id] = completion
            taken.insert(QuestDay(quest: completion.quest, day: completion.day.dayNumber))
        }
        let undoneHere = Set(
            try prepare("SELECT reference FROM ledger_entry WHERE kind = 'undo' AND reference IS NOT NULL")
                .rows { $0.uuid(0) }.compactMap { $0 })
        let inBackup = Set(backup.completions.map(\.id))
        for entry in backup.ledger where entry.kind == .undo {
            guard let id = entry.reference, !inBackup.contains(id), let completion = local.removeValue(forKey: id)
            else { continue }
            try cached("DELETE FROM completion WHERE uuid = ?").run([.uuid(id)])
            taken.remove(QuestDay(quest: completion.quest, day: completion.day.dayNumber))
            report.undoneCompletions += 1
        }
        var skipped: Set<UUID> = []
        var added: [Completion<UUID>] = []
        for (index, completion) in backup.completions.enumerated() {
            if let existing = local[completion.id], existing == completion {
                skipped.insert(completion.id)
                report[.completions].present += 1
            } else if let existing = local[completion.id] {
                // Completions made since 0.4 take their UUID from quest and day: the same quest-day done on
                // two machines is one completion. This store's stands (and pays once), as below.
                guard existing.quest == completion.quest, existing.day == completion.day else {
                    throw RecordKind.completions.conflict(at: index)
                }
                skipped.insert(completion.id)
                report[.completions].skipped += 1
            } else if undoneHere.contains(completion.id)
                || taken.contains(QuestDay(quest: completion.quest, day: completion.day.dayNumber))
            {
                skipped.insert(completion.id)
                report[.completions].skipped += 1
            } else {
                added.append(completion)
                taken.insert(QuestDay(quest: completion.quest, day: completion.day.dayNumber))
                report[.completions].added += 1
            }
        }
        try insert(added)
        return skipped
    }

    fileprivate func mergeLedger(
        of backup: Backup, skipping skippedCompletions: Set<UUID>, debtAllowed: Bool,
        into report: inout ImportReport
    ) throws {
        let local = Dictionary(uniqueKeysWithValues: try allLedgerEntries().map { ($0.id, $0) })
        var balance = try balance()
        for (index, entry) in backup.ledger.enumerated() {
            if let existing = local[entry.id] {
                guard existing == entry else { throw RecordKind.ledger.conflict(at: index) }
                report[.ledger].present += 1
            } else if let reference = entry.reference,
                try skippedCompletions.contains(reference) || isSettled(entry.kind, reference)
            {
                report[.ledger].skipped += 1
            } else {
                balance += entry.amount
                guard balance >= 0 || debtAllowed else {
                    throw BackupError.overdraw(path: "ledger[\(index)]", balance: balance)
                }
                try append(entry)
                report[.ledger].added += 1
            }
        }
    }

    /// Whether an undo or refund from the document was already made here (on both machines): nothing is
    /// left to take back, or the purchase is already refunded, so it is not booked twice.
    private func isSettled(_ kind: LedgerKind, _ reference: UUID) throws -> Bool {
        switch kind {
        case .undo: try netAmount(referringTo: reference) == 0
        case .refund:
            try cached("SELECT 1 FROM ledger_entry WHERE kind = 'refund' AND reference = ?")
                .firstRow([.uuid(reference)]) { _ in true } ?? false
        case .questReward, .redemption, .bonus, .adjustment, .freeze, .focusTask, .focusGoal: false
        }
    }

    /// Merges skips by UUID (a skip's derives from its quest and day, so the same skip made on both
    /// machines is one). An import adds; it never removes a skip (a sync carries removals). The caller counts
    /// the days again.
    fileprivate func mergeSkips(of backup: Backup, into report: inout ImportReport) throws {
        let localSkips = Dictionary(uniqueKeysWithValues: try skipRecords().map { ($0.id, $0) })
        for (index, skip) in backup.skips.enumerated() {
            if let existing = localSkips[skip.id] {
                guard existing.quest == skip.quest, existing.day == skip.day else {
                    throw RecordKind.skips.conflict(at: index)
                }
                report[.skips].present += 1
            } else if try insertIfItsQuestIsHere(skip) {
                report[.skips].added += 1
            } else {
                report[.skips].present += 1  // the same quest-day, skipped under another UUID
            }
        }
    }

    /// Merges the days' focus: a main quest or a task already here (by its day, by its UUID) keeps this
    /// store's, with its payments; others are added, with theirs. Refuses a merge that leaves a day holding
    /// more tasks than the limit and more than either side held (nothing is dropped: a sync may leave a day
    /// over its limit, an import does not make one). Returns the UUIDs of the backup's records not taken,
    /// whose ledger entries are not taken either.
    fileprivate func mergeFocus(of backup: Backup, into report: inout ImportReport) throws -> Set<UUID> {
        var skipped: Set<UUID> = []
        for goal in backup.focusGoals {
            if let existing = try focusGoal(on: goal.day) {
                if existing == goal { report[.goals].present += 1 } else { report[.goals].skipped += 1 }
                skipped.insert(goal.id)
            } else {
                try save(goal)
                report[.goals].added += 1
            }
        }
        var before: [LocalDay: Int] = [:]
        var gained: [LocalDay: Int] = [:]
        for (index, task) in backup.focusTasks.enumerated() {
            if let existing = try focusTask(task.id) {
                if existing == task { report[.tasks].present += 1 } else { report[.tasks].skipped += 1 }
                skipped.insert(task.id)
                continue
            }
            if before[task.day] == nil { before[task.day] = try focusTasks(on: task.day).count(where: \.isLive) }
            try save(task)
            report[.tasks].added += 1
            if task.isLive, gained[task.day] == nil { gained[task.day] = index }
        }
        let limit = try settings().focusLimit
        for (day, index) in gained.sorted(by: { $0.value < $1.value }) {
            let holds = try focusTasks(on: day).count(where: \.isLive)
            let inBackup = backup.focusTasks.count { $0.day == day && $0.isLive }
            if holds > limit, holds > inBackup, holds > before[day, default: 0] {
                throw BackupError.invalid(
                    JSONError(
                        path: "focusTasks[\(index)]", problem: .overFocusLimit(day: day, holds: holds, limit: limit)))
            }
        }
        return skipped
    }

    /// Merges amounts by UUID: a new one is added, one here takes the backup's undo; returns the UUID texts
    /// of those added or undone, whose days are settled once the merge is done.
    fileprivate func mergeAmounts(of backup: Backup, into report: inout ImportReport) throws -> [String] {
        var changed: [String] = []
        for entry in backup.amounts {
            if let existing = try amountEntry(entry.id) {
                report[.amounts].present += 1
                guard entry.undone, !existing.undone else { continue }
                try markUndone(entry.id)
            } else {
                try insert(entry)
                report[.amounts].added += 1
            }
            changed.append(entry.id.uuidString)
        }
        return changed
    }

    /// Every skip, by day and quest, pointing at its quest by UUID.
    fileprivate func skipRecords() throws -> [Skip<UUID>] {
        try records(Skip<UUID>.declaration, orderBy: "day, quest")
    }

    /// Records a backup's skip (its quest by UUID) unless the quest-day is skipped; whether it was new.
    /// The caller counts the days again.
    private func insertIfItsQuestIsHere(_ skip: Skip<UUID>) throws -> Bool {
        guard try questNumber(skip.quest.uuidString) != nil else { return false }
        return try insert(skip, recounting: false)
    }

    /// Every completion, in the order recorded, pointing at its quest by UUID.
    fileprivate func completionRecords() throws -> [Completion<UUID>] {
        try records(Completion<UUID>.declaration, orderBy: "id")
    }

    // MARK: - Inserting records

    private func insert(_ quest: Quest, keepingNumber: Bool) throws {
        try insert(quest, as: Quest.declaration, omitting: keepingNumber ? [] : ["number"])
        let number = Int(lastInsertRowID)
        for version in quest.versions { try save(version, forQuest: number) }
    }

    private func insert(_ reward: Reward, keepingNumber: Bool) throws {
        try insert(reward, as: Reward.declaration, omitting: keepingNumber ? [] : ["number"])
    }

    /// Inserts a backup's completions, in order, many rows per statement; their quests must be here.
    /// Restore and import both insert through it, so a completion's columns are mapped in one place.
    private func insert(_ completions: [Completion<UUID>]) throws {
        let questNumbers = Dictionary(
            try prepare("SELECT uuid, number FROM quest").rows { ($0.uuid(0), $0.int(1)) }
                .compactMap { id, number in id.map { ($0, number) } }, uniquingKeysWith: { first, _ in first })
        try insertAll(completions, as: Completion<UUID>.declaration, numbers: ["quest": questNumbers])
    }

    private func insertSetting(_ key: Settings.Key, _ value: String) throws {
        try prepare("INSERT INTO setting (key, value) VALUES (?, ?)").run([
            .text(key.rawValue), .text(value),
        ])
    }
}
