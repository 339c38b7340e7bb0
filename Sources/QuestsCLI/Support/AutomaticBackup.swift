import FoundationEssentials
import QuestsCore
import QuestsStore

/// The automatic daily backups at the command line's edge (SPEC 21, docs/backup.md): where they go, and the
/// snapshot taken before the first write of a day.
enum AutomaticBackup {
    /// The folder of the store at `storePath`'s snapshots: `config backup-dir`, else `backups` beside the
    /// store (the default store's, or the one `--db` or `QUESTS_DB` names); whether it is that default.
    static func folder(of store: QuestStore, storePath: String) throws -> (path: String, isDefault: Bool) {
        if let chosen = try Snapshots(store).chosenFolder() { return (chosen, false) }
        return (defaultFolder(storePath: storePath), true)
    }

    /// `backups` in the folder of the store at `storePath`.
    static func defaultFolder(storePath: String) -> String {
        PathText.folder(of: CommandContext.absolute(storePath)) + "/backups"
    }

    /// The names and calendar of the snapshots of the store at `storePath`.
    static func schedule(storePath: String) -> SnapshotSchedule {
        SnapshotSchedule(storeFileName: PathText.lastComponent(of: storePath))
    }

    /// Makes `store` take the day's snapshot, when one is due, just before its first write
    /// (`QuestStore.beforeFirstWrite`). A snapshot that cannot be made is said in one line on stderr, once a
    /// day, and the command goes on.
    static func arm(_ store: QuestStore, storePath: String, now: Now) {
        store.beforeFirstWrite = { store in
            guard let folder = try? folder(of: store, storePath: storePath) else { return }
            let outcome = Snapshots(store).takeIfDue(
                in: folder.path, schedule: schedule(storePath: storePath), now: now, createFolder: folder.isDefault)
            if case .failed(let folder, let reason) = outcome {
                let warning = Message.backupSnapshotFailed(
                    folder: Sanitized.line(folder), reason: Sanitized.line(reason))
                Descriptor.writeError(warning + "\n")
            }
        }
    }
}
