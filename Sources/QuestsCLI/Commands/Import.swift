import ArgumentParser
import Foundation
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests import FILE|- [--dry-run]`: merge a backup into the store.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Merge a backup into the store, by UUID.",
            discussion: """
                Records already here are kept; new ones are added, all in one transaction. Importing the same \
                backup twice changes nothing, and two machines that import each other's backups end up with the \
                same history. A quest completed on both machines for the same day is paid once (this store's \
                completion is kept); an undo made on either machine wins. A backup that would take the balance \
                below zero, or that clashes with this store's records, is refused and nothing changes.

                Examples:
                  quests import laptop.json --dry-run
                  quests import laptop.json
                  ssh laptop quests backup - | quests import -
                """
        )

        @Argument(help: ArgumentHelp("The backup to merge; - for standard input.", valueName: "file"))
        var file: String

        @Flag(help: "Report what would change without writing anything.")
        var dryRun = false

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let backup = try BackupFile.read(file)
            let context = try CommandContext(options)
            let report: ImportReport
            do {
                report = try Backups(context.store).importBackup(backup, dryRun: dryRun)
            } catch let error as BackupError {
                throw CommandFailure.badBackup(source: BackupFile.displayName(file), error)
            }
            if json {
                try JSONOutput.print(JSONShapes.ImportDocument(report, dryRun: dryRun))
                return
            }
            let origin = BackupSummary.origin(of: backup, zone: context.now.zone)
            print(
                dryRun
                    ? Message.importDryRunHeading(file: BackupFile.displayName(file), origin: origin)
                    : Message.importHeading(file: BackupFile.displayName(file), origin: origin))
            for (_, name, counts) in Self.rows(report) where counts.added + counts.present + counts.skipped > 0 {
                var parts = [Message.importAdded(count: counts.added), Message.importPresent(count: counts.present)]
                if counts.skipped > 0 { parts.append(Message.importSkipped(count: counts.skipped)) }
                print("  \(Format.pad(name, 13)) \(parts.joined(separator: ", "))")
            }
            if report.scheduleChanges > 0 {
                print("  " + Message.importScheduleChanges(count: report.scheduleChanges))
            }
            if report.undoneCompletions > 0 {
                print("  " + Message.importUndoneCompletions(count: report.undoneCompletions))
            }
            if report.completions.skipped > 0 {
                print("  " + Message.importSkippedNote)
            }
            print(
                "  \(Format.pad(Message.importRowBalance, 13)) \(Format.dd(report.balanceBefore)) → \(Format.dd(report.balanceAfter))"
            )
        }

        /// The report's rows: each one's key in `--json` (the same in every language), its name in the
        /// reader's language, and its counts.
        static func rows(_ report: ImportReport) -> [(key: String, name: String, counts: ImportReport.Counts)] {
            [
                ("quests", Message.importRowQuests, report.quests),
                ("rewards", Message.importRowRewards, report.rewards),
                ("completions", Message.importRowCompletions, report.completions),
                ("ledger", Message.importRowLedger, report.ledger),
                ("purchases", Message.importRowPurchases, report.redemptions),
                ("achievements", Message.importRowAchievements, report.achievements),
                ("celebrations", Message.importRowCelebrations, report.celebrations),
                ("settings", Message.importRowSettings, report.settings),
                ("skips", Message.importRowSkips, report.skips),
                ("vacations", Message.importRowVacations, report.vacations),
                ("goals", Message.importRowGoals, report.focusGoals),
                ("tasks", Message.importRowTasks, report.focusTasks),
                ("journal", Message.importRowJournal, report.journal),
            ]
        }
    }
}
