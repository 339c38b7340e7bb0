import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests focus`: the day's main quest and its focus tasks.
    struct Focus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "focus",
            abstract: "The day's main quest and up to three focus tasks, beside your quests.",
            discussion: """
                Each day may have one main quest (its goal) and a few one-off focus tasks (at most \
                'quests config focus-limit', default 3), listed high, medium, low priority and in the order \
                added: the first unfinished is In Focus, the others Next Up. A task pays focus-task-reward \
                (10 DD), the main quest focus-goal-reward (25 DD) when achieved. Completing the last task \
                achieves the main quest by itself ('not-yet' takes that back). What an earlier day left \
                unfinished is offered, never moved by itself: 'quests focus carry'. TASK is its position on \
                the list or a word of its title.

                Examples:
                  quests focus goal "Ship the draft"
                  quests focus add "Write the intro" --priority high --at 09:00-10:30
                  quests focus                   # the day's focus
                  quests focus done 1
                  quests focus achieved
                  quests focus add "Call the printer" --date tomorrow
                  quests focus carry
                """,
            subcommands: [
                Show.self, Goal.self, Add.self, Done.self, Undo.self, Drop.self, Edit.self, Achieved.self, NotYet.self,
                Carry.self,
            ],
            defaultSubcommand: Show.self
        )

        /// Prints what `outcome` did, a celebration where one is due, and the day's focus after it.
        static func report(_ outcome: FocusOutcome, context: CommandContext) throws {
            var lines = said(outcome, context: context)
            lines.append("")
            lines.append(FocusView(focus: outcome.focus, today: outcome.today, style: context.style).render())
            print(lines.joined(separator: "\n"))
        }

        /// What `outcome` did, and a celebration where one is due: what `report` prints above the focus,
        /// and what the interactive board says.
        static func said(_ outcome: FocusOutcome, context: CommandContext) -> [String] {
            let style = context.style
            // A day as such, never "(tomorrow)'s focus".
            let day = outcome.focus.day
            let when =
                day == outcome.today
                ? Message.focusWhenToday
                : Message.dayHeading(weekday: Format.weekday(day.weekday), date: Format.date(day), relative: "")
            let money =
                outcome.credited == 0
                ? ""
                : Message.focusMoney(
                    amount: outcome.credited > 0
                        ? style.green(Format.signedDD(outcome.credited)) : Format.signedDD(outcome.credited),
                    balance: Format.dd(outcome.balance))
            func title(_ text: String) -> String { style.bold(Sanitized.line(text)) }
            var lines: [String] = []
            var cheers: [FocusCheer] = []
            switch outcome.action {
            case .goalSet(let goal, let replaced):
                let set =
                    replaced
                    ? Message.focusGoalReplaced(when: when, title: title(goal.title))
                    : Message.focusGoalSet(when: when, title: title(goal.title))
                lines.append("\(style.yellow("★")) " + set)
            case .added(let task):
                let window = FocusView.window(task)
                let priority = Self.priority(task.priority)
                lines.append(
                    window.isEmpty
                        ? Message.focusAdded(
                            title: title(task.title), when: when, priority: priority, reward: Format.dd(task.reward))
                        : Message.focusAddedAt(
                            title: title(task.title), when: when, priority: priority, window: window,
                            reward: Format.dd(task.reward)))
            case .done(let task, let already, let goalAchieved):
                if already {
                    lines.append(
                        Message.focusAlreadyDone(
                            title: title(task.title), when: when, balance: Format.dd(outcome.balance)))
                } else {
                    lines.append("\(style.green("✓")) " + Message.focusDone(title: title(task.title), money: money))
                    cheers.append(.taskDone)
                    if goalAchieved, let goal = outcome.focus.goal {
                        lines.append(Message.focusGoalAchievedByTasks(title: title(goal.title)))
                        cheers.append(.goalAchieved)
                    }
                }
            case .undone(let task, let goalReopened):
                lines.append(Message.focusUndone(title: title(task.title), money: money))
                if goalReopened { lines.append(Message.focusGoalOpenAgain) }
                cheers.append(.undo)
            case .dropped(let task):
                lines.append(Message.focusDropped(title: title(task.title), when: when))
                cheers.append(.dropped)
            case .edited(let task):
                lines.append(
                    task.day == outcome.focus.day
                        ? Message.focusChanged(title: title(task.title))
                        : Message.focusChangedMoved(title: title(task.title), day: Format.date(task.day)))
            case .achieved(let goal, let completed, let already):
                if already {
                    lines.append(Message.focusGoalAlreadyAchieved(title: title(goal.title)))
                } else {
                    let achieved =
                        completed.isEmpty
                        ? Message.focusGoalAchieved(title: title(goal.title), money: money)
                        : Message.focusGoalAchievedWithTasks(
                            title: title(goal.title), count: completed.count, money: money)
                    lines.append("\(style.green("✓")) " + achieved)
                    cheers.append(.goalAchieved)
                }
            case .notYet(let goal):
                lines.append(Message.focusNotYet(title: title(goal.title), money: money))
                cheers.append(.undo)
            case .carried(let from, let tasks, let goal, let left):
                let day = Format.date(from)
                lines.append(
                    goal && tasks.isEmpty
                        ? Message.focusCarriedGoal(from: day, when: when)
                        : goal
                            ? Message.focusCarriedGoalAndTasks(count: tasks.count, from: day, when: when)
                            : Message.focusCarriedTasks(count: tasks.count, from: day, when: when))
                if !left.isEmpty {
                    let names = left.map { UserText.quoted(Sanitized.line($0.title)) }.joined(separator: ", ")
                    let limit = outcome.focus.limit
                    // The verb agrees with one title or a list of them, not with a number the sentence shows.
                    lines.append(
                        left.count == 1
                            ? Message.focusNotCarriedOne(limit: limit, names: names, from: day)
                            : Message.focusNotCarriedSeveral(limit: limit, names: names, from: day))
                }
                cheers.append(.carried)
            }
            for cheer in cheers {
                // The cheer of one action, never the one it showed last.
                let count = cheer.messages.count
                let index =
                    (try? Cheers(context.store).next(
                        cheer.rawValue, among: count, offset: Int.random(in: 0..<max(count - 1, 1)))) ?? 0
                lines += cheer.render(index, style: style)
            }
            return lines
        }

        /// `high priority`, `medium priority`, `low priority`.
        static func priority(_ priority: FocusPriority) -> String {
            switch priority {
            case .high: Message.focusPriorityHigh
            case .medium: Message.focusPriorityMedium
            case .low: Message.focusPriorityLow
            }
        }
    }
}

/// `--date` of a focus command: the day whose focus it shows or changes.
/// What `focus done`, `undo` and `drop` take: the task, its day and the global options.
struct FocusTaskChoice: ParsableArguments {
    @Argument(help: ArgumentHelp("The task: its position on the list, or a word of its title.", valueName: "task"))
    var task: String

    @OptionGroup var day: FocusDateOption
    @OptionGroup var options: GlobalOptions

    /// Runs `action` on the task chosen, on its day (a weekday name is the last one), and reports what it did.
    func act(_ action: (QuestStore, ItemReference, DayReference, Now) throws -> FocusOutcome) throws {
        let reference = try day.day(ahead: false)
        let context = try CommandContext(options)
        try Quests.Focus.report(
            try action(context.store, ItemReference(task), reference, context.now), context: context)
    }
}

struct FocusDateOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The day: YYYY-MM-DD, today, yesterday, tomorrow or a weekday name (default today).", valueName: "day"))
    var date: String?

    /// The day named; a weekday name is the next one (`ahead`, for planning) or the last one.
    func day(ahead: Bool) throws -> DayReference {
        guard let date else { return .today }
        return try DayReference(typed: date, ahead: ahead)
    }
}

extension Quests.Focus {
    /// `quests focus` (alone, or `show`).
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the day's main quest and focus tasks.",
            discussion: """
                Examples:
                  quests focus
                  quests focus --date yesterday
                  quests focus --json | jq '.tasks[] | select(.state == "in-focus") | .title'
                """
        )

        @OptionGroup var day: FocusDateOption

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let reference = try day.day(ahead: false)
            let context = try CommandContext(options)
            let view = try FocusPlanner(context.store).focus(on: reference, now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.FocusDocument(view.focus))
            } else {
                print(FocusView(focus: view.focus, today: view.today, style: context.style).render())
            }
        }
    }

    /// `quests focus goal TEXT`.
    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Set the day's main quest; setting it again replaces its wording.",
            discussion: """
                Examples:
                  quests focus goal "Ship the draft"
                  quests focus goal "Plan the trip" --date tomorrow
                """
        )

        @Argument(help: ArgumentHelp("What matters most that day.", valueName: "text"))
        var text: String

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let reference = try day.day(ahead: true)
            let context = try CommandContext(options)
            try Quests.Focus.report(
                try FocusPlanner(context.store).setGoal(text, on: reference, now: context.now), context: context)
        }
    }

    /// `quests focus add TEXT`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a focus task to the day, within its limit (config focus-limit, default 3).",
            discussion: """
                Examples:
                  quests focus add "Write the intro" --priority high
                  quests focus add "Call the printer" --at 14:00-14:30 --reward 15
                  quests focus add "Book the train" --date tomorrow
                """
        )

        @Argument(help: ArgumentHelp("The task.", valueName: "text"))
        var text: String

        @Option(help: ArgumentHelp("high, medium or low (default medium).", valueName: "priority"))
        var priority: String?

        @Option(help: ArgumentHelp("When: HH:MM, or a window HH:MM-HH:MM.", valueName: "time"))
        var at: String?

        @Option(
            help: ArgumentHelp("The Daily Dollars it pays (default: config focus-task-reward, 10).", valueName: "dd"))
        var reward: String?

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let priority = try priority.map { text throws(QuestsError) in try FocusPriority.parse(text) } ?? .medium
            let window = try at.map { text throws(QuestsError) in try FocusRules.parseWindow(text) }
            let reward = try reward.map { text throws(QuestsError) in try Schedule.parseReward(text) }
            let reference = try day.day(ahead: true)
            let context = try CommandContext(options)
            let outcome = try FocusPlanner(context.store).addTask(
                text, priority: priority, at: window, reward: reward, on: reference, now: context.now)
            try Quests.Focus.report(outcome, context: context)
        }
    }

    /// `quests focus done TASK`.
    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Complete a focus task and earn its Daily Dollars.",
            discussion: """
                Completing the last task of a day with a main quest achieves it by itself.

                Examples:
                  quests focus done 1
                  quests focus done intro
                  quests focus done 2 --date yesterday
                """
        )

        @OptionGroup var choice: FocusTaskChoice

        func run() throws {
            try choice.act { store, task, day, now in try FocusPlanner(store).completeTask(task, on: day, now: now) }
        }
    }

    /// `quests focus undo TASK`.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Take back a focus task's completion and its Daily Dollars.",
            discussion: """
                A main quest achieved by its last task opens again.

                Examples:
                  quests focus undo 1
                """
        )

        @OptionGroup var choice: FocusTaskChoice

        func run() throws {
            try choice.act { store, task, day, now in try FocusPlanner(store).undoTask(task, on: day, now: now) }
        }
    }

    /// `quests focus drop TASK`.
    struct Drop: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "drop",
            abstract: "Take an unfinished task off the day's list, freeing its place.",
            discussion: """
                The task stays in the history, unfinished.

                Examples:
                  quests focus drop 3
                """
        )

        @OptionGroup var choice: FocusTaskChoice

        func run() throws {
            try choice.act { store, task, day, now in try FocusPlanner(store).dropTask(task, on: day, now: now) }
        }
    }

    /// `quests focus edit TASK`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a focus task: its title, priority, time, or day.",
            discussion: """
                Examples:
                  quests focus edit 2 --priority high
                  quests focus edit intro --title "Write the introduction" --at 09:00-10:00
                  quests focus edit 3 --to tomorrow
                """
        )

        @Argument(help: ArgumentHelp("The task: its position on the list, or a word of its title.", valueName: "task"))
        var task: String

        @Option(help: "The new title.")
        var title: String?

        @Option(help: ArgumentHelp("high, medium or low.", valueName: "priority"))
        var priority: String?

        @Option(help: ArgumentHelp("When: HH:MM, or a window HH:MM-HH:MM.", valueName: "time"))
        var at: String?

        @Flag(help: "Remove its time.")
        var anyTime = false

        @Option(help: ArgumentHelp("Move it to another day (within that day's limit).", valueName: "day"))
        var to: String?

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if at != nil && anyTime { throw ValidationError(Message.focusAtOrAnyTime) }
        }

        func run() throws {
            let priority = try priority.map { text throws(QuestsError) in try FocusPriority.parse(text) }
            let window = try at.map { text throws(QuestsError) in try FocusRules.parseWindow(text) }
            let moving = try to.map { text throws(QuestsError) in try DayReference(typed: text, ahead: true) }
            let reference = try day.day(ahead: false)
            let context = try CommandContext(options)
            let outcome = try FocusPlanner(context.store).editTask(
                ItemReference(task), on: reference, title: title, priority: priority, window: window,
                clearingWindow: anyTime, moving: moving, now: context.now)
            try Quests.Focus.report(outcome, context: context)
        }
    }

    /// `quests focus achieved`.
    struct Achieved: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "achieved",
            abstract: "Mark the day's main quest achieved: every unfinished task with it, each paid, and the bonus.",
            discussion: """
                Examples:
                  quests focus achieved
                  quests focus achieved --date yesterday
                """
        )

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let reference = try day.day(ahead: false)
            let context = try CommandContext(options)
            try Quests.Focus.report(
                try FocusPlanner(context.store).achieveGoal(on: reference, now: context.now), context: context)
        }
    }

    /// `quests focus not-yet`.
    struct NotYet: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "not-yet",
            abstract: "Take back a main quest its last task achieved by itself (the bonus is returned).",
            discussion: """
                It stays open until you say 'quests focus achieved'.

                Examples:
                  quests focus not-yet
                """
        )

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let reference = try day.day(ahead: false)
            let context = try CommandContext(options)
            try Quests.Focus.report(
                try FocusPlanner(context.store).notYet(on: reference, now: context.now), context: context)
        }
    }

    /// `quests focus carry [TASK...]`.
    struct Carry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "carry",
            abstract: "Bring what an earlier day left unfinished to this day, within its limit.",
            discussion: """
                The most recent earlier day with a focus offers its unachieved main quest and its unfinished \
                tasks. Without TASK, everything offered comes (as much as the limit leaves room for); with \
                TASK, those tasks only (their positions among those offered, or words of their titles). \
                They are marked carried over; the earlier day keeps its history.

                Examples:
                  quests focus carry
                  quests focus carry 2
                  quests focus carry --date tomorrow
                """
        )

        @Argument(help: ArgumentHelp("Tasks offered to bring (default: all).", valueName: "task"))
        var tasks: [String] = []

        @OptionGroup var day: FocusDateOption
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let reference = try day.day(ahead: true)
            let context = try CommandContext(options)
            try Quests.Focus.report(
                try FocusPlanner(context.store).carry(tasks.map { ItemReference($0) }, to: reference, now: context.now),
                context: context)
        }
    }
}
