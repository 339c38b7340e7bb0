import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests backup [FILE|-]`: everything, as one JSON document.
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write everything to a versioned JSON backup.",
            discussion: """
                The backup holds quests with their schedule history, completions, the ledger, rewards, purchases, \
                achievements and settings (format: docs/backup.md). The file is written atomically and readable by \
                you only: an interrupted backup never leaves a half-written file behind. It never replaces the \
                store itself, nor an existing file that is not a quests backup unless you pass --force.

                quests also keeps automatic backups by itself: the first command of a day that changes \
                something first takes a snapshot of the store (SQLite's own copy, readable by you only) into the \
                backups folder beside the store (beside the file --db or QUESTS_DB names, if you use one; \
                'quests config backup-dir DIR' chooses another), and keeps the newest 7 ('quests config \
                backup-keep N'; 0 turns them off). --list shows them; 'quests restore --latest' or 'quests \
                restore FILE' takes one back.

                Examples:
                  quests backup                         # quests-backup-YYYY-MM-DD.json here
                  quests backup ~/sync/quests.json
                  quests backup - | gzip > quests.json.gz
                  quests backup --list                  # the automatic backups, newest first
                """
        )

        @Argument(
            help: ArgumentHelp(
                "Where to write it; - for standard output. Default: quests-backup-DATE.json in the current folder.",
                valueName: "file"))
        var file: String?

        @Flag(help: "Replace FILE even when it exists and is not a quests backup.")
        var force = false

        @Flag(help: "List the automatic backups instead, newest first: time, size, quests and completions.")
        var list = false

        @Flag(help: "With --list: print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if list, file != nil || force { throw ValidationError(Message.backupListAlone) }
            if json, !list { throw ValidationError(Message.backupJsonNeedsList) }
        }

        func run() throws {
            let context = try CommandContext(options)
            if list { return try listSnapshots(context) }
            if file == "-" {
                let backup = try Backups(context.store).backup(
                    appVersion: Quests.version, exportedAt: context.now.instant)
                Descriptor.writeOutput(backup.encoded())
                return
            }
            let today = try Preferences(context.store).position(at: context.now).day
            let path = file ?? "quests-backup-\(today).json"
            try BackupFile.checkTarget(path, storePath: context.storePath, force: force)
            let backup = try Backups(context.store).backup(appVersion: Quests.version, exportedAt: context.now.instant)
            let bytes = backup.encoded()
            try BackupFile.writeAtomically(bytes, to: path)
            print(
                Message.backupDone(
                    contents: BackupSummary.contents(of: backup), file: BackupFile.displayName(path),
                    size: Format.size(bytes.count)))
        }
    }
}

extension Quests.Backup {
    /// `quests backup --list [--json]`: the automatic backups in this store's folder, newest first.
    private func listSnapshots(_ context: CommandContext) throws {
        let folder = try AutomaticBackup.folder(of: context.store, storePath: context.storePath).path
        let keep = try Snapshots(context.store).keep()
        let snapshots = Snapshots.list(in: folder, schedule: AutomaticBackup.schedule(storePath: context.storePath))
        if json {
            try JSONOutput.print(SnapshotListJSON(folder: folder, keep: keep, snapshots: snapshots))
            return
        }
        let shownFolder = Sanitized.line(folder)
        if snapshots.isEmpty {
            print(keep == 0 ? Message.backupListOff(folder: shownFolder) : Message.backupListNone(folder: shownFolder))
            return
        }
        print(
            keep == 0
                ? Message.backupListOff(folder: shownFolder)
                : Message.backupListHeading(folder: shownFolder, count: keep))
        let rows = snapshots.map { snapshot in
            let contents =
                if let quests = snapshot.quests, let completions = snapshot.completions {
                    Message.backupQuests(count: quests) + ", " + Message.backupCompletions(count: completions)
                } else {
                    Message.backupListUnreadable
                }
            return [
                Format.localTime(snapshot.moment, zone: context.now.zone), Format.size(snapshot.size), contents,
                Sanitized.line(PathText.lastComponent(of: snapshot.path)),
            ]
        }
        let widths = (0..<3).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        for row in rows {
            print("  " + (0..<3).map { Format.pad(row[$0], widths[$0]) }.joined(separator: "  ") + "  " + row[3])
        }
    }
}

/// `quests backup --list --json`: the folder, how many are kept, and each snapshot, newest first.
private struct SnapshotListJSON: JSONShape {
    let folder: String
    let keep: Int
    let snapshots: [Snapshot]

    struct Snapshot: JSONShape {
        let file: String
        let time: String
        let size: Int
        /// null, not missing, for a file that cannot be read as a store
        let quests: Nullable<Int>
        let completions: Nullable<Int>
    }

    init(folder: String, keep: Int, snapshots: [SnapshotEntry]) {
        self.folder = folder
        self.keep = keep
        self.snapshots = snapshots.map {
            Snapshot(
                file: $0.path, time: Timestamp.utcString($0.moment), size: $0.size, quests: Nullable($0.quests),
                completions: Nullable($0.completions))
        }
    }
}

/// Wordings shared by backup, restore and import.
enum BackupSummary {
    /// `50 quests, 3 rewards, 1200 completions, 1210 ledger entries, 4 purchases, 5 achievements`: each kind
    /// of record as its `summary` says, in the registry's order.
    static func contents(of backup: QuestsCore.Backup) -> String {
        RecordKind.all.compactMap { kind -> String? in
            let count = kind.count(backup)
            switch kind.summary {
            case .always: break
            case .whenAny: guard count > 0 else { return nil }
            case .never: return nil
            }
            return Message.keyed("backup-\(kind.name)", count: count) ?? "\(count) \(kind.name)"
        }.joined(separator: ", ")
    }

    /// `exported 2026-11-21 08:30 by quests 0.3.0`.
    static func origin(of backup: QuestsCore.Backup, zone: Zone) -> String {
        Message.backupOrigin(
            time: Format.localTime(backup.exportedAt, zone: zone), version: Sanitized.line(backup.appVersion))
    }
}
