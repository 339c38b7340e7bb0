import FoundationEssentials
import QuestsCore

/// Folds a replica's own files in the sync folder into fewer (docs/sync.md, "Compaction"): the newest ones
/// that `SyncCompaction.plan` picks become one file, written before they are removed, so a reader sees the
/// old files, the new one or both, and converges either way.
struct SyncCompactor<Folder: SyncFolder> {
    let folder: Folder
    let store: QuestStore
    let replica: String
    /// A new random tag for the folded file's name (`SyncFileName`).
    let tag: () -> String

    /// One of this replica's files: the range of its changes it holds and its size.
    struct File {
        let name: String
        let first: Int
        let last: Int
        let bytes: Int
    }

    /// This store's own files in its folder, oldest first. A file named as quests named them before
    /// compaction (`000000000042.json`) holds the changes after the one before it.
    func ownFiles() throws -> [File] {
        let own = try store.ownSyncFiles()
        var files: [File] = []
        var previous = 0
        let names = folder.files(of: replica)
        for name in names.compactMap({ name in SyncFileName.older(name).map { (name, $0) } }).sorted(by: { $0.1 < $1.1 }
        ) {
            files.append(
                File(
                    name: name.0, first: previous, last: name.1,
                    bytes: folder.attributes(replica + "/" + name.0)?.bytes ?? 0))
            previous = name.1
        }
        for name in names where own.contains(name) {
            guard let range = SyncFileName(name) else { continue }
            files.append(
                File(
                    name: name, first: range.first, last: range.last,
                    bytes: folder.attributes(replica + "/" + name)?.bytes ?? 0))
        }
        return files.sorted { ($0.first, $0.last) < ($1.first, $1.last) }
    }

    /// Folds the files the plan picks, if any. Returns whether it did: not when there was nothing to fold,
    /// or when a file could not be read or the new one written (the files stay as they are, and the next
    /// sync tries again). It never fails a sync.
    func compact(ratio: Int = SyncCompaction.ratio) -> Bool {
        guard let files = try? ownFiles(), let range = SyncCompaction.plan(files.map(\.bytes), ratio: ratio) else {
            return false
        }
        let chosen = Array(files[range])
        var contents: [SyncFile] = []
        for file in chosen {
            guard let content = try? folder.read(replica + "/" + file.name, applied: nil) else { return false }
            contents.append(content)
        }
        let first = chosen.map(\.first).min() ?? 0
        let last = chosen.map(\.last).max() ?? 0
        guard first < last else { return false }
        let name = SyncFileName(first: first, last: last, tag: tag()).description
        do {
            try store.noteOwnSyncFile(name)
            try folder.write(SyncFile.folded(contents, replica: replica), replica: replica, name: name)
        } catch {
            try? store.dropOwnSyncFiles([name])
            return false
        }
        folder.remove(chosen.map(\.name), of: replica)
        try? store.dropOwnSyncFiles(chosen.map(\.name))
        return true
    }
}
