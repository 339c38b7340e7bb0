import FoundationEssentials
import QuestsCore

/// What the first sync of a store did.
public enum SyncJoin: Sendable, Equatable {
    /// It had synced before: nothing to do.
    case already
    /// It joined as a new machine (`replica`).
    case joined(replica: String)
    /// It replaced a store that synced, by a restore, and joined again as a new machine: what the restore
    /// replaced comes back from the other machines.
    case rejoinedAfterRestore(replica: String)
}

/// This store's own changes for the next file: those after `first` through `through` (`SyncFileName`), to
/// mark them written.
struct SyncExport: Sendable {
    let file: SyncFile
    let first: Int
    let through: Int

    /// The name of the file, with a random `tag`.
    func name(tag: String) -> SyncFileName { SyncFileName(first: first, last: through, tag: tag) }
}

extension QuestStore {
    /// This store's replica id, nil while it has never synced.
    func syncReplica() throws -> String? {
        try inDatabase { try $0.syncReplica() }
    }

    /// Whether this store may hold a negative balance: `LedgerAudit.allowsDebt`, the rule backups keep too.
    func allowsDebt() throws -> Bool {
        try inDatabase { try $0.allowsDebt() }
    }

    /// The sync folder `quests config sync-dir` remembers for this store (never synced: it is per machine).
    func syncFolder() throws -> String? {
        try inDatabase { try $0.syncFolder() }
    }

    /// Remembers the sync folder of this store.
    func setSyncFolder(_ path: String) throws {
        try write { db in try db.setState("folder", path) }
    }

    /// Makes this store a replica on its first sync: a new replica id (from the store's `ids`). What it
    /// holds counts as written at `HybridTime.base`, so it joins the others without overriding what they
    /// changed, and costs no register per record: only records that change field by field keep their
    /// values as registers (to tell later which field a write changed), and the next file is a snapshot
    /// (`syncExport`).
    func joinSync() throws -> SyncJoin {
        // Most syncs find the store a replica already: a read, not a write.
        guard try syncReplica() == nil else { return .already }
        return try write { db in
            guard try db.syncReplica() == nil else { return .already }
            let restored = try db.state("restored") != nil
            try db.cached("DELETE FROM sync_state WHERE key = 'restored'").run()
            let replica = db.ids.next().uuidString
            try db.setState("replica", replica)
            try db.setState("clock", HybridTime.origin(of: replica).description)
            var holds = false
            for kind in SyncKind.all {
                guard kind.changesFieldByField else {
                    holds = try holds || db.prepare(kind.keys + " LIMIT 1").firstRow { $0.text(0) } != nil
                    continue
                }
                for key in try db.prepare(kind.keys).rows([], { $0.text(0) }) {
                    holds = true
                    guard let values = try kind.read(db, key) else { continue }
                    for (field, value) in values {
                        try db.cached(
                            """
                            INSERT OR REPLACE INTO sync_register (kind, key, field, value, stamp, seq) VALUES (?, ?, ?, ?, ?, NULL)
                            """
                        ).run([
                            .text(kind.name), .text(key), .text(field), value.map { .text($0) } ?? .null,
                            .text(HybridTime.base.description),
                        ])
                    }
                }
            }
            if holds { try db.setState("snapshot", "1") }
            return restored ? .rejoinedAfterRestore(replica: replica) : .joined(replica: replica)
        }
    }

