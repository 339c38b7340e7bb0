import ArgumentParser
import QuestsCore

/// The schedule flags `add` and `edit` share.
struct ScheduleOptions: ParsableArguments {
    @Option(name: .customLong("at"), help: ArgumentHelp("The time it opens, HH:MM (24-hour). Without it: any time.", valueName: "HH:MM"),
            transform: { try TimeOfDay.parse($0) })
    var time: TimeOfDay?

    @Option(help: ArgumentHelp("The weekdays it runs on: daily, weekdays, weekends or a list like mon,wed,fri.", valueName: "days"),
            transform: { try WeekdaySet.parse($0) })
    var days: WeekdaySet?

    @Option(parsing: .unconditional, help: ArgumentHelp("Daily Dollars for each completion (whole number).", valueName: "N"),
            transform: { try Schedule.parseReward($0) })
    var reward: Int?

    @Option(help: "Free-form notes shown with the quest.")
    var notes: String?
}

extension Quests {
    /// `quests add`: create a quest.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a recurring quest.",
            discussion: """
                The quest is scheduled from today on. Defaults: any time, every day, 10 DD.

                Examples:
                  quests add "Drink water"
                  quests add "Morning run" --at 07:00 --days weekdays --reward 20
                  quests add "Long walk" --days sat,sun --notes "At least 5 km"
                """
        )

        @Argument(help: "The quest's title.")
        var title: String

        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let quest = try context.store.addQuest(
                title: title, notes: schedule.notes ?? "",
                schedule: Schedule(time: schedule.time, weekdays: schedule.days ?? .daily, reward: schedule.reward ?? Schedule.defaultReward),
                now: context.now)
            print("Added \(QuestSummary.line(quest, on: quest.createdDay, style: context.style))")
        }
    }
}

/// One-line description of a quest: `#3 Read · 21:00 · daily · 10 DD`.
enum QuestSummary {
    static func line(_ quest: Quest, on day: LocalDay, style: TextStyle) -> String {
        let schedule = quest.schedule(asOf: day)
        return "#\(quest.number) \(style.bold(Sanitized.line(quest.title))) · \(Format.time(schedule.time)) · \(schedule.weekdays.summary) · \(Format.dd(schedule.reward))"
    }
}
