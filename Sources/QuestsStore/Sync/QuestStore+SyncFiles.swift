import FoundationEssentials
import QuestsCore

/// A store whose replica id another store uses too (a copy of its file) became a new replica.
public struct SyncRenewal: Sendable, Equatable {
    public let previous: String
    public let replica: String
    /// Registers of the old id that the new one now carries, sent in its next file.
    public let restamped: Int
}

/// What a store remembers of the files in a sync folder (docs/sync.md, "What a store remembers"): the
/// ranges of each other replica's changes it applied, the names of its own files, and the files it could
/// not read. All three stay small however long the folder is used.
extension QuestStore {
    /// Which of `names` (other replicas' files, as `replica/name`) this store has not read yet: a file named
    /// after a range (`SyncFileName`) was read when a range this store applied holds it, any other file when
    /// its name was noted.
    func unreadSyncFiles(_ names: [String]) throws -> [String] {
        guard !names.isEmpty else { return [] }
        return try inDatabase { db in
            var seen: [String: [(first: Int, last: Int)]] = [:]
            try db.cached("SELECT replica, first, last FROM sync_seen").rows { row in
                seen[row.text(0), default: []].append((row.int(1), row.int(2)))
            }
            return try names.filter { name in
                let (replica, file) = Database.split(name)
                if let range = SyncFileName(file) {
                    return !(seen[replica] ?? []).contains { $0.first <= range.first && range.last <= $0.last }
                }
                return try db.cached("SELECT 1 FROM sync_read WHERE name = ?").firstRow([.text(name)]) { $0.int(0) }
                    == nil
            }
        }
    }

    /// Forgets the names noted of files that are no longer in the folder: `present` lists every file of the
    /// replicas' folders `listed` (as `replica/name`). Files that others folded away go, so what this store
    /// remembers by name stays as small as the folder.
    func forgetSyncNames(notIn present: [String], listed: [String]) throws {
        let here = Set(present)
        var gone: [String] = []
        try inDatabase { db in
            for replica in listed {
                for table in ["sync_read", "sync_unreadable"] {
                    try db.cached("SELECT name FROM \(table) WHERE name >= ? AND name < ?")
                        .rows([.text(replica + "/"), .text(replica + "0")]) { row in
                            let name = row.text(0)
                            if !here.contains(name) { gone.append(name) }
                        }
                }
            }
        }
        guard !gone.isEmpty else { return }
        try write { db in
            for name in gone {
                try db.cached("DELETE FROM sync_read WHERE name = ?").run([.text(name)])
                try db.cached("DELETE FROM sync_unreadable WHERE name = ?").run([.text(name)])
            }
        }
    }

    /// Notes that the files `names` could not be read; returns those it had noted before (warned about at an
    /// earlier sync).
    func noteUnreadable(_ names: [String]) throws -> Set<String> {
        guard !names.isEmpty else { return [] }
        return try write { db in
            var before: Set<String> = []
            for name in names {
                if try db.cached("SELECT 1 FROM sync_unreadable WHERE name = ?").firstRow(
                    [.text(name)], { $0.int(0) }) != nil
                {
                    before.insert(name)
                } else {
                    try db.cached("INSERT INTO sync_unreadable (name) VALUES (?)").run([.text(name)])
                }
            }
            return before
        }
    }

    /// The names of the files this store wrote in its own folder, as far as it knows still there.
    func ownSyncFiles() throws -> Set<String> {
        try inDatabase { try $0.ownSyncFiles() }
    }

    /// Notes `name` as a file of this store's own, before it is written: a file in its own folder that it
    /// did not note is a copy's (`foreignOwnFiles`), even after a sync interrupted between the two.
    func noteOwnSyncFile(_ name: String) throws {
        try write { db in try db.cached("INSERT OR IGNORE INTO sync_own (name) VALUES (?)").run([.text(name)]) }
    }

    /// Forgets own files this store removed (folded into another, or its folder forgotten).
    func dropOwnSyncFiles(_ names: [String]) throws {
        guard !names.isEmpty else { return }
        try write { db in
            for name in names { try db.cached("DELETE FROM sync_own WHERE name = ?").run([.text(name)]) }
        }
    }

    /// The files of `names` (this store's own folder) that it did not write: a copy of this store (a store
    /// with the same replica id) wrote them. Files named as quests named them before compaction are this
    /// store's (a copy writing the same names makes conflict copies, which are not).
    func foreignOwnFiles(_ names: [String]) throws -> [String] {
        try inDatabase { try $0.foreignOwnFiles(names) }
    }

    /// Makes this store a new replica, because another store (a copy of its file) uses its replica id: a
    /// new id, and every register the old id stamped here stamped again with the new id at the same moment
    /// and counter (so its order against every other machine's edits stays), to go out in the next file.
    /// The old id's folder becomes another replica's, read from the start: what the copy wrote comes in.
    func renewReplica() throws -> SyncRenewal? {
        try write { db in
            guard let previous = try db.syncReplica(), let clock = try db.state("clock").flatMap(HybridTime.init) else {
                return nil
            }
            let replica = db.ids.next().uuidString
            let restamped = try db.queueOwnRegisters(of: previous, as: replica)
            try db.setState("replica", replica)
            try db.setState(
                "clock",
                HybridTime(milliseconds: clock.milliseconds, counter: clock.counter, replica: replica).description)
            try db.execute("DELETE FROM sync_own")
            try db.cached("DELETE FROM sync_seen WHERE replica = ?").run([.text(previous)])
            try db.cached("DELETE FROM sync_read WHERE name >= ? AND name < ?").run([
                .text(previous + "/"), .text(previous + "0"),
            ])
            return SyncRenewal(previous: previous, replica: replica, restamped: restamped)
        }
    }

