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
            return ["\(title) was already completed for \(when); nothing credited. Balance \(Format.dd(outcome.balance))."]
        }
        var lines = ["\(style.green("✓")) \(title) completed for \(when): \(style.green(Format.signedDD(outcome.credited))) · balance \(Format.dd(outcome.balance))"]
        if outcome.celebrate {
            lines += Celebration.render(day: outcome.day, questCount: outcome.scheduledThatDay, style: style)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines + Celebration.announce(outcome.newAchievements, style: style)
    }

    /// The line saying what an undo took back.
    static func line(for outcome: UndoOutcome, style: TextStyle) -> String {
        "Undid \(style.bold(Sanitized.line(outcome.quest.title))) for \(outcome.day): \(Format.signedDD(-outcome.debited)) · balance \(Format.dd(outcome.balance))"
    }
}
