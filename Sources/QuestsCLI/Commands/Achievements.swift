import ArgumentParser
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests achievements`: earned badges and progress towards the next.
    struct Achievements: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "achievements",
            abstract: "List earned achievements and progress towards the next ones.",
            discussion: """
                Achievements are earned once, dated the day their goal was first reached, and kept even when \
                a streak later breaks.

                Examples:
                  quests achievements
                  quests achievements --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let context = try CommandContext(options)
            let (earned, progress) = try ProgressTracker(context.store).achievements(now: context.now)
            let earnedIDs = Set(earned.map(\.achievement.id))
            let next = AchievementKind.allCases.compactMap { kind in
                Achievement.all.first { $0.kind == kind && !earnedIDs.contains($0.id) }
            }
            if json {
                try JSONOutput.print(JSONShapes.AchievementsDocument(earned: earned, next: next, facts: progress.facts))
                return
            }
            let style = context.style
            print(style.bold(Message.achievementsEarned(count: earned.count, total: Achievement.all.count)))
            if earned.isEmpty { print("  " + Message.achievementsNoneYet) }
            let width = Terminal.columns()
            // Titles in the reader's language, in a column as wide as the widest (24 cells at least), leaving
            // a narrow terminal ten cells of each summary.
            let titles = Dictionary(uniqueKeysWithValues: Achievement.all.map { ($0.id, AchievementWording.title($0)) })
            let dateWidth = DisplayWidth.of(Format.date(LocalDay(dayNumber: 0)))
            let titleWidth = min(
                max(24, titles.values.map(DisplayWidth.of).max() ?? 0), max(width - dateWidth - 17, 8))
            for item in earned {
                let start =
                    "  \(style.yellow("★")) \(Format.date(item.day))  \(DisplayWidth.fit(titles[item.achievement.id] ?? "", titleWidth)) "
                let summary = AchievementWording.summary(item.achievement)
                print(start + style.dim(DisplayWidth.truncate(summary, to: width - DisplayWidth.of(start))))
            }
            guard !next.isEmpty else { return }
            print("")
            print(style.bold(Message.achievementsNext))
            for achievement in next {
                let value = min(progress.facts.value(of: achievement.kind), achievement.threshold)
                let bar = Self.bar(value, of: achievement.threshold, style: style)
                let title = DisplayWidth.fit(titles[achievement.id] ?? "", titleWidth)
                let line = "  \(bar) \(title) \(AchievementWording.progress(value, of: achievement))"
                print(DisplayWidth.truncateStyled(line, to: width))
            }
        }

        static func bar(_ value: Int, of total: Int, style: TextStyle) -> String {
            let width = 10
            let filled = total > 0 ? max(0, min(width, value * width / total)) : 0
            return "[" + style.green(String(repeating: "#", count: filled))
                + String(repeating: "-", count: width - filled) + "]"
        }
    }
}
