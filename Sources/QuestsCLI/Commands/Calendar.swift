import ArgumentParser
import Foundation
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests calendar [FILE|-]`: the quests' schedules as an iCalendar file. (Not named `Calendar`, which would
    /// hide Foundation's inside `Quests`.)
    struct CalendarExport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: "Export quest schedules as an iCalendar (.ics) file for calendar apps.",
            discussion: """
                Each quest becomes a weekly recurring event (one per schedule version: an edit or an archive \
                ends the old one), at its time in this time zone with a reminder, or all day when it has no \
                time; vacation days are left out. Exporting again gives the same event identities, so a calendar updates its events \
                instead of duplicating them. The file is written atomically and readable by you only; an \
                existing file that is not an iCalendar document is never overwritten.

                Examples:
                  quests calendar                 # to standard output
                  quests calendar ~/quests.ics    # Thunderbird: File > Import… > Calendar
                  quests calendar ~/quests.ics && khal import --batch -a quests ~/quests.ics
                """
        )

        @Argument(help: ArgumentHelp("Where to write it; - or nothing for standard output.", valueName: "file"))
        var file: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let quests = try QuestBoard(context.store).allQuests()
            let vacations = try Forgiveness(context.store).allVacations().map(\.days)
            let text = ICalendar.document(
                quests: quests, vacations: vacations, zone: context.now.zone, now: context.now.instant)
            guard let file, file != "-" else {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            if let existing = FileHandle(forReadingAtPath: file) {
                defer { try? existing.close() }
                guard (try? existing.read(upToCount: 15)) == Data("BEGIN:VCALENDAR".utf8) else {
                    throw CommandFailure.notACalendar(path: file)
                }
            }
            try BackupFile.writeAtomically(Array(text.utf8), to: file)
            let archived = quests.filter { $0.versions.last?.schedule.archived == true }.count
            let (count, path) = (quests.count - archived, Sanitized.line(file))
            print(
                archived == 0
                    ? Message.calendarWrote(count: count, file: path)
                    : Message.calendarWroteArchived(count: count, archived: archived, file: path))
        }
    }
}
