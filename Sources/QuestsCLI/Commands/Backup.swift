import ArgumentParser
import Foundation
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

                Examples:
                  quests backup                         # quests-backup-YYYY-MM-DD.json here
                  quests backup ~/sync/quests.json
                  quests backup - | gzip > quests.json.gz
                """
        )

        @Argument(
            help: ArgumentHelp(
                "Where to write it; - for standard output. Default: quests-backup-DATE.json in the current folder.",
                valueName: "file"))
        var file: String?

        @Flag(help: "Replace FILE even when it exists and is not a quests backup.")
        var force = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            if file == "-" {
                let backup = try Backups(context.store).backup(
                    appVersion: Quests.version, exportedAt: context.now.instant)
                FileHandle.standardOutput.write(Data(backup.encoded()))
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

/// Wordings shared by backup, restore and import.
enum BackupSummary {
    /// `50 quests, 1200 completions, 1210 ledger entries, 3 rewards, 4 purchases, 5 achievements`.
    static func contents(of backup: QuestsCore.Backup) -> String {
        ([
            Message.backupQuests(count: backup.quests.count),
            Message.backupCompletions(count: backup.completions.count),
            Message.backupLedgerEntries(count: backup.ledger.count),
            Message.backupRewards(count: backup.rewards.count),
            Message.backupPurchases(count: backup.redemptions.count),
            Message.backupAchievements(count: backup.achievements.count),
        ]
            // Skips, vacations and the focus are named only when there are any.
            + [
                (backup.skips.count, Message.backupSkips), (backup.vacations.count, Message.backupVacations),
                (backup.focusGoals.count, Message.backupMainQuests),
                (backup.focusTasks.count, Message.backupFocusTasks),
            ].filter { $0.0 > 0 }.map { $0.1($0.0) }).joined(separator: ", ")
    }

    /// `exported 2026-11-21 08:30 by quests 0.3.0`.
    static func origin(of backup: QuestsCore.Backup, zone: Zone) -> String {
        Message.backupOrigin(
            time: Format.localTime(backup.exportedAt, zone: zone), version: Sanitized.line(backup.appVersion))
    }
}
