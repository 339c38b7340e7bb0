import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests restore FILE|-|--latest [--yes]`: replace the store with a backup or an automatic one.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Replace everything in the store with a backup.",
            discussion: """
                The backup is checked completely first; a newer, truncated, malformed or inconsistent one is \
                refused and nothing changes. The current store is then saved beside it (a .sqlite copy you can \
                point --db at; none when there was no store yet) before the backup replaces it in one step. On a terminal quests asks first; \
                elsewhere pass --yes. To combine two histories instead, use 'quests import'.

                FILE may also be one of the automatic backups (a .sqlite snapshot, see 'quests backup --list'), \
                or --latest takes the newest of them: it is read and checked as a backup is, and a damaged file, \
                or another program's database, is refused.

                Examples:
                  quests restore quests-backup-2026-11-21.json
                  quests restore --latest --yes     # the newest automatic backup
                  quests restore ~/.local/share/quests/backups/quests-20261121-083000.sqlite
                  ssh laptop quests backup - | quests restore - --yes
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The backup to restore (JSON, or an automatic backup's .sqlite); - for standard input.",
                valueName: "file"))
        var file: String?

        @Flag(help: "Restore the newest automatic backup (see 'quests backup --list').")
        var latest = false

        @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if (file == nil) == !latest { throw ValidationError(Message.restoreFileOrLatest) }
        }

        func run() throws {
            // With --latest, the store is opened first, for where its automatic backups are.
            let storeExisted = FileManager.default.fileExists(
                atPath: try CommandContext.storePath(options.db, environment: .process))
            var opened: CommandContext?
            let file: String
            if let named = self.file {
                file = named
            } else {
                let context = try CommandContext(options)
                let folder = try AutomaticBackup.folder(of: context.store, storePath: context.storePath).path
                guard
                    let newest = Snapshots.newest(
                        in: folder, schedule: AutomaticBackup.schedule(storePath: context.storePath))
                else { throw CommandFailure.noSnapshot(folder: folder) }
                (file, opened) = (newest, context)
            }
            // The backup's long checks run while the store builds its new content (`checkingMeanwhile`), on
            // the machine's other core; before anything else, they run here, so a refusal of the backup is
            // reported first, as when they ran on reading it.
            let backup = try BackupFile.read(file, checkingHistory: false)
            var historyChecked = false
            func checkHistory() throws {
                guard !historyChecked else { return }
                try BackupFile.checkHistory(of: backup, readFrom: file)
                historyChecked = true
            }
            let context: CommandContext
            let savePath: String?
            do {
                let hadStore = storeExisted
                context = try opened ?? CommandContext(options)
                if !yes {
                    try checkHistory()
                    try confirm(backup, file: file, context: context, hadStore: hadStore)
                }
                savePath =
                    hadStore
                    ? try Self.savePath(beside: context.storePath, at: context.now.instant, zone: context.now.zone)
                    : nil
            } catch {
                try checkHistory()
                throw error
            }
            try Backups(context.store).restore(
                backup, savingCurrentTo: savePath, checkingMeanwhile: historyChecked ? nil : checkHistory)
            print(
                Message.restoreDone(
                    contents: BackupSummary.contents(of: backup), file: BackupFile.displayName(file),
                    origin: BackupSummary.origin(of: backup, zone: context.now.zone)))
            if let savePath {
                print(Message.restoreSavedAs(path: Sanitized.line(savePath)))
            } else {
                print(Message.restoreNoStoreBefore(path: Sanitized.line(context.storePath)))
            }
        }

        private func confirm(_ backup: QuestsCore.Backup, file: String, context: CommandContext, hadStore: Bool) throws
        {
            guard file != "-", Terminal.stdinIsTTY else { throw CommandFailure.confirmationNeeded }
            let current = try Backups(context.store).backup(appVersion: Quests.version, exportedAt: context.now.instant)
            let ask = hadStore ? Message.restoreConfirmSaving : Message.restoreConfirmNoStore
            let question = ask(
                Sanitized.line(context.storePath), BackupSummary.contents(of: current),
                Format.dd(current.ledger.reduce(0) { $0 + $1.amount }), BackupSummary.contents(of: backup),
                Format.dd(backup.ledger.reduce(0) { $0 + $1.amount }),
                BackupSummary.origin(of: backup, zone: context.now.zone))
            Descriptor.writeError(question)
            let answer = (Swift.readLine() ?? "").trimmingSpaces().lowercased()
            guard LocalInput.isYes(answer) else { throw CommandFailure.cancelled }
        }

        /// `quests.before-restore-20261121-083000.sqlite` in the store's folder, named by the local time in
        /// `zone` (as the user's clock reads it), numbered if taken.
        static func savePath(beside storePath: String, at moment: Date, zone: Zone) throws -> String {
            let url = URL(fileURLWithPath: storePath)
            let local = moment.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: moment)))
            let stamp = Timestamp.utcString(local).filter { $0.isNumber || $0 == "T" }.replacing(
                "T", with: "-")
            let base = url.deletingPathExtension().lastPathComponent + ".before-restore-" + stamp
            let folder = url.deletingLastPathComponent()
            var candidate = folder.appendingPathComponent(base + ".sqlite").path
            var attempt = 2
            while FileManager.default.fileExists(atPath: candidate) {
                candidate = folder.appendingPathComponent("\(base)-\(attempt).sqlite").path
                attempt += 1
            }
            return candidate
        }
    }
}
