import FoundationEssentials
import QuestsCore

/// `quests sync` as one use case over the store and a sync folder (docs/sync.md): a sync, the folder's
/// status, forgetting a machine, and the folder this store remembers.
public struct Syncing {
    private let store: QuestStore
    /// A new random tag for a file name (`SyncFileName`): eight hexadecimal digits.
    private let tag: () -> String

    /// The use case over `store`.
    public init(_ store: QuestStore) {
        self.init(store) {
            let digits = Array("0123456789abcdef")
            return String((0..<8).map { _ in digits[Int.random(in: 0..<16)] })
        }
    }

    /// The use case over `store`, with the file names' tags from `tag` (a seeded source in tests).
    init(_ store: QuestStore, tag: @escaping () -> String) {
        self.store = store
        self.tag = tag
    }

    /// The sync folder `quests config sync-dir` remembers (never synced: it is per machine).
    public func folder() throws -> String? {
        try store.syncFolder()
    }

    /// Remembers the folder at `path`, which must exist, as this store's sync folder.
    public func setFolder(_ path: String) throws {
        _ = try FileSyncFolder(path)
        try store.setSyncFolder(path)
    }

    /// Syncs through `folder`: pulls from `remote`; joins on the first sync; becomes a new replica when a
    /// copy of this store wrote in its own folder, else writes again what it wrote when files of its own
    /// are gone; applies the other replicas' files it has not read, forgets the names of files gone and
    /// notes those it could not read, each handed to `unreadable` at once (before anything is written, so that
    /// a sync that fails later still says it); writes its new changes, folds its files, and publishes to
    /// `remote`.
    public func sync(
        through folder: some SyncFolder, remote: (any SyncRemote)? = nil, now: Now,
        unreadable: (SyncReport.Unreadable) -> Void = { _ in }
    ) throws -> SyncReport {
        try remote?.pull()
        let join = try store.joinSync()
        var replica = try store.syncReplica() ?? ""
        // Files in this store's own folder that it did not write: a copy of this store uses its id.
        var renewal: SyncRenewal?
        var resent = false
        let ownNames = folder.files(of: replica)
        if !ownNames.isEmpty, try !store.foreignOwnFiles(ownNames).isEmpty, let renewed = try store.renewReplica() {
            renewal = renewed
            replica = renewed.replica
        } else {
            // Files of its own gone from its folder (deleted, forgotten by another machine, another folder):
            // what it wrote goes out again.
            let present = Set(ownNames)
            let missing = try store.ownSyncFiles().filter { !present.contains($0) }
            if !missing.isEmpty {
                try store.resendOwnChanges(missing: missing.sorted())
                resent = true
            }
        }
        let others = folder.replicas().filter { $0 != replica }
        let names = others.flatMap { other in folder.files(of: other).map { other + "/" + $0 } }
        var filesRead = 0
        var failures: [(name: String, error: any Error)] = []
        let outcome = try store.applySync(try store.unreadSyncFiles(names), now: now) { name, applied in
            do {
                // Nil when folded into a new file by its machine since the listing: the next sync reads that one.
                let file = try folder.read(name, applied: applied)
                if file != nil { filesRead += 1 }
                return file
            } catch {
                failures.append((name, error))
                return nil
            }
        }
        try store.forgetSyncNames(notIn: names, listed: others)
        let warnedBefore = try store.noteUnreadable(failures.map(\.name))
        let unreadableFiles = failures.map {
            SyncReport.Unreadable(name: $0.name, error: $0.error, warnedBefore: warnedBefore.contains($0.name))
        }
        unreadableFiles.forEach(unreadable)
        let export = try writeChanges(to: folder, replica: replica)
        // Compaction never fails a sync: a file it cannot read or write stays for the next one.
        let compacted =
            (export != nil || ownNames.count > SyncCompaction.mostFiles) && compact(folder, replica: replica)
        try remote?.publish(
            export != nil || compacted ? [folder.path + "/" + replica] : [], by: replica, forgetting: nil)
        return SyncReport(
            join: join, replica: replica, renewal: renewal, resent: resent, applied: outcome.applied,
            filesRead: filesRead,
            changesWritten: export?.file.changes.count ?? 0, recordsWritten: export?.file.records.count ?? 0,
            compacted: compacted,
            unreadable: unreadableFiles,
            waiting: outcome.waiting, balance: outcome.balance)
    }

