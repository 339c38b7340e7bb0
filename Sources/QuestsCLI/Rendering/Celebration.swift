import QuestsCore
import QuestsStore

/// What `complete` prints when a day is cleared, and when achievements unlock.
enum Celebration {
    static var cheers: [String] {
        [
            Message.celebrationCheer1, Message.celebrationCheer2, Message.celebrationCheer3,
            Message.celebrationCheer4, Message.celebrationCheer5,
        ]
    }

    /// The cheer for `day`: one of several, chosen by the day so it is the same all day.
    static func cheer(for day: LocalDay) -> String {
        let cheers = cheers
        return cheers[((day.dayNumber % cheers.count) + cheers.count) % cheers.count]
    }

    /// A confetti burst and the cheer on a terminal (colour on); one plain line otherwise.
    static func render(day: LocalDay, questCount: Int, style: TextStyle) -> String {
        let done =
            questCount == 1
            ? Message.celebrationOnlyQuestDone(date: Format.date(day))
            : Message.celebrationAllQuestsDone(count: questCount, date: Format.date(day))
        let plain = Message.celebrationLine(done: done, cheer: cheer(for: day))
        guard style.enabled else { return plain }
        let confetti = [
            "   *  .   +    '   *   .",
            " '   \\\\ | //   .    +",
            "  +  -- \\o/ --   *   '",
            "   .  // | \\\\  '   .",
        ]
        let paint: [(String) -> String] = [style.yellow, style.cyan, style.green, style.red]
        let burst = confetti.enumerated().map { paint[$0.offset % paint.count]($0.element) }
        return (burst + [style.bold(plain)]).joined(separator: "\n")
    }

    /// One line per achievement unlocked.
    static func announce(_ achievements: [EarnedAchievement], style: TextStyle) -> [String] {
        achievements.map { earned in
            "\(style.yellow("★")) "
                + Message.celebrationAchievement(
                    title: style.bold(AchievementWording.title(earned.achievement)),
                    summary: AchievementWording.summary(earned.achievement))
        }
    }
}

/// What the day's focus says after each action: several messages per action, never the same one twice in
/// a row (the store remembers the last one shown), the main quest's the biggest. On a terminal with colour a
/// small burst; otherwise plain lines.
enum FocusCheer: String, CaseIterable {
    case taskDone = "task-done"
    case goalAchieved = "goal-achieved"
    case undo
    case dropped
    case carried

    var messages: [String] {
        switch self {
        case .taskDone:
            [
                Message.focusCheerTaskDone1, Message.focusCheerTaskDone2, Message.focusCheerTaskDone3,
                Message.focusCheerTaskDone4, Message.focusCheerTaskDone5, Message.focusCheerTaskDone6,
            ]
        case .goalAchieved:
            [
                Message.focusCheerGoalAchieved1, Message.focusCheerGoalAchieved2, Message.focusCheerGoalAchieved3,
                Message.focusCheerGoalAchieved4, Message.focusCheerGoalAchieved5, Message.focusCheerGoalAchieved6,
            ]
        case .undo:
            [
                Message.focusCheerUndo1, Message.focusCheerUndo2, Message.focusCheerUndo3, Message.focusCheerUndo4,
                Message.focusCheerUndo5,
            ]
        case .dropped:
            [
                Message.focusCheerDropped1, Message.focusCheerDropped2, Message.focusCheerDropped3,
                Message.focusCheerDropped4, Message.focusCheerDropped5,
            ]
        case .carried:
            [
                Message.focusCheerCarried1, Message.focusCheerCarried2, Message.focusCheerCarried3,
                Message.focusCheerCarried4, Message.focusCheerCarried5,
            ]
        }
    }

    /// The lines for message `index`: the main quest's with a banner (in colour on a terminal), the others one line.
    func render(_ index: Int, style: TextStyle) -> [String] {
        let message = messages[((index % messages.count) + messages.count) % messages.count]
        switch self {
        case .goalAchieved:
            let bar = String(repeating: "★", count: 3)
            guard style.enabled else { return ["\(bar) \(message) \(bar)"] }
            return [
                style.yellow("   *  .   +  \\o/  +   .  *"),
                style.cyan("  .  +  *  --( ★ )--  *  +  ."),
                style.bold(style.yellow("\(bar) \(message) \(bar)")),
            ]
        case .taskDone:
            return [style.enabled ? style.green("✦ " + message) : message]
        case .undo, .dropped, .carried:
            return [style.enabled ? style.dim(message) : message]
        }
    }
}
