import ArgumentParser
import FoundationEssentials
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
                  quests sync --status                    # the machines and what each holds
                  quests sync --forget 9B0E52C1           # a machine gone for good
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The sync folder. Default: the one 'quests config sync-dir' remembers.", valueName: "dir"),
            completion: .directory)
        var folder: String?

        @Flag(
            help:
                "List the machines that sync through the folder: when each last wrote, and the files and bytes it holds there."
        )
        var status = false

        @Flag(help: "With --status: print one JSON document instead of text.")
        var json = false

        @Option(
            help: ArgumentHelp(
                "Remove a machine that will never sync again from the folder (its id, or its first 8 characters or more); what it changed stays.",
                valueName: "replica"))
        var forget: String?

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if json, !status { throw ValidationError(Message.syncJsonNeedsStatus) }
            if status, forget != nil { throw ValidationError(Message.syncStatusOrForget) }
        }

        func run() throws {
            let context = try CommandContext(options)
            if status { return try Self.printStatus(folder, json: json, context: context) }
            if let forget { return try Self.forget(forget, folder: folder, context: context) }
            try Self.sync(folder, context: context)
        }

        /// The sync folder `folder` names (default: the remembered one), and its git remote if it has one.
        private static func place(_ folder: String?, store: QuestStore) throws -> (
            folder: FileSyncFolder, git: GitRemote?
        ) {
            guard let path = try folder.map(Sync.absolute) ?? Syncing(store).folder() else {
                throw CommandFailure.noSyncFolder
            }
            return (try FileSyncFolder(path), GitRemote.at(path))
        }

        /// Syncs the store of `context` through `folder` (default: the remembered one).
        static func sync(_ folder: String?, context: CommandContext) throws {
            let (syncFolder, git) = try place(folder, store: context.store)
            let report = try Syncing(context.store).sync(
                through: syncFolder, remote: git, now: context.now, unreadable: warn)
            show(report, place: syncFolder.path)
        }

        /// Warns that a file could not be read, as soon as the sync knows (before it writes).
        private static func warn(_ file: SyncReport.Unreadable) {
            Sync.warn(Sync.unreadableWarning(file.name, error: file.error, again: file.warnedBefore))
        }

        /// Words what a sync did: what it joined, applied and wrote.
        private static func show(_ report: SyncReport, place: String) {
            switch report.join {
            case .already: break
            case .joined(let replica):
                print(Message.syncJoined(replica: replica))
            case .rejoinedAfterRestore(let replica):
                print(Message.syncRejoinedAfterRestore(replica: replica))
            }
            if let renewal = report.renewal {
                print(Message.syncReplicaRenewed(previous: renewal.previous, replica: renewal.replica))
            }
            if report.resent { print(Message.syncOwnFilesGone(replica: report.replica)) }
            var written = Message.syncChanges(count: report.changesWritten)
            if report.recordsWritten > 0 {
                written = Message.syncSnapshot(count: report.recordsWritten, changes: written)
            }
            print(
                Message.syncDone(
                    place: Sanitized.line(place), count: report.applied,
                    files: Message.syncFiles(count: report.filesRead),
                    written: written))
            if report.waiting > 0 { print(Message.syncWaiting(count: report.waiting)) }
            if let note = Sync.debtNote(report.balance) { print(note) }
        }

        /// One machine of `sync --status`.
        struct MachineStatus: JSONShape {
            let id: String
            let thisMachine: Bool
            /// When it last wrote a file there: its newest file's time, or its last commit in a git folder.
            let lastWrote: String?
            let files: Int
            let bytes: Int
            /// Its files this store has not read yet.
            let unread: Int
        }

        /// `quests sync --status`: the machines syncing through the folder, from its listing (read only).
        static func printStatus(_ folder: String?, json: Bool, context: CommandContext) throws {
            let (syncFolder, git) = try place(folder, store: context.store)
            let status = try Syncing(context.store).status(of: syncFolder, remote: git)
            let own = status.thisMachine
            let machines = status.machines.map {
                MachineStatus(
                    id: $0.id, thisMachine: $0.isThisMachine, lastWrote: $0.lastWrote.map(Timestamp.utcString),
                    files: $0.files, bytes: $0.bytes, unread: $0.unread)
            }
            let moments = status.machines.map(\.lastWrote)
            if json {
                try JSONOutput.print(StatusDocument(folder: syncFolder.path, thisMachine: own, machines: machines))
                return
            }
            let files = machines.reduce(0) { $0 + $1.files }
            let bytes = machines.reduce(0) { $0 + $1.bytes }
            let columns = Terminal.columns()
            let heading = Message.syncStatusHeading(
                folder: Sanitized.line(syncFolder.path), count: machines.count, files: Message.syncFiles(count: files),
                size: Format.size(bytes))
            for line in DisplayWidth.wrap(heading, to: columns) { print(line) }
            if own == nil { for line in DisplayWidth.wrap(Message.syncStatusNotJoined, to: columns) { print(line) } }
            let mark = Message.syncStatusThisMachine
            let width = machines.map { Sanitized.line($0.id).count }.max() ?? 0
            for (machine, moment) in zip(machines, moments) {
                let id = Sanitized.line(machine.id)
                // A local time is 16 columns wide: `2026-11-21 08:30`.
                let wrote = moment.map { Format.localTime($0, zone: context.now.zone) }
                var held = Message.syncFiles(count: machine.files) + ", " + Format.size(machine.bytes)
                if machine.unread > 0 { held += "; " + Message.syncStatusUnread(count: machine.unread) }
                let line =
                    "  " + Format.pad(id, width) + "  "
                    + Format.pad(machine.thisMachine ? mark : "", DisplayWidth.of(mark)) + "  "
                    + Message.syncStatusLastWrote(time: wrote ?? Format.pad(Message.syncStatusNever, 16)) + "  " + held
                // On one line where it fits, else the machine, then what it holds under it.
                if DisplayWidth.of(line) <= columns {
                    print(line)
                } else {
                    print("  " + id)
                    let lastWrote = Message.syncStatusLastWrote(time: wrote ?? Message.syncStatusNever)
                    let under = ((machine.thisMachine ? [mark] : []) + [lastWrote, held]).joined(separator: " · ")
                    for part in DisplayWidth.hanging("    ", under, width: columns) { print(part) }
                }
            }
            if machines.count > 1 {
                for line in DisplayWidth.wrap(Message.syncStatusForgetHint, to: columns) { print(line) }
            }
        }

        private struct StatusDocument: JSONShape {
            let folder: String
            let thisMachine: String?
            let machines: [MachineStatus]
        }

        /// `quests sync --forget REPLICA`: syncs, then carries what the machine wrote into this machine's
        /// own folder (one folded file, so machines that join later still get it) and removes its folder.
        static func forget(_ wanted: String, folder: String?, context: CommandContext) throws {
            let (syncFolder, git) = try place(folder, store: context.store)
            let forgotten = try Syncing(context.store).forget(
                wanted, through: syncFolder, remote: git, now: context.now, unreadable: warn
            ) { show($0, place: syncFolder.path) }
            print(Message.syncForgot(machine: Sanitized.line(forgotten.replica), count: forgotten.files))
        }

        /// The warning for a file that could not be read: the first time, that it is read again; at later
        /// syncs, what to do about it.
        static func unreadableWarning(_ name: String, error: Error, again: Bool) -> String {
            let reason = Quests.failureMessage(error) ?? Message.syncUnreadable
            guard again else { return Message.syncSkippedFile(name: name, reason: reason) }
            let file = String(name.split(separator: "/", maxSplits: 1).last ?? Substring(name))
            let advice: String
            if (error as? JSONError)?.problem == .newerSyncFile {
                advice = Message.syncAdviceUpgrade
            } else if SyncFileName.isConflictCopy(file) {
                advice = Message.syncAdviceConflictCopy
            } else {
                let machine = name.split(separator: "/").first.map(String.init) ?? "?"
                advice = Message.syncAdviceCutShort(machine: machine)
            }
            return Message.syncStillUnreadable(name: name, reason: reason, advice: advice)
        }

        /// What a negative balance means, said wherever the balance is read in full (sync, wallet); nil
        /// when there is no debt.
        static func debtNote(_ balance: Int) -> String? {
            guard balance < 0 else { return nil }
            return Message.syncDebt(amount: Format.dd(-balance))
        }

        /// `path` made absolute against the current folder, so the store remembers a folder that works from anywhere.
        static func absolute(_ path: String) -> String {
            let expanded = expandingTilde(path)
            guard !expanded.hasPrefix("/") else { return expanded }
            return FileManager.default.currentDirectoryPath + "/" + expanded
        }

        /// `path` with a leading `~` or `~user` replaced by that home folder, and then without trailing
        /// slashes; unchanged when there is no such user (`NSString.expandingTildeInPath`).
        private static func expandingTilde(_ path: String) -> String {
            guard path.hasPrefix("~") else { return path }
            let user = String(path.dropFirst().prefix { $0 != "/" })
            let home =
                user.isEmpty
                ? FileManager.default.homeDirectoryForCurrentUser.path
                : FileManager.default.homeDirectory(forUser: user)?.path
            var expanded = home.map { $0 + path.dropFirst(1 + user.count) } ?? path
            while expanded.count > 1, expanded.hasSuffix("/") { expanded.removeLast() }
            return expanded
        }

        private static func warn(_ message: String) {
            Descriptor.writeError(Message.syncWarning(message: Sanitized.line(message)) + "\n")
        }
    }
}
