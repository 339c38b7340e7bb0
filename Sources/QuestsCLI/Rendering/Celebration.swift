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