    /// The machines that sync through `folder`, from its listing (nothing is read or written): their files,
    /// bytes and files not read here, and when each last wrote (by `remote` when there is one).
    public func status(of folder: some SyncFolder, remote: (any SyncRemote)? = nil) throws -> SyncStatus {
        let own = try store.syncReplica()
        var machines: [SyncStatus.Machine] = []
        for replica in folder.replicas() {
            let files = folder.files(of: replica)
            var bytes = 0
            var newest: Date?
            for file in files {
                guard let attributes = folder.attributes(replica + "/" + file) else { continue }
                bytes += attributes.bytes
                if let modified = attributes.modified, newest.map({ modified > $0 }) ?? true { newest = modified }
            }
            let unread = replica == own ? 0 : try store.unreadSyncFiles(files.map { replica + "/" + $0 }).count
            machines.append(
                SyncStatus.Machine(
                    id: replica, isThisMachine: replica == own,
                    lastWrote: remote?.lastPublished(folder.path + "/" + replica) ?? newest, files: files.count,
                    bytes: bytes, unread: unread))
        }
        return SyncStatus(thisMachine: own, machines: machines)
    }

    /// Forgets the machine `wanted` names (its replica id, or its first 8 characters or more), which will
    /// never sync again: a sync first (the files it could not read go to `unreadable`, its report to
    /// `synced`), then what that machine wrote is carried into one file of this machine's own, so machines
    /// that join later still get it, and its folder is removed.
    public func forget(
        _ wanted: String, through folder: some SyncFolder, remote: (any SyncRemote)? = nil, now: Now,
        unreadable: (SyncReport.Unreadable) -> Void = { _ in }, synced: (SyncReport) -> Void
    ) throws -> SyncForgotten {
        try remote?.pull()
        let replicas = folder.replicas()
        let lowered = wanted.lowercased()
        let matches = replicas.filter { $0 == wanted || (wanted.count >= 8 && $0.lowercased().hasPrefix(lowered)) }
        guard matches.count == 1, let target = matches.first else {
            throw SyncError.unknownReplica(
                wanted, known: replicas.filter { $0 != (try? store.syncReplica()) ?? nil })
        }
        guard try target != store.syncReplica() else { throw SyncError.forgetThisMachine(target) }
        // A sync first: what the machine wrote is read here, and this machine's changes are written.
        synced(try sync(through: folder, remote: remote, now: now, unreadable: unreadable))
        guard let own = try store.syncReplica() else { throw SyncError.changesWaiting }
        let names = folder.files(of: target)
        var contents: [SyncFile] = []
        for name in names {
            do {
                if let file = try folder.read(target + "/" + name, applied: nil) { contents.append(file) }
            } catch {
                throw SyncError.cannotForget(replica: target, file: name, reason: error)
            }
        }
        let carried = SyncFile.carried(contents, by: own)
        if !carried.changes.isEmpty || !carried.records.isEmpty {
            guard let range = try store.reserveSyncRange() else { throw SyncError.changesWaiting }
            let name = SyncFileName(first: range.first, last: range.last, tag: tag()).description
            try store.noteOwnSyncFile(name)
            try folder.write(carried, replica: own, name: name)
        }
        try folder.removeFolder(target)
        let compacted = compact(folder, replica: own)
        try remote?.publish([folder.path + "/" + own, folder.path + "/" + target], by: own, forgetting: target)
        return SyncForgotten(replica: target, files: names.count, compacted: compacted)
    }

    /// Writes this replica's changes not written yet as a new file in its folder, its name noted as its own
    /// before it is written; what it wrote, nil when there was nothing to write.
    func writeChanges(to folder: some SyncFolder, replica: String) throws -> SyncExport? {
        guard let export = try store.syncExport() else { return nil }
        let name = export.name(tag: tag()).description
        try store.noteOwnSyncFile(name)
        try folder.write(export.file, replica: replica, name: name)
        try store.markExported(through: export.through)
        return export
    }

    /// Folds `replica`'s own files in `folder` as `SyncCompaction.plan` picks them, older files left alone
    /// while `ratio` times bigger than the newer; whether it did (`SyncCompactor`).
    func compact(_ folder: some SyncFolder, replica: String, ratio: Int = SyncCompaction.ratio) -> Bool {
        SyncCompactor(folder: folder, store: store, replica: replica, tag: tag).compact(ratio: ratio)
    }
}
