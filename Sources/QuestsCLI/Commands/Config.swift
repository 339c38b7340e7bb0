import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests config`: read and change settings.
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract:
                "Show or change settings: day-start, week-start, backfill-days, freeze-price, focus-limit, focus-task-reward, focus-goal-reward, focus-checkins, sync-dir, language, backup-dir, backup-keep.",
            discussion: """
                Settings live in the store, so they travel with backups (and sync). sync-dir, the folder \
                'quests sync' uses, is this machine's own: it is kept in the store but never synced. So is \
                language: auto (the default) follows LC_ALL, LC_MESSAGES, LANG and LANGUAGE as gettext \
                programs do; en, de, es, fr, ja or zh speaks that language on this machine. So are backup-dir, \
                the folder of the automatic daily backups (auto, the default: a backups folder beside the store, \
                also beside a store --db or QUESTS_DB names), and backup-keep, how many of them are kept \
                (7 by default; 0 takes none).

                Examples:
                  quests config                      # every setting
                  quests config day-start 03:00      # 01:30 counts for the day before
                  quests config week-start sunday
                  quests config backfill-days 14
                  quests config freeze-price 80
                  quests config sync-dir ~/Sync/quests
                  quests config language de          # German on this machine (auto: LANG)
                  quests config backup-dir /mnt/usb/quests-backups
                  quests config backup-keep 30
                """
        )

        @Argument(help: "The setting to show or change.", completion: Completions.settingKeys)
        var key: String?

        @Argument(help: "The new value.")
        var value: String?

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            if self.key == Self.syncDir { return try syncFolder() }
            if self.key == Self.language { return try language() }
            if self.key == Self.backupDir { return try backupFolder() }
            if self.key == Self.backupKeep { return try backupKeep() }
            let key = try self.key.map { try Settings.Key.parse($0) }
            let context = try CommandContext(options)
            var settings = try Preferences(context.store).settings()
            if let key, let value {
                settings = try Preferences(context.store).set(key, to: value)
                print("\(key.rawValue) = \(settings.value(for: key))")
                if key == .dayStart, let note = Self.dayStartNote(settings.dayStart) {
                    for line in DisplayWidth.wrap(note, to: Terminal.columns()) { print(line) }
                }
                return
            }
            let keys = key.map { [$0] } ?? Settings.Key.allCases
            // Every setting, then this machine's sync folder (empty when none).
            var rows = keys.map { (key: $0.rawValue, value: settings.value(for: $0), summary: $0.summary) }
            if key == nil {
                rows.append(
                    (
                        Self.syncDir, try Syncing(context.store).folder().map(Sanitized.line) ?? "",
                        Message.configSyncDirSummary
                    ))
                rows.append(
                    (
                        Self.language, try Preferences(context.store).chosenLanguage() ?? "auto",
                        Message.configLanguageSummary
                    ))
                rows.append(
                    (
                        Self.backupDir, try Snapshots(context.store).chosenFolder().map(Sanitized.line) ?? "auto",
                        Message.configBackupDirSummary
                    ))
                rows.append(
                    (Self.backupKeep, String(try Snapshots(context.store).keep()), Message.configBackupKeepSummary))
            }
            if json {
                try JSONOutput.print(Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.value) }))
            } else if key != nil {
                print(rows[0].value)
            } else {
                let keyWidth = rows.map(\.key.count).max() ?? 0
                let indent = String(repeating: " ", count: keyWidth + 10)
                let summaryWidth = max(Terminal.columns() - indent.count, 20)
                for row in rows {
                    var summary = DisplayWidth.wrap(row.summary, to: summaryWidth)
                    // A value wider than the column (a folder) gets its own line; the summary goes below it.
                    if DisplayWidth.of(row.value) > 6 {
                        print("\(Format.pad(row.key, keyWidth))  \(row.value)")
                    } else {
                        print(
                            "\(Format.pad(row.key, keyWidth))  \(Format.pad(row.value, 6))  \(context.style.dim(summary.first ?? ""))"
                        )
                        summary.removeFirst(min(1, summary.count))
                    }
                    for line in summary { print(indent + context.style.dim(line)) }
                }
            }
        }

        /// The key of the sync folder: per machine, so kept apart from the settings that sync.
        static let syncDir = "sync-dir"

        /// The key of this machine's language: per machine, as the sync folder.
        static let language = "language"

        /// The keys of this machine's automatic backups: per machine, as the sync folder.
        static let backupDir = "backup-dir"
        static let backupKeep = "backup-keep"

        /// Every key `config` takes: the settings that sync, then this machine's own.
        static let keys = Settings.Key.allCases.map(\.rawValue) + [syncDir, language, backupDir, backupKeep]

        /// `quests config backup-dir [DIR|auto]`: shows (the folder in effect) or chooses where this machine
        /// keeps its automatic backups.
        private func backupFolder() throws {
            let context = try CommandContext(options)
            guard let value else {
                print(Sanitized.line(try AutomaticBackup.folder(of: context.store, storePath: context.storePath).path))
                return
            }
            let path = value.lowercased() == "auto" ? nil : CommandContext.absolute(value)
            try Snapshots(context.store).setFolder(path)
            print("\(Self.backupDir) = \(path.map(Sanitized.line) ?? "auto")")
        }

        /// `quests config backup-keep [N]`: shows or sets how many automatic backups are kept.
        private func backupKeep() throws {
            let context = try CommandContext(options)
            guard let value else {
                print(try Snapshots(context.store).keep())
                return
            }
            guard let keep = SnapshotSchedule.parseKeep(value) else { throw CommandFailure.invalidBackupKeep(value) }
            try Snapshots(context.store).setKeep(keep)
            print("\(Self.backupKeep) = \(keep)")
        }

        /// `quests config language [CODE|auto]`: shows or chooses the language this machine speaks.
        private func language() throws {
            let context = try CommandContext(options)
            guard let value else {
                print(try Preferences(context.store).chosenLanguage() ?? "auto")
                return
            }
            let code = value.lowercased()
            guard code == "auto" || Catalog.codes.contains(code) else {
                throw CommandFailure.unknownLanguage(value, known: Catalog.codes)
            }
            try Preferences(context.store).setChosenLanguage(code == "auto" ? nil : code)
            Catalog.choose(LanguageChoice.code(configured: code == "auto" ? nil : code, environment: .process))
            print("\(Self.language) = \(code)")
        }

        /// `quests config sync-dir [DIR]`: shows or remembers this store's sync folder.
        private func syncFolder() throws {
            let context = try CommandContext(options)
            guard let value else {
                print(try Syncing(context.store).folder().map(Sanitized.line) ?? "")
                return
            }
            let path = Sync.absolute(value)
            try Syncing(context.store).setFolder(path)
            print("\(Self.syncDir) = \(Sanitized.line(path))")
        }

        /// What a day start other than midnight means, said once when it is set: any time is accepted, and
        /// one after noon is called out, since then most of a day's completions count for the day before.
        static func dayStartNote(_ dayStart: TimeOfDay) -> String? {
            guard dayStart != .midnight else { return nil }
            let time = dayStart.description
            return dayStart.minutes > 12 * 60
                ? Message.configDayStartNoteLate(time: time) : Message.configDayStartNote(time: time)
        }
    }
}
