import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests streak`: current and longest streak.
    struct Streak: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "streak",
            abstract: "Show your current and longest streak of cleared days.",
            discussion: """
                A day counts when every quest scheduled on it was completed. Days with nothing scheduled are \
                skipped: they neither break nor extend the streak. Today does not break it until it is over. \
                A streak freeze (quests freeze buy) covers the first day missed on or after the day it was bought.

                Examples:
                  quests streak
                  quests streak --json | jq .current
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let (streak, freezes, today) = try ProgressTracker(context.store).streaks(now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.StreakDocument(streak, freezes: freezes, today: today))
                return
            }
            let style = context.style
            // Each line wrapped to the terminal: a longer language's sentence takes two lines.
            let columns = Terminal.columns()
            func say(_ text: String) { for line in DisplayWidth.wrap(text, to: columns) { print(line) } }
            let current = style.bold(Message.streakLength(count: streak.current))
            say(
                streak.currentStart.map { Message.streakCurrentSince(days: current, date: Format.date($0)) }
                    ?? Message.streakCurrent(days: current))
            let longest = style.bold(Message.streakLength(count: streak.longest))
            let span = streak.longestStart.flatMap { start in streak.longestEnd.map { (start, $0) } }
            say(
                span.map {
                    Message.streakLongestSpan(days: longest, start: Format.date($0.0), end: Format.date($0.1))
                } ?? Message.streakLongest(days: longest))
            let standing: String? =
                switch streak.today {
                case .cleared: Message.streakTodayCleared
                case .inProgress: streak.current > 0 ? Message.streakTodayOpenExtend : Message.streakTodayOpenStart
                case .unscheduled: Message.streakTodayUnscheduled
                case .neutral: Message.streakTodayNeutral
                case .missed: nil
                }
            if let standing { say(standing) }
            if !freezes.covered.isEmpty {
                say(Message.streakFrozen(days: freezes.covered.map { Format.date($0.day) }.joined(separator: ", ")))
            }
            if !freezes.owned.isEmpty || !freezes.covered.isEmpty {
                say(Message.streakFreezesOwned(count: freezes.owned.count))
            }
        }
    }
}
