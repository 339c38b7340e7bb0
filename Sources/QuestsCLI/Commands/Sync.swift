import ArgumentParser
import Foundation
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests sync [DIR]`: one history across machines through a shared folder or a git repository.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Sync with your other machines through a shared folder or a git repository.",
            discussion: """
                Each machine writes only its own files in the folder; a tool you already run (Syncthing, \
                Dropbox, Nextcloud, a network share) carries them. When the folder is a git work tree with a \
                remote, sync pulls, commits this machine's files and pushes, retrying when another machine \
                pushed first. The store file itself is never synced. The later edit of a field wins; a quest \
                completed for the same day on two machines is paid once; purchases made on two machines both \
                stay, and may leave a debt. See docs/sync.md.

                Examples:
                  quests config sync-dir ~/Sync/quests    # once per machine
                  quests sync
                  quests sync ~/quests-sync               # a git clone
                """
        )

        @Argument(help: ArgumentHelp("The sync folder. Default: the one 'quests config sync-dir' remembers.", valueName: "dir"),
                  completion: .directory)
        var folder: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try Self.sync(folder, context: CommandContext(options))
        }

        /// Syncs the store of `context` through `folder` (default: the remembered one).
        static func sync(_ folder: String?, context: CommandContext) throws {
            let store = context.store
            guard let path = try folder.map(Sync.absolute) ?? store.syncFolder() else { throw CommandFailure.noSyncFolder }
            let syncFolder = try SyncFolder(path)
            let git = GitRemote.at(path)
            try git?.pull()
            let join = try store.joinSync()
            let replica = try store.syncReplica() ?? ""
            var files: [(name: String, file: SyncFile)] = []
            for name in try store.unreadSyncFiles(syncFolder.otherFiles(except: replica)) {
                do {
                    files.append((name, try syncFolder.read(name)))
                } catch {
                    Sync.warn("skipped \(name) in the sync folder: \(Quests.failureMessage(error) ?? "unreadable"); it is read again on the next sync")
                }
            }
            let outcome = try store.applySync(files, now: context.now)
            let export = try store.syncExport()
            var ownFolder: String?
            if let export {
                ownFolder = try syncFolder.write(export)
                try store.markExported(through: export.through)
            }
            try git?.publish(ownFolder, message: "quests sync from \(replica)")
            let place = Sanitized.line(path)
            switch join {
            case .already: break
            case .joined(let replica):
                print("This store joined the sync as a new machine (\(replica)).")
            case .rejoinedAfterRestore(let replica):
                print("This store was restored from a backup, so it joined the sync as a new machine (\(replica)). "
                      + "What the restore replaced here comes back from the other machines; to make them all match the "
                      + "backup, restore it on each of them.")
            }
            var written = Format.count(export?.file.changes.count ?? 0, "change")
            if let records = export?.file.records.count, records > 0 {
                written = "a snapshot of \(Format.count(records, "record")) and " + written
            }
            print("Synced with \(place): \(Format.count(outcome.applied, "change")) from \(Format.count(files.count, "file")) applied, "
                  + "\(written) of this machine written.")
            if outcome.waiting > 0 {
                print("\(Format.count(outcome.waiting, "record")) wait for files still to come from other machines.")
            }
            if let note = Sync.debtNote(outcome.balance) { print(note) }
        }

        /// What a negative balance means, said wherever the balance is read in full (sync, wallet); nil
        /// when there is no debt.
        static func debtNote(_ balance: Int) -> String? {
            guard balance < 0 else { return nil }
            return "A debt of \(Format.dd(-balance)), from Daily Dollars spent on more than one machine: "
                + "the shop opens again once quests earn it back."
        }

        /// `path` made absolute against the current folder, so the store remembers a folder that works from anywhere.
        static func absolute(_ path: String) -> String {
            let expanded = (path as NSString).expandingTildeInPath
            guard !expanded.hasPrefix("/") else { return expanded }
            return FileManager.default.currentDirectoryPath + "/" + expanded
        }

        private static func warn(_ message: String) {
            FileHandle.standardError.write(Data(("warning: " + Sanitized.line(message) + "\n").utf8))
        }
    }
}
