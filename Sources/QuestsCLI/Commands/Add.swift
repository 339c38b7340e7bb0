import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

/// The schedule flags `add` and `edit` share.
struct ScheduleOptions: ParsableArguments {
    @Option(
        name: .customLong("at"),
        help: ArgumentHelp("The time it opens, HH:MM (24-hour). Without it: any time.", valueName: "HH:MM"),
        transform: { try TimeOfDay.parse($0) })
    var time: TimeOfDay?

    @Option(
        help: ArgumentHelp(
            "The weekdays it runs on: daily, weekdays, weekends or a list like mon,wed,fri; or how many times a week or month, on any days: 3/week, 8/month.",
            valueName: "days"),
        transform: { try ScheduleDays.parse(LocalInput.weekdays($0)) })
    var days: ScheduleDays?

    @Option(
        help: ArgumentHelp(
            "Due every N days (every third day: 3), counted from --from or the day the schedule starts.", valueName: "N"
        ),
        transform: { try Schedule.parseInterval($0) })
    var every: Int?

    @Option(
        help: ArgumentHelp("With --every: the first day it is due, YYYY-MM-DD.", valueName: "day"),
        transform: { text throws(QuestsError) in
            guard let day = LocalDay(text.trimmingSpaces()) else { throw .invalidDay(text) }
            return day
        })
    var from: LocalDay?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Daily Dollars for each completion (whole number).", valueName: "N"),
        transform: { try Schedule.parseReward($0) })
    var reward: Int?

    @Option(help: "Free-form notes shown with the quest.")
    var notes: String?

    @Option(
        help: ArgumentHelp(
            "A counted quest: done for a day when that day's amounts reach N (up to three decimals).", valueName: "N"))
    var target: String?

    @Option(
        name: .customLong("at-most"),
        help: ArgumentHelp(
            "A limit quest: kept for a day that ends with at most N (0 for none).", valueName: "N"))
    var atMost: String?

    @Option(help: ArgumentHelp("The unit a counted or limit quest's amounts are in (glasses, km).", valueName: "unit"))
    var unit: String?

    @Option(help: ArgumentHelp("The group the quest is in (Health, Work); empty for none.", valueName: "name"))
    var group: String?

    func validate() throws {
        if every != nil, days != nil { throw ValidationError(Message.addDaysOrEvery) }
        if from != nil, every == nil { throw ValidationError(Message.addFromNeedsEvery) }
        if target != nil, atMost != nil { throw ValidationError(Message.addTargetOrAtMost) }
    }

    /// The schedule changes the flags ask for; `--target` and `--at-most` are read in the reader's language
    /// (`2,5` in German), so once it is chosen.
    func changes() throws -> QuestChanges {
        QuestChanges(
            notes: notes, time: time.map { .some($0) }, days: scheduleDays, reward: reward,
            target: try target.map(Format.parseAmount), atMost: try atMost.map(Format.parseAmount), unit: unit,
            group: group)
    }

    /// The days the flags ask for (`--days` or `--every`), or nil when neither is given.
    var scheduleDays: ScheduleDays? {
        every.map { ScheduleDays(kind: .every(days: $0, from: from)) } ?? days
    }
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
                  quests add Gym --days 3/week
                  quests add "Water the plants" --every 3
                  quests add Water --target 8 --unit glasses
                  quests add Coffee --at-most 2 --unit cups
                  quests add "No smoking" --at-most 0
                  quests add Stretch --group Health
                  quests add Gratitude --journal --days mon,wed,sat
                """
        )

        @Argument(help: "The quest's title.")
        var title: String

        @Flag(help: "Completed by the day's first journal entry, undone when its last is deleted (quests journal).")
        var journal = false

        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let quest = try QuestBoard(context.store).add(
                title: title, notes: schedule.notes ?? "",
                schedule: try schedule.changes().applied(to: Schedule()), group: schedule.group ?? "",
                journal: journal, now: context.now)
            print(Message.addAdded(quest: QuestSummary.line(quest, on: quest.createdDay, style: context.style)))
        }
    }
}

/// One-line description of a quest: `#3 Read · 21:00 · daily · 10 DD`.
enum QuestSummary {
    static func line(_ quest: Quest, on day: LocalDay, style: TextStyle) -> String {
        let schedule = quest.schedule(asOf: day)
        let group = quest.group.isEmpty ? "" : " (" + Sanitized.line(quest.group) + ")"
        let measure = schedule.measure.map { " · " + Format.measure($0) } ?? ""
        return
            "#\(quest.number) \(style.bold(Sanitized.line(quest.title)))\(group) · \(Format.time(schedule.time)) · \(Format.days(schedule))\(measure) · \(Format.dd(schedule.reward))"
    }
}
