import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests complete` (alias `done`): complete a quest and earn its reward, or record an amount of a
    /// counted or limit quest.
    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Complete a quest for today (or a missed past day) and earn its Daily Dollars.",
            discussion: """
                Completing the same quest twice on one day credits nothing the second time. A quest whose \
                time has not arrived is refused unless --early is given. --date back-fills a missed day within \
                the back-fill window (quests config backfill-days, default 7); a weekday name there means the \
                last one (today included).

                A counted or limit quest (add --target or --at-most) records an amount instead (default 1, up \
                to three decimals); a number right after such a quest is its amount, after a yes/no quest it \
                is the next quest.

                Examples:
                  quests done 1
                  quests done 1 3 5              # each in turn, even when one fails
                  quests complete "morning run"
                  quests done read --date yesterday
                  quests done stretch --early
                  quests done run --note "5 km, windy"
                  quests done read --date yesterday --note "finished the book"
                  quests done water 3            # 3 more glasses
                  quests done run --set 10.5     # today's total is 10.5 km
                """,
            aliases: ["done"]
        )

        @Argument(
            help: ArgumentHelp(
                "The quest: its number, its title, or a unique word or part of its title; several complete each. After a counted or limit quest, a number is its amount.",
                valueName: "quest"),
            completion: Completions.quests)
        var quests: [String] = []

        @Option(
            help: ArgumentHelp(
                "The day to complete it for: YYYY-MM-DD, yesterday or a weekday name (the most recent one).",
                valueName: "day"))
        var date: String?

        @Flag(help: "Complete a quest before its time.")
        var early = false

        @Option(help: ArgumentHelp("A note to keep with this completion (shown by log and show).", valueName: "text"))
        var note = ""

        // Amounts are read once the language is known (`2,5` in German): as typed here.
        @Option(
            help: ArgumentHelp(
                "The amount to record for a counted or limit quest (up to three decimals).", valueName: "N"))
        var amount: String?

        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("Record what makes the day's total of a counted or limit quest N.", valueName: "N"))
        var total: String?

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if quests.isEmpty { throw ValidationError("missing expected argument '<quest>'") }
            if amount != nil, total != nil { throw ValidationError(Message.doneAmountOrSet) }
            if amount != nil || total != nil, quests.count > 1 { throw ValidationError(Message.doneAmountOneQuest) }
        }

        /// Completes each quest (or records its amount), in order, and prints each outcome; one that fails is
        /// reported and the others still go ahead (each is its own transaction). Throws when any failed.
        func run() throws {
            let context = try CommandContext(options)
            let day = try DayReference(typed: date)
            let steps = try self.steps(context, day: day)
            guard steps.count > 1 else {
                try perform(steps[0], context: context, day: day)
                return
            }
            var failed = false
            for step in steps {
                do {
                    try perform(step, context: context, day: day)
                } catch let error where Quests.failureMessage(error) != nil {
                    Quests.reportFailure(Quests.failureMessage(error) ?? "")
                    failed = true
                }
            }
            if failed { throw AlreadyReported() }
        }

        /// One quest to complete, or to record `change` (nil: complete it, or add 1 to a counted or limit
        /// quest).
        private struct Step {
            let quest: String
            var change: AmountChange?
            var measured: Bool
        }

        /// The arguments as steps: a number right after a counted or limit quest is its amount.
        private func steps(_ context: CommandContext, day: DayReference) throws -> [Step] {
            let list = try QuestBoard(context.store).questList(now: context.now)
            let change: AmountChange? =
                try amount.map { AmountChange.add(try Format.parseAmount($0)) }
                ?? total.map { AmountChange.set(try Format.parseAmount($0)) }
            var steps: [Step] = []
            var index = quests.startIndex
            while index < quests.endIndex {
                let text = quests[index]
                let quest = try? Quest.resolve(ItemReference(text), among: list.quests, on: list.today)
                let measured = quest?.schedule(asOf: day.day(today: list.today)).measure != nil
                var step = Step(quest: text, change: change, measured: measured)
                let next = quests.index(after: index)
                if measured, next < quests.endIndex, Self.looksLikeAmount(quests[next]) {
                    step.change = AmountChange.add(try Format.parseAmount(quests[next]))
                    index = quests.index(after: next)
                } else {
                    index = next
                }
                steps.append(step)
            }
            return steps
        }

        /// Whether `text` is meant as a number (`3`, `2,5`, `.5`), not a quest's word.
        private static func looksLikeAmount(_ text: String) -> Bool {
            text.first.map { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") } ?? false
        }

        private func perform(_ step: Step, context: CommandContext, day: DayReference) throws {
            if step.measured || step.change != nil {
                let outcome = try Measuring(context.store).record(
                    step.change ?? .add(.one), for: ItemReference(step.quest), on: day, early: early, now: context.now)
                for line in OutcomeView.lines(for: outcome, style: context.style) { print(line) }
                return
            }
            let outcome = try Completing(context.store).complete(
                ItemReference(step.quest), on: day, early: early, note: note, now: context.now)
            for line in OutcomeView.lines(for: outcome, style: context.style) { print(line) }
        }
    }
}