    /// Writes everything this replica wrote again in its next file, because files of its own are gone from
    /// its folder (`missing`, noted as its own): deleted as unreadable, removed by `sync --forget` on another
    /// machine, or another folder. Every register it stamped, and a snapshot of what it holds at the base.
    func resendOwnChanges(missing: [String]) throws {
        try write { db in
            guard let replica = try db.syncReplica() else { return }
            _ = try db.queueOwnRegisters(of: replica, as: replica)
            try db.setState("snapshot", "1")
            for name in missing { try db.cached("DELETE FROM sync_own WHERE name = ?").run([.text(name)]) }
        }
    }

    /// A range of this replica's change counter for a file that holds no change of its own (another
    /// replica's files it carries after `sync --forget`): `(first, last]`, noted as written. Nil while
    /// changes wait to be written (sync first).
    func reserveSyncRange() throws -> (first: Int, last: Int)? {
        try write { db in
            let seq = Int(try db.state("seq") ?? "0") ?? 0
            let exported = Int(try db.state("exported") ?? "0") ?? 0
            guard seq <= exported, try db.state("snapshot") == nil else { return nil }
            try db.setState("seq", String(exported + 1))
            try db.setState("exported", String(exported + 1))
            return (exported, exported + 1)
        }
    }
}

extension Database {
    /// Which changes of the file `name` (`replica/name`) this store applied already, by their place in the
    /// replica's change counter (`SyncChange.seq`): those within the file's range that lie in a range of that
    /// replica it read (a folded file brings again what its readers had: they skip it). A file of another
    /// name skips nothing. For a file its folder's replica wrote (`SyncFile.decode(_:skipping:)`); call before
    /// the file is noted as read.
    func appliedSyncSeqs(_ name: String) throws -> (Int) -> Bool {
        let (replica, fileName) = Self.split(name)
        guard let range = SyncFileName(fileName) else { return { _ in false } }
        let seen = try cached(
            "SELECT first, last FROM sync_seen WHERE replica = ? AND first < ? AND last > ?"
        )
        .rows([.text(replica), .integer(Int64(range.last)), .integer(Int64(range.first))]) {
            (first: $0.int(0), last: $0.int(1))
        }
        guard !seen.isEmpty else { return { _ in false } }
        return { seq in
            range.first < seq && seq <= range.last && seen.contains { $0.first < seq && seq <= $0.last }
        }
    }

    /// Notes the file `name` (`replica/name`) as read.
    func noteRead(_ name: String) throws {
        let (replica, file) = Self.split(name)
        try cached("DELETE FROM sync_unreadable WHERE name = ?").run([.text(name)])
        guard let range = SyncFileName(file) else {
            try cached("INSERT OR IGNORE INTO sync_read (name) VALUES (?)").run([.text(name)])
            return
        }
        // The range joins every range it overlaps or touches: one range per replica once all is read.
        var first = range.first
        var last = range.last
        let touching = try cached(
            "SELECT first, last FROM sync_seen WHERE replica = ? AND first <= ? AND last >= ?"
        )
        .rows([.text(replica), .integer(Int64(range.last)), .integer(Int64(range.first))]) {
            (first: $0.int(0), last: $0.int(1))
        }
        for old in touching {
            first = min(first, old.first)
            last = max(last, old.last)
            try cached("DELETE FROM sync_seen WHERE replica = ? AND first = ?").run([
                .text(replica), .integer(Int64(old.first)),
            ])
        }
        try cached("INSERT INTO sync_seen (replica, first, last) VALUES (?, ?, ?)")
            .run([.text(replica), .integer(Int64(first)), .integer(Int64(last))])
    }

    /// The names of the files this store wrote in its own folder, as far as it knows still there.
    func ownSyncFiles() throws -> Set<String> {
        Set(try cached("SELECT name FROM sync_own").rows { $0.text(0) })
    }

    /// The files of `names` (this store's own folder) that it did not write (`QuestStore.foreignOwnFiles`).
    func foreignOwnFiles(_ names: [String]) throws -> [String] {
        let own = try ownSyncFiles()
        return names.filter { !own.contains($0) && SyncFileName.older($0) == nil }
    }

    /// Queues every register stamped by `previous` for the next file, stamped by `replica` at the same
    /// moment and counter; how many.
    fileprivate func queueOwnRegisters(of previous: String, as replica: String) throws -> Int {
        var seq = Int(try state("seq") ?? "0") ?? 0
        let suffix = "." + previous
        let own = try prepare(
            "SELECT kind, key, field, stamp, value FROM sync_register WHERE substr(stamp, -?) = ?"
        )
        .rows([.integer(Int64(suffix.utf8.count)), .text(suffix)]) { row in
            (
                kind: row.text(0), key: row.text(1), field: row.text(2), stamp: HybridTime(row.text(3)),
                // A row that holds a whole record holds its fields' registers.
                fields: row.text(2) == RecordRegisters.wholeRecord
                    ? RecordRegisters.decode(row.optionalText(4) ?? "").count : 1
            )
        }
        var count = 0
        for register in own {
            guard let stamp = register.stamp, stamp.replica == previous else { continue }
            seq += 1
            count += register.fields
            let renewed = HybridTime(milliseconds: stamp.milliseconds, counter: stamp.counter, replica: replica)
            try cached(
                "UPDATE sync_register SET stamp = ?, seq = ? WHERE kind = ? AND key = ? AND field = ?"
            )
            .run([
                .text(renewed.description), .integer(Int64(seq)), .text(register.kind), .text(register.key),
                .text(register.field),
            ])
        }
        try setState("seq", String(seq))
        return count
    }

    /// `replica/name` split at its first slash.
    static func split(_ name: String) -> (replica: String, file: String) {
        guard let slash = name.firstIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }
}
