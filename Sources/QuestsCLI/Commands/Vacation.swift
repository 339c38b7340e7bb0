import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests vacation`: runs of days when nothing is due.
    struct Vacation: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vacation",
            abstract: "Plan vacations: days when nothing is due and your streak is safe.",
            discussion: """
                Every day of a vacation is neutral for every quest: it neither breaks nor extends your streak, \
                unless you do every quest due that day anyway (then it is cleared and extends it). Quests can \
                still be completed and still pay. A quest due N times a week or month cannot fail a period \
                holding a vacation day. The board says when you are on vacation. Vacations may not overlap.

                Examples:
                  quests vacation add 2026-12-24 2027-01-02 --reason "holidays"
                  quests vacation add today
                  quests vacation list
                  quests vacation remove 2026-12-24
                """,
            subcommands: [Add.self, List.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}

extension Quests.Vacation {
    /// `quests vacation add`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a vacation from START through END (START alone without END).",
            discussion: """
                Days are YYYY-MM-DD, today, yesterday, tomorrow or a weekday name, which means the next one \
                (today included; for END, the next one from START). A vacation may reach into the future, but may not start before the back-fill window (the backfill-days setting), end before it \
                starts, or overlap another vacation.

                Examples:
                  quests vacation add 2026-12-24 2027-01-02 --reason "holidays"
                  quests vacation add tomorrow
                  quests vacation add fri mon
                """
        )

        @Argument(help: ArgumentHelp("The first day of the vacation.", valueName: "start"))
        var start: String

        @Argument(help: ArgumentHelp("The last day of the vacation (default: the first).", valueName: "end"))
        var end: String?

        @Option(help: "Why, for your own record.")
        var reason: String = ""

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            // Planning ahead: a weekday name is the next one.
            let start = try DayReference(typed: start, ahead: true)
            let end = try end.map { text throws(QuestsError) in try DayReference(typed: text, ahead: true) }
            let context = try CommandContext(options)
            let vacation = try Forgiveness(context.store).addVacation(
                from: start, through: end, reason: reason, now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.VacationRecord(vacation))
                return
            }
            print(Message.vacationAdded(span: context.style.bold(Format.span(vacation.days)), count: vacation.dayCount))
        }
    }

    /// `quests vacation list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the vacations, earliest first.",
            discussion: """
                Examples:
                  quests vacation list
                  quests vacation list --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let list = try Forgiveness(context.store).vacationList(now: context.now)
            if json {
                try JSONOutput.print(
                    JSONShapes.VacationListDocument(vacations: list.vacations.map(JSONShapes.VacationRecord.init)))
                return
            }
            guard !list.vacations.isEmpty else {
                print(Message.vacationNone)
                return
            }
            for vacation in list.vacations {
                let reason = vacation.reason.isEmpty ? "" : "  " + Sanitized.line(vacation.reason)
                let now = vacation.days.contains(list.today) ? context.style.cyan("  " + Message.vacationNow) : ""
                print("\(Format.span(vacation.days))  \(Message.vacationDays(count: vacation.dayCount))\(reason)\(now)")
            }
        }
    }

    /// `quests vacation remove`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove the vacation holding DAY.",
            discussion: """
                Its days count as usual again.

                Examples:
                  quests vacation remove 2026-12-24
                  quests vacation remove today
                """
        )

        @Argument(help: ArgumentHelp("Any day of the vacation.", valueName: "day"), completion: Completions.vacations)
        var day: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let day = try DayReference(typed: day)
            let context = try CommandContext(options)
            let vacation = try Forgiveness(context.store).removeVacation(on: day, now: context.now)
            print(Message.vacationRemoved(span: context.style.bold(Format.span(vacation.days))))
        }
    }
}
