import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension ImportSource: ExpressibleByArgument {}

extension Quests {
    /// `quests import FILE|- [--dry-run]`: merge a backup into the store; `--from TRACKER PATH [--pay]`:
    /// another tracker's export, made into a backup document first (`ImportPlan`), through the same merge.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Merge a backup, or another tracker's export, into the store.",
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

        @Argument(
            help: ArgumentHelp(
                "The backup to merge (- for standard input), or the export --from reads.", valueName: "path"))
        var file: String

        @Option(
            help: ArgumentHelp(
                "Read another tracker's export: loop, harsh, habitica or taskwarrior.", valueName: "tracker"))
        var from: ImportSource?

        @Flag(help: "With --from: each imported completion pays its quest's reward.")
        var pay = false

        @Flag(help: "Report what would change without writing anything.")
        var dryRun = false

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if pay, from == nil { throw ValidationError(Message.importPayNeedsFrom) }
        }

        func run() throws {
            if let from { return try runForeign(from) }
            let backup = try BackupFile.read(file)
            let context = try CommandContext(options)
            let report: ImportReport
            do {
                report = try Backups(context.store).importBackup(backup, dryRun: dryRun, now: context.now)
            } catch let error as BackupError {
                throw CommandFailure.badBackup(source: BackupFile.displayName(file), error)
            }
            if json {
                try JSONOutput.print(JSONShapes.ImportDocument(report, dryRun: dryRun))
                return
            }
            printReport(report, origin: BackupSummary.origin(of: backup, zone: context.now.zone))
        }

        /// Reads another tracker's export, makes it a backup document, checks it as any backup, and merges it.
        private func runForeign(_ source: ImportSource) throws {
            let context = try CommandContext(options)
            let clock = ImportClock(
                zone: context.now.zone, dayStart: try Preferences(context.store).settings().dayStart)
            let plan: ImportPlan
            do {
                let history = try ForeignExport.read(source, at: file, clock: clock)
                plan = try ImportPlan(
                    history, clock: clock, pay: pay, appVersion: Quests.version, exportedAt: context.now.instant)
            } catch {
                throw CommandFailure.badImport(error)
            }
            let report: ImportReport
            do {
                try plan.backup.validate()
                report = try Backups(context.store).importBackup(plan.backup, dryRun: dryRun, now: context.now)
            } catch let error as BackupError {
                throw CommandFailure.badBackup(source: Sanitized.line(file), error)
            }
            if json {
                try JSONOutput.print(JSONShapes.ImportDocument(report, dryRun: dryRun, plan: plan, source: source))
                return
            }
            printReport(report, origin: Message.importOrigin(tracker: source.format.trackerName))
            if !plan.nearestSchedules.isEmpty {
                print(Message.importNearestSchedules(count: plan.nearestSchedules.count))
                print("  " + plan.nearestSchedules.map(Sanitized.line).joined(separator: ", "))
            }
            let left = LeftBehindReason.allCases.compactMap { reason in plan.leftBehind[reason].map { (reason, $0) } }
            if !left.isEmpty {
                print(Message.importLeftBehindHeading)
                for (reason, count) in left { print("  " + Self.wording(reason, count: count)) }
            }
        }

        /// Why something was left behind, with how many, in the reader's language.
        static func wording(_ reason: LeftBehindReason, count: Int) -> String {
            switch reason {
            case .noteWithoutCheck: Message.importLeftNoteWithoutCheck(count: count)
            case .noteWithAmount: Message.importLeftNoteWithAmount(count: count)
            case .downOnTwoWayHabit: Message.importLeftDownOnTwoWayHabit(count: count)
            case .averagedHistory: Message.importLeftAveragedHistory(count: count)
            case .oneOffTasks: Message.importLeftOneOffTasks(count: count)
            }
        }

        /// The report's heading and rows, for a backup or another tracker's export.
        private func printReport(_ report: ImportReport, origin: String) {
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
            if report[.completions].skipped > 0 {
                print("  " + Message.importSkippedNote)
            }
            print(
                "  \(Format.pad(Message.importRowBalance, 13)) \(Format.dd(report.balanceBefore)) → \(Format.dd(report.balanceAfter))"
            )
        }

        /// The report's rows, a kind of record each (`RecordKind.all`): its key in `--json` (the same in every
        /// language), its name in the reader's language, and its counts.
        static func rows(_ report: ImportReport) -> [(key: String, name: String, counts: ImportCounts)] {
            RecordKind.all.map { ($0.name, Message.keyed("import-row-\($0.name)") ?? $0.name, report[$0]) }
        }
    }
}
