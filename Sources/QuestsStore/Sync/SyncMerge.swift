import QuestsCore

/// What applying other replicas' files did.
struct SyncOutcome: Sendable {
    /// Changes that won over what this store had (a change stamped after the base over a field of a record
    /// written whole that no register covers counts, even when the record held that value: it is not read).
    let applied: Int
    /// Records that wait for something they refer to (a quest or reward still to come).
    let waiting: Int
    let balance: Int
}

/// One sync's merge of other replicas' changes into the store, inside `QuestStore.applySync`'s
/// transaction: it receives the changes, keeping those that win over what the store holds, then makes
/// every record they touched, and every one still waiting, match its registers. What a change is weighed
/// against follows its kind's strategy (`SyncKind.changesFieldByField`): a register for each field, or
/// for a record written whole that none covers, the record as it is, at `HybridTime.base`.
struct SyncMerge {
    /// A record of a kind, by its sync key.
    private struct Record: Hashable {
        let kind: String
        let key: String
    }

    private let db: Database
    private let replica: String
    private var clock: HybridTime
    private var applied = 0
    /// The records that were waiting when the sync began.
    private let pending: Set<Record>
    /// The records to make match their registers: those a change touched, and those waiting.
    private var touched: Set<Record>
    /// Values at the base that won here without a register.
    private var atBase: [Record: SyncKind.Values] = [:]
    /// The base values of the records written whole read so far (`base`).
    private var bases: [Record: SyncKind.Values] = [:]
    /// The registers of the record whose changes are arriving. A record's fields come one after another (a
    /// snapshot's always, a change's at one stamp): its registers are read once, and put away once the
    /// next record comes.
    private var arriving: RecordRegisters?
    /// The registers this sync changed of records written whole, kept until the record is applied and
    /// written then, in key order (a join brings them by the hundred thousand), as the base values that won
    /// are kept in `atBase`; the others are written at once.
    private var held: [Record: RecordRegisters] = [:]
    /// The last stamp received and its text: a record's fields at one stamp come together (one entry of a
    /// version 3 file), so its text is made once.
    private var lastStamp: (stamp: HybridTime, text: String)?

    /// A merge into `db`, this store's, whose replica is `replica` and whose clock stands at `clock`.
    init(into db: Database, replica: String, clock: HybridTime) throws {
        self.db = db
        self.replica = replica
        self.clock = clock
        pending = Set(
            try db.prepare("SELECT kind, key FROM sync_pending").rows {
                Record(kind: $0.text(0), key: $0.text(1))
            })
        touched = pending
    }

    // MARK: - Receiving changes

    /// Receives the changes of the file `name` that this store has not applied, and remembers it as read.
    mutating func receive(_ file: SyncFile, named name: String) throws {
        let hasApplied: (Int) -> Bool =
            try Database.split(name).replica == file.replica ? db.appliedSyncSeqs(name) : { _ in false }
        try db.noteRead(name)
        // SQLite text ends at a NUL: a change holding one could not be kept whole, so it is left out.
        try file.forEachChange { change in
            // A field without a name stands for none (`RecordRegisters.wholeRecord` is no field).
            guard change.stamp.replica != replica, !(change.seq.map(hasApplied) ?? false),
                let kind = SyncKind.named(change.kind), !change.field.isEmpty,
                ![change.key, change.field, change.value ?? ""].contains(where: { $0.utf8.contains(0) })
            else { return }
            try receive(change, of: kind)
        }
    }

    /// Keeps `change` if it wins over what the store holds of its field, and notes its record as touched
    /// when that changes it.
    private mutating func receive(_ change: SyncChange, of kind: SyncKind) throws {
        clock = clock.witnessing(change.stamp)
        let record = Record(kind: change.kind, key: change.key)
        try turn(to: record)
        let (current, known) = try standing(of: change, kind, record)
        guard change.wins(over: current) else { return }
        if change.stamp == .base, !kind.changesFieldByField {
            atBase[record, default: [:]][change.field] = .some(change.value)
        } else {
            let stamp = text(of: change.stamp)
            arriving?.set(change.field, SyncRegister(value: change.value, stamp: stamp, seq: nil))
        }
        // The same value under a newer stamp (two machines that started from one backup): the record
        // already matches it. A record not read is made to match.
        if known, current?.value == change.value { return }
        touched.insert(record)
        applied += 1
    }

    /// What the store holds of the field `change` writes, with its stamp (nil: nothing), and whether that is
    /// known: a change stamped after the base wins over a field of a record written whole that no register
    /// covers, whatever the record holds, which is not read.
    private mutating func standing(
        of change: SyncChange, _ kind: SyncKind, _ record: Record
    ) throws -> (current: (value: String?, stamp: HybridTime)?, known: Bool) {
        if let value = atBase[record]?[change.field] { return ((value, .base), true) }
        if let register = arriving?[change.field] { return (register.time.map { (register.value, $0) }, true) }
        if !kind.changesFieldByField, change.stamp != .base { return (nil, false) }
        return (try base(kind, record)[change.field].map { ($0, .base) }, true)
    }