    /// The changes this replica stamped and has not written to a file yet, after the first time a snapshot
    /// of every record as it counts at `HybridTime.base` (fields no register covers, or one at the base);
    /// nil when there is nothing to write.
    func syncExport() throws -> SyncExport? {
        try read { db in
            guard let replica = try db.syncReplica() else { return nil }
            let exported = Int(try db.state("exported") ?? "0") ?? 0
            var through = exported
            var changes: [SyncChange] = []
            try db.prepare(
                """
                SELECT kind, key, field, value, stamp, seq FROM sync_register WHERE seq > ? ORDER BY seq
                """
            ).forEachRow([.integer(Int64(exported))]) { row in
                let seq = row.int(5)
                through = max(through, seq)
                guard let stamp = HybridTime(row.text(4)) else { return }
                let (kind, key, field) = (row.text(0), row.text(1), row.text(2))
                guard field == RecordRegisters.wholeRecord else {
                    changes.append(
                        SyncChange(
                            stamp: stamp, kind: kind, key: key, field: field, value: row.optionalText(3), seq: seq))
                    return
                }
                for (field, value) in RecordRegisters.decode(row.optionalText(3) ?? "") {
                    changes.append(SyncChange(stamp: stamp, kind: kind, key: key, field: field, value: value, seq: seq))
                }
            }
            let records = try db.state("snapshot") != nil ? try db.snapshot() : []
            guard !changes.isEmpty || !records.isEmpty else { return nil }
            // A file's range is never empty: a snapshot alone takes one number of the counter
            // (`markExported` moves the counter on past it).
            through = max(through, Int(try db.state("seq") ?? "0") ?? 0, exported + 1)
            return SyncExport(
                file: SyncFile(replica: replica, records: records, changes: changes), first: exported, through: through)
        }
    }

    /// Notes that this replica's changes up to `through`, and its snapshot, are in a finished file.
    func markExported(through: Int) throws {
        try write { db in
            try db.setState("exported", String(through))
            if through > Int(try db.state("seq") ?? "0") ?? 0 { try db.setState("seq", String(through)) }
            try db.cached("DELETE FROM sync_state WHERE key = 'snapshot'").run()
        }
    }

    /// Applies other replicas' files in one transaction and remembers them as read: each register takes
    /// a change whose stamp is greater than its own (last writer wins), then every record touched, and
    /// every one still waiting, is made to match its registers. Applying a change twice changes nothing.
    ///
    /// A record written whole (a completion, a purchase, an entry) that no register covers counts as written
    /// at `HybridTime.base` with the values it has; a snapshot's value that wins over it, or over nothing,
    /// is applied without a register (it is at the base too), unless the record must wait.
    ///
    /// The files `names` are read in turn by `readFile` (nil: gone, or unreadable), given which of each one's
    /// changes this store applied already, and each is let go once received: a new machine joining reads
    /// years of history from every other machine, and holds one file of it at a time.
    func applySync(
        _ names: [String], now: Now, reading readFile: (_ name: String, _ applied: @escaping (Int) -> Bool) -> SyncFile?
    ) throws -> SyncOutcome {
        // The first file that reads is read before the transaction: when none does and nothing waits (most
        // syncs find no file to read), the sync is a read, not a write.
        var unread = names[...]
        var first: (name: String, file: SyncFile)?
        while first == nil, let name = unread.popFirst() {
            first = readFile(name, try inDatabase { try $0.appliedSyncSeqs(name) }).map { (name, $0) }
        }
        if first == nil,
            try read({ db in try db.cached("SELECT 1 FROM sync_pending LIMIT 1").firstRow { $0.int(0) } }) == nil
        {
            return SyncOutcome(applied: 0, waiting: 0, balance: try inDatabase { try $0.balance() })
        }
        return try write { db in
            // Room for the pages a new machine's join writes in this one transaction: with SQLite's default
            // cache, a history's pages go out to the write-ahead log and back many times over.
            try db.execute("PRAGMA cache_size = -16384")
            guard let replica = try db.syncReplica(), let clock = try db.state("clock").flatMap(HybridTime.init) else {
                return SyncOutcome(applied: 0, waiting: 0, balance: try db.balance())
            }
            return try db.merging {
                var merge = try SyncMerge(into: db, replica: replica, clock: clock)
                if let arrived = first { try merge.receive(arrived.file, named: arrived.name) }
                first = nil
                for name in unread {
                    guard let file = readFile(name, try db.appliedSyncSeqs(name)) else { continue }
                    try merge.receive(file, named: name)
                }
                try merge.applyTouched(now: now)
                try merge.saveHeld()
                try db.sweepDeletedQuests()
                try merge.settle(now: now)
                return try merge.finish()
            }
        }
    }
}

