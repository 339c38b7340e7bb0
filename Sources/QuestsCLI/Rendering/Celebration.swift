import QuestsCore
import QuestsStore

/// What `complete` prints when a day is cleared, and when achievements unlock.
enum Celebration {
    static let cheers = [
        "Clean sweep! Every quest on the board is done.",
        "Day conquered. Legendary work.",
        "Quest board cleared. Take a bow.",
        "Perfect day. The streak grows.",
        "All done! Future you says thanks.",
    ]

    /// The cheer for `day`: one of several, chosen by the day so it is the same all day.
    static func cheer(for day: LocalDay) -> String {
        cheers[((day.dayNumber % cheers.count) + cheers.count) % cheers.count]
    }

    /// A confetti burst and the cheer on a terminal (colour on); one plain line otherwise.
    static func render(day: LocalDay, questCount: Int, style: TextStyle) -> String {
        let plain = "\(Format.allDone(questCount)) for \(day). \(cheer(for: day))"
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
            "\(style.yellow("★")) Achievement unlocked: \(style.bold(earned.achievement.title)) — \(earned.achievement.summary)"
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
                "Great job on making progress!",
                "One more off the list. Keep the momentum.",
                "Nice. That's real progress.",
                "Done and dusted. On to the next one.",
                "Step by step, the day takes shape.",
                "That one's handled. Well played.",
            ]
        case .goalAchieved:
            [
                "Congrats on achieving your main quest!",
                "Main quest complete. That's the day won.",
                "You did the thing that mattered most today!",
                "Main quest conquered. Take a moment to enjoy it.",
                "The big one is done. Legendary.",
                "Goal achieved. Future you is grateful.",
            ]
        case .undo:
            [
                "Ah, no biggie, you'll get it next time!",
                "No worries: it's back on the list.",
                "Back on the list. It'll keep.",
                "Plans change. That's fine.",
                "Reopened. You've still got this.",
            ]
        case .dropped:
            [
                "Dropped. Fewer things, more focus.",
                "Off the list: room for what matters.",
                "Letting go is a choice too.",
                "Cleared away. Eyes on the rest.",
                "Gone from today's list; the history keeps it.",
            ]
        case .carried:
            [
                "Carried over. A fresh start for unfinished work.",
                "Brought forward. Today's a new chance.",
                "Picked up where you left off.",
                "Yesterday's work, today's focus.",
                "Carried over, nothing lost.",
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
