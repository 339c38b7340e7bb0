import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests journal`: a few lines a day of what you are thankful for, beside your quests.
    struct Journal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journal",
            abstract: "Write in the day's journal, read it, search it, export it.",
            discussion: """
                Each day has a journal of any number of entries, numbered as listed. An entry is stored \
                exactly as written, up to 2,000 characters (no NUL); it is private: never in status, \
                reminders or calendars. It may be written for today or a past day in the back-fill window \
                (the backfill-days setting), never for a day ahead. A quest added with --journal is completed \
                by the day's first entry and undone when the day's last entry is deleted. Search ignores case \
                and accents (cafe finds Café, strasse finds Straße) and lists the newest first.

                Examples:
                  quests journal "The first coffee in the sun"
                  quests journal "A long call with Mum" --date yesterday
                  quests journal                       # today's entries
                  quests journal --week                # this week, by day
                  quests journal --week 2026-03-02     # the week holding that day
                  quests journal edit 1 "The first coffee, in the sun"
                  quests journal delete 2
                  quests journal --search cafe
                  quests journal --insights
                  quests journal export ~/journal.md
                """,
            subcommands: [Show.self, Edit.self, Delete.self, Export.self],
            defaultSubcommand: Show.self
        )

        /// The day `--date` names (a weekday name is the last one), today without it.
        static func day(_ text: String?) throws -> DayReference {
            guard let text else { return .today }
            return try DayReference(typed: text, ahead: false)
        }

        /// Today, as the store's day start has it.
        static func today(_ context: CommandContext) throws -> LocalDay {
            context.now.position(dayStart: try Preferences(context.store).settings().dayStart).day
        }

        /// Completes or undoes the journal quest as `outcome` asks, printing what that did; a quest that
        /// cannot be completed now (its quota met, say) is left as it is.
        static func settleQuest(_ outcome: JournalOutcome, context: CommandContext) throws {
            let day = DayReference.date(outcome.entry.day)
            if let quest = outcome.complete,
                let done = try? Completing(context.store).complete(
                    ItemReference(number: quest.number), on: day, early: true, now: context.now)
            {
                for line in OutcomeView.lines(for: done, style: context.style) { print(line) }
            }
            if let quest = outcome.undo {
                let undone = try Completing(context.store).undo(
                    ItemReference(number: quest.number), on: day, now: context.now)
                print(OutcomeView.line(for: undone, style: context.style))
            }
        }
    }
}

extension Quests.Journal {
    /// `quests journal [TEXT]`: writes an entry, or lists a day, a week, a search or the insights.
    struct Show: ParsableCommand, Quests.TakesWords {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Write an entry (with TEXT), or list the day's entries.",
            discussion: """
                With TEXT, adds it to the day's journal. Without, lists the day's entries; with --week, the \
                week holding TEXT's day (the week-start setting; default this week); with --search, the \
                entries holding every word; with --insights, the journaling streak, totals, the last seven \
                days and this month.

                Examples:
                  quests journal "Dinner with friends"
                  quests journal --date 2026-03-01 --json
                  quests journal --week monday
                  quests journal --search "long call"
                  quests journal --insights --json
                """
        )

        @Argument(help: ArgumentHelp("The entry to write (with --week: a day of the week to show).", valueName: "text"))
        var text: String?

        @Option(help: ArgumentHelp("The day: YYYY-MM-DD, today, yesterday or a weekday name.", valueName: "day"))
        var date: String?

        @Flag(help: "Show the week holding the day, by day.")
        var week = false

        @Option(help: ArgumentHelp("Find the entries holding every one of these words.", valueName: "words"))
        var search: String?

        @Flag(help: "Show the journaling streak, totals, the last seven days and this month.")
        var insights = false

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            let modes = [week, search != nil, insights].filter { $0 }.count
            if modes > 1 { throw ValidationError("Use one of --week, --search and --insights at a time.") }
            if text != nil, search != nil || insights {
                throw ValidationError("--search and --insights take no entry text.")
            }
            if week, text != nil, date != nil { throw ValidationError("Give the week's day once: DAY or --date.") }
        }

        func run() throws {
            if week {
                let day = try Quests.Journal.day(text ?? date)
                let context = try CommandContext(options)
                let days = try Journaling(context.store).week(of: day, now: context.now)
                if json {
                    try JSONOutput.print(
                        JSONShapes.JournalWeekDocument(days: days.map(JSONShapes.JournalDayDocument.init)))
                } else {
                    print(JournalView(style: context.style).week(days, today: try Quests.Journal.today(context)))
                }
                return
            }
            if let search {
                let context = try CommandContext(options)
                let found = try Journaling(context.store).search(search)
                if json {
                    try JSONOutput.print(
                        JSONShapes.JournalSearchDocument(entries: found.map(JSONShapes.JournalFound.init)))
                } else if found.isEmpty {
                    print(Message.journalNoMatch(words: UserText.quoted(Sanitized.line(search))))
                } else {
                    print(JournalView(style: context.style).found(found))
                }
                return
            }
            if insights {
                let context = try CommandContext(options)
                let (insights, today, weekStart) = try Journaling(context.store).insights(now: context.now)
                if json {
                    try JSONOutput.print(JSONShapes.JournalInsightsDocument(insights))
                } else {
                    print(JournalView(style: context.style).insights(insights, today: today, weekStart: weekStart))
                }
                return
            }
            let day = try Quests.Journal.day(date)
            let context = try CommandContext(options)
            guard let text else {
                let journal = try Journaling(context.store).day(day, now: context.now)
                if json {
                    try JSONOutput.print(JSONShapes.JournalDayDocument(journal))
                } else {
                    print(JournalView(style: context.style).day(journal, today: try Quests.Journal.today(context)))
                }
                return
            }
            let outcome = try Journaling(context.store).write(text, on: day, now: context.now)
            print(
                Message.journalWritten(number: outcome.number, day: Format.day(outcome.entry.day, today: outcome.today))
            )
            for line in Celebration.announce(outcome.newAchievements, style: context.style) { print(line) }
            try Quests.Journal.settleQuest(outcome, context: context)
        }
    }

    /// `quests journal edit N TEXT`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Replace the text of entry N of the day.",
            discussion: """
                N is the entry's number as 'quests journal' lists the day (today unless --date).

                Examples:
                  quests journal edit 1 "The first coffee, in the sun"
                  quests journal edit 2 "A walk by the river" --date yesterday
                """
        )

        @Argument(help: ArgumentHelp("The entry's number, as listed.", valueName: "n"))
        var number: Int

        @Argument(help: ArgumentHelp("Its new text.", valueName: "text"))
        var text: String

        @Option(help: ArgumentHelp("The day: YYYY-MM-DD, today, yesterday or a weekday name.", valueName: "day"))
        var date: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let day = try Quests.Journal.day(date)
            let context = try CommandContext(options)
            let outcome = try Journaling(context.store).edit(number, to: text, on: day, now: context.now)
            print(
                Message.journalEdited(number: outcome.number, day: Format.day(outcome.entry.day, today: outcome.today)))
            try Quests.Journal.settleQuest(outcome, context: context)
        }
    }

    /// `quests journal delete N`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete entry N of the day.",
            discussion: """
                N is the entry's number as 'quests journal' lists the day (today unless --date). Its text is \
                gone; on other machines too once they sync. Deleting the day's last entry undoes the journal \
                quest of that day.

                Examples:
                  quests journal delete 2
                  quests journal delete 1 --date yesterday
                """
        )

        @Argument(help: ArgumentHelp("The entry's number, as listed.", valueName: "n"))
        var number: Int

        @Option(help: ArgumentHelp("The day: YYYY-MM-DD, today, yesterday or a weekday name.", valueName: "day"))
        var date: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let day = try Quests.Journal.day(date)
            let context = try CommandContext(options)
            let outcome = try Journaling(context.store).delete(number, on: day, now: context.now)
            print(
                Message.journalDeleted(number: outcome.number, day: Format.day(outcome.entry.day, today: outcome.today))
            )
            try Quests.Journal.settleQuest(outcome, context: context)
        }
    }

    /// `quests journal export [FILE|-]`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the whole journal as Markdown, one heading per day, oldest first.",
            discussion: """
                Each day is a heading (## YYYY-MM-DD), each entry a paragraph, exactly as written. The file is \
                written atomically and readable by you only; an existing file that is not a journal export \
                is never overwritten.

                Examples:
                  quests journal export                 # to standard output
                  quests journal export ~/journal.md
                """
        )

        @Argument(help: ArgumentHelp("Where to write it; - or nothing for standard output.", valueName: "file"))
        var file: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let days = try Journaling(context.store).everyDay()
            let text = JournalMarkdown.document(days)
            guard let file, file != "-" else {
                Swift.print(text, terminator: "")
                return
            }
            if let existing = CommandContext.contents(ofFile: file),
                !existing.starts(with: Array(JournalMarkdown.marker.utf8))
            {
                throw CommandFailure.notAJournalExport(path: file)
            }
            try BackupFile.writeAtomically(Array(text.utf8), to: file)
            print(
                Message.journalExported(
                    count: days.reduce(0) { $0 + $1.entries.count }, file: Sanitized.line(file)))
        }
    }
}

/// The journal as Markdown (`journal export`): a marker line, then each day as `## YYYY-MM-DD` and its
/// entries as paragraphs, exactly as written. Machine output: the same in every language.
enum JournalMarkdown {
    /// The first line, by which an export is known again (and may be replaced).
    static let marker = "<!-- quests journal -->"

    static func document(_ days: [JournalDay]) -> String {
        var text = marker + "\n"
        for day in days {
            text += "\n## \(day.day)\n"
            for entry in day.entries { text += "\n" + entry.text + "\n" }
        }
        return text
    }
}