extension Database {
    /// This store's replica id, nil while it has never synced.
    func syncReplica() throws -> String? {
        try state("replica")
    }

    /// Whether this store's history has synced: it is a replica, or it was restored from (or imported) a
    /// backup of a store that had synced, even before it syncs again itself.
    func hasSynced() throws -> Bool {
        // A store examined by doctor may predate sync.
        let hasTable =
            try cached("SELECT 1 FROM sqlite_master WHERE name = 'sync_state'").firstRow { $0.int(0) } != nil
        guard hasTable else { return false }
        return try cached("SELECT 1 FROM sync_state WHERE key IN ('replica', 'synced') LIMIT 1").firstRow {
            $0.int(0)
        } != nil
    }

    /// Whether this store may hold a negative balance: `LedgerAudit.allowsDebt`, the rule backups keep too.
    func allowsDebt() throws -> Bool {
        LedgerAudit.allowsDebt(synced: try hasSynced())
    }

    /// Notes that this store holds a history that synced (a restored or imported backup said so).
    func markSynced() throws {
        try setState("synced", "1")
    }

    /// Runs `body`, a merge of another machine's history (a sync, an import of a synced backup), with the
    /// store's refusal of a negative balance lifted: such a merge may leave a debt.
    func merging<T>(_ body: () throws -> T) throws -> T {
        try setState("applying", "1")
        let result = try body()
        try cached("DELETE FROM sync_state WHERE key = 'applying'").run()
        return result
    }

    /// The sync folder `quests config sync-dir` remembers for this store (never synced: it is per machine).
    func syncFolder() throws -> String? {
        try state("folder")
    }

    /// Notes that a restore replaced a store that synced: its next sync says so (`SyncJoin`).
    func markRestoredOverASyncedStore() throws {
        try setState("restored", "1")
    }

    /// Stamps the fields of the records this transaction touched that differ from their registers, with
    /// one new stamp, and queues them for this replica's next file, numbering each record it stamps once
    /// (`seq`). `QuestStore.write` calls it before committing.
    func stampChanges() throws {
        let dirty = try cached("SELECT kind, key FROM sync_dirty").rows {
            (kind: $0.text(0), key: $0.text(1))
        }
        guard !dirty.isEmpty else { return }
        try execute("DELETE FROM sync_dirty")
        guard let clockText = try state("clock"), let clock = HybridTime(clockText) else { return }
        var seq = Int(try state("seq") ?? "0") ?? 0
        var stamp: String?
        for (kind, key) in dirty {
            guard let syncKind = SyncKind.named(kind), let values = try syncKind.read(self, key) else { continue }
            var registers = try RecordRegisters.read(kind, key, from: self)
            var numbered = false
            for (field, value) in values.sorted(by: { $0.key < $1.key }) where registers[field]?.value != value {
                let next = stamp ?? clock.tick(at: moment ?? Date(timeIntervalSince1970: 0)).description
                stamp = next
                if !numbered {
                    seq += 1
                    numbered = true
                }
                registers.set(field, SyncRegister(value: value, stamp: next, seq: seq))
            }
            try registers.save(in: self)
        }
        try setState("seq", String(seq))
        if let stamp { try setState("clock", stamp) }
    }