    /// Makes the registers of `record` the ones changes go to, unless they are already, putting away those
    /// of the record before.
    private mutating func turn(to record: Record) throws {
        guard arriving?.kind != record.kind || arriving?.key != record.key else { return }
        try putAway()
        arriving = try held.removeValue(forKey: record) ?? .read(record.kind, record.key, from: db)
    }

    /// Holds the registers changes went to, when this sync changed them and their record is written whole,
    /// or saves them.
    private mutating func putAway() throws {
        guard var registers = arriving else { return }
        if registers.writtenWhole, registers.hasChanges {
            held[Record(kind: registers.kind, key: registers.key)] = registers
        } else {
            try registers.save(in: db)
        }
    }

    /// The values of `record` as the store holds it, which count as written at the base: those of a record
    /// of a kind written whole that is there, read once; none for the others.
    private mutating func base(_ kind: SyncKind, _ record: Record) throws -> SyncKind.Values {
        if let known = bases[record] { return known }
        let values =
            try kind.changesFieldByField
            ? [:] : kind.read(db, record.key).flatMap { kind.present($0) ? $0 : nil } ?? [:]
        bases[record] = values
        return values
    }

    /// The text of `stamp`, made once for the changes at one stamp that come together.
    private mutating func text(of stamp: HybridTime) -> String {
        if let lastStamp, lastStamp.stamp == stamp { return lastStamp.text }
        let text = stamp.description
        lastStamp = (stamp, text)
        return text
    }

    // MARK: - Applying them

    /// Makes every record touched match its registers, kinds in the order of `SyncKind.all` (parents
    /// first), keys in order.
    mutating func applyTouched(now: Now) throws {
        try putAway()
        arriving = nil
        for kind in SyncKind.all {
            for record in touched.filter({ $0.kind == kind.name }).sorted(by: { $0.key < $1.key }) {
                try apply(record, of: kind, now: now)
            }
        }
    }

    /// Makes `record` match its registers and the values at the base that won over it, or, when it cannot
    /// be yet, leaves it waiting for the next sync.
    private mutating func apply(_ record: Record, of kind: SyncKind, now: Now) throws {
        var registers = try held.removeValue(forKey: record) ?? .read(record.kind, record.key, from: db)
        try registers.save(in: db)
        // Registers that hold every field of the record leave nothing of it to read.
        var values =
            try kind.fields.allSatisfy { registers[$0] != nil }
            ? SyncKind.Values(minimumCapacity: 8) : base(kind, record)
        values.merge(registers.values) { $1 }
        for (field, value) in atBase[record] ?? [:] { values[field] = .some(value) }
        let done = try kind.apply(db, record.key, values, now)
        if done, let after = try kind.read(db, record.key), after.allSatisfy({ values[$0.key] == $0.value }) {
            // Matching what arrived, the record is not a change of this replica's: nothing to stamp.
            try db.cached("DELETE FROM sync_dirty WHERE kind = ? AND key = ?").run([
                .text(record.kind), .text(record.key),
            ])
        }
        if !done, let waiting = atBase[record] {
            // It waits for the next sync: what won at the base here is kept as registers until then.
            for (field, value) in waiting {
                registers.set(field, SyncRegister(value: value, stamp: HybridTime.base.description, seq: nil))
            }
            try registers.save(in: db)
        }
        if !done || pending.contains(record) {
            try db.cached(
                done
                    ? "DELETE FROM sync_pending WHERE kind = ? AND key = ?"
                    : "INSERT OR IGNORE INTO sync_pending (kind, key) VALUES (?, ?)"
            )
            .run([.text(record.kind), .text(record.key)])
        }
    }

    /// Saves the registers that won without changing their record (it held their values already), in
    /// order of kind and key.
    mutating func saveHeld() throws {
        for record in held.keys.sorted(by: { ($0.kind, $0.key) < ($1.kind, $1.key) }) {
            try held[record]?.save(in: db)
        }
    }

    /// Does what the kinds leave to the end of a sync (`SyncKind.Settling`): each once, for the records
    /// touched of the kinds that declare it, and not at all when none was touched.
    func settle(now: Now) throws {
        for settling in SyncKind.Settling.allCases {
            var keys: [String: [String]] = [:]
            for kind in SyncKind.all where kind.settling == settling {
                let touchedKeys = touched.compactMap { $0.kind == kind.name ? $0.key : nil }
                if !touchedKeys.isEmpty { keys[kind.name] = touchedKeys }
            }
            if !keys.isEmpty { try settling.run(in: db, keys: keys, now: now) }
        }
    }

    /// Saves the clock, which has seen every stamp received, and says what the merge did.
    func finish() throws -> SyncOutcome {
        try db.setState("clock", clock.description)
        let waiting = try db.prepare("SELECT count(*) FROM sync_pending").firstRow { $0.int(0) } ?? 0
        return SyncOutcome(applied: applied, waiting: waiting, balance: try db.balance())
    }
}
