import ArgumentParser
import QuestsCore

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
            try Self.show(json: json, context: CommandContext(options))
        }

        /// Prints the streaks; the parse-free path calls it too.
        static func show(json: Bool, context: CommandContext) throws {
            let (streak, freezes, today) = try context.store.streaks(now: context.now)
            if json {
                try JSONOutput.print(JSONShapes.StreakDocument(streak, freezes: freezes, today: today))
                return
            }
            let style = context.style
            let since = streak.currentStart.map { " (since \($0))" } ?? ""
            print("Current streak: \(style.bold(Format.count(streak.current, "day")))\(since)")
            let span = streak.longestStart.flatMap { start in streak.longestEnd.map { " (\(start) – \($0))" } } ?? ""
            print("Longest streak: \(style.bold(Format.count(streak.longest, "day")))\(span)")
            switch streak.today {
            case .cleared: print("Today is cleared.")
            case .inProgress:
                print("Today is still open: clear it to \(streak.current > 0 ? "extend" : "start") your streak.")
            case .unscheduled: print("Nothing is scheduled today; the streak waits.")
            case .neutral: print("Today is a neutral day; the streak waits.")
            case .missed: break
            }
            if !freezes.covered.isEmpty {
                print(
                    "Frozen: \(freezes.covered.map(\.day.description).joined(separator: ", ")) (missed, covered by a streak freeze)"
                )
            }
            if !freezes.owned.isEmpty || !freezes.covered.isEmpty {
                print("Freezes owned: \(freezes.owned.count)")
            }
        }
    }
}
