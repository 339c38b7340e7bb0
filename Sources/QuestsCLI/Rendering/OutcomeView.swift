import QuestsCore
import QuestsStore

/// What completing and undoing say, the same from `complete`/`undo` and on the interactive board.
enum OutcomeView {
    /// The ✓ line (or that it was already completed), the celebration when it cleared the day, and one line
    /// per achievement unlocked.
    static func lines(for outcome: CompletionOutcome, style: TextStyle) -> [String] {
        let title = style.bold(Sanitized.line(outcome.quest.title))
        let when = outcome.day == outcome.today ? "today" : Format.day(outcome.day, today: outcome.today)
        if outcome.wasAlreadyCompleted {
            return [
                "\(title) was already completed for \(when); nothing credited. Balance \(Format.dd(outcome.balance))."
            ]
        }
        var lines = [
            "\(style.green("✓")) \(title) completed for \(when): \(style.green(Format.signedDD(outcome.credited))) · balance \(Format.dd(outcome.balance))"
                + (outcome.liftedSkip ? " (it was skipped: the completion replaces the skip)" : "")
        ]
        if outcome.celebrate {
            lines += Celebration.render(day: outcome.day, questCount: outcome.scheduledThatDay, style: style)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines + Celebration.announce(outcome.newAchievements, style: style)
    }

    /// The line saying what `skip` or `unskip` did.
    static func line(for outcome: SkipOutcome, skipping: Bool, style: TextStyle) -> String {
        let title = style.bold(Sanitized.line(outcome.quest.title))
        let when = outcome.day == outcome.today ? "today" : Format.day(outcome.day, today: outcome.today)
        if !skipping { return "\(title) is no longer skipped for \(when): it is due again." }
        if outcome.unchanged { return "\(title) was already skipped for \(when); nothing changed." }
        return "Skipped \(title) for \(when): not due, pays nothing, and your streak is safe. Undo with quests unskip."
    }

    /// The line saying what an undo took back.
    static func line(for outcome: UndoOutcome, style: TextStyle) -> String {
        "Undid \(style.bold(Sanitized.line(outcome.quest.title))) for \(outcome.day): \(Format.signedDD(-outcome.debited)) · balance \(Format.dd(outcome.balance))"
    }
}
