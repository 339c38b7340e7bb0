import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests edit`: change a quest from today on.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a quest's title, time, days, reward or notes.",
            discussion: """
                Schedule changes (time, days, reward, target, limit, unit) apply from today on; past days keep the schedule and \
                reward they had.

                Examples:
                  quests edit 3 --at 06:30
                  quests edit "morning run" --days mon,wed,fri --reward 25
                  quests edit read --any-time --title "Read a chapter"
                  quests edit gym --days 8/month
                  quests edit water --target 10           # a counted quest's target, from today on
                  quests edit coffee --at-most 1 --unit cups
                """
        )

        @Argument(
            help: "The quest: its number, its title, or a unique word or part of its title.",
            completion: Completions.quests)
        var quest: String

        @Option(help: "A new title.")
        var title: String?

        @Flag(name: .customLong("any-time"), help: "Remove the time: the quest is available all day.")
        var anyTime = false

        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            try schedule.validate()
            if anyTime, schedule.time != nil { throw ValidationError(Message.editAtOrAnyTime) }
        }

        func run() throws {
            let context = try CommandContext(options)
            let time: TimeOfDay?? = anyTime ? .some(nil) : schedule.time.map { .some($0) }
            var changes = try schedule.changes()
            changes.title = title
            changes.time = time
            let update = try QuestBoard(context.store).edit(ItemReference(quest), changes: changes, now: context.now)
            let summary = QuestSummary.line(update.quest, on: update.from, style: context.style)
            print(
                changes.changesSchedule
                    ? Message.editUpdatedFrom(quest: summary, day: Format.date(update.from))
                    : Message.editUpdated(quest: summary))
        }
    }
}