    /// Every record this store holds, with the fields that count as written at `HybridTime.base`.
    fileprivate func snapshot() throws -> [SyncRecord] {
        var records: [SyncRecord] = []
        for kind in SyncKind.all {
            var stamped: [String: Set<String>] = [:]
            try prepare("SELECT key, field, value FROM sync_register WHERE kind = ? AND stamp <> ?")
                .forEachRow([.text(kind.name), .text(HybridTime.base.description)]) { row in
                    let field = row.text(1)
                    stamped[row.text(0), default: []].formUnion(
                        field == RecordRegisters.wholeRecord
                            ? RecordRegisters.decode(row.optionalText(2) ?? "").map(\.field) : [field])
                }
            for key in try prepare(kind.keys).rows([], { $0.text(0) }) {
                guard let values = try kind.read(self, key), kind.present(values) else { continue }
                let covered = stamped[key] ?? []
                let fields = values.filter { !covered.contains($0.key) }.sorted { $0.key < $1.key }.map {
                    SyncField($0.key, $0.value)
                }
                if !fields.isEmpty { records.append(SyncRecord(kind: kind.name, key: key, fields: fields)) }
            }
        }
        return records
    }

    /// Whether the quest with UUID text `key` was deleted (`quests delete`, here or elsewhere).
    func isDeletedQuest(_ key: String) throws -> Bool {
        try RecordRegisters.read("quest", key, from: self)["deleted"]?.value == "1"
    }

    /// Takes away the quests deleted (here or elsewhere) that have no completions or skips here, and says
    /// whether it took any. Called after a sync applies changes, and after an undo or an unskip here.
    @discardableResult func sweepDeletedQuests() throws -> Bool {
        try cached(
            """
            DELETE FROM quest WHERE uuid IN (SELECT key FROM sync_register WHERE kind = 'quest' AND field = 'deleted' AND value = '1')
              AND NOT EXISTS (SELECT 1 FROM completion c WHERE c.quest = quest.number)
              AND NOT EXISTS (SELECT 1 FROM skip s WHERE s.quest = quest.number)
            """
        ).run()
        return changes > 0
    }

    /// The number of the quest with UUID text `key`, for a completion or skip of it arriving by sync: a quest
    /// deleted here comes back for one that happened (`restoreDeletedQuest`). Nil when the quest is not here.
    func questNumber(_ key: String, forRecordThatHappened happened: Bool, now: Now) throws -> Int? {
        if let number = try questNumber(key) { return number }
        return happened ? try restoreDeletedQuest(key, now: now) : nil
    }

    /// Brings back the deleted quest `key` from its registers, its fields and its schedule versions, when a
    /// completion or skip of it arrives from a machine that did not delete it: history is never lost. Its
    /// number, or nil when no register knows the quest (it has not arrived yet).
    func restoreDeletedQuest(_ key: String, now: Now) throws -> Int? {
        let values = try RecordRegisters.read("quest", key, from: self).values
        guard (values["deleted"] ?? nil) == "1", let quest = Self.quest(key, fromRegisters: values) else { return nil }
        try insert(quest, as: Quest.declaration, omitting: ["number"])
        let versions = try prepare(
            "SELECT DISTINCT key FROM sync_register WHERE kind = 'version' AND key LIKE ?"
        )
        .rows([.text(key + "/%")]) { $0.text(0) }
        for version in versions {
            _ = try SyncKind.version.apply(
                self, version, try RecordRegisters.read("version", version, from: self).values, now)
        }
        return try questNumber(key)
    }

    /// The quest `key` (its UUID's text) as its registers `values` hold it, its number left to the store; nil
    /// when one is missing or is not a value its field takes.
    static func quest(_ key: String, fromRegisters values: SyncKind.Values) -> Quest? {
        guard let id = UUID(syncKey: key) else { return nil }
        return Quest.declaration.record(
            fromRegisters: values,
            startingFrom: Quest(id: id, number: 0, title: "", createdDay: LocalDay(dayNumber: 0), versions: []))
    }

    func state(_ key: String) throws -> String? {
        try cached("SELECT value FROM sync_state WHERE key = ?").firstRow([.text(key)]) { $0.text(0) }
    }

    func setState(_ key: String, _ value: String) throws {
        try cached("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)").run([
            .text(key), .text(value),
        ])
    }
}
