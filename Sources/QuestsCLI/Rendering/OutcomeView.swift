import QuestsCore
import QuestsStore

/// What completing and undoing say, the same from `complete`/`undo` and on the interactive board.
enum OutcomeView {
    /// The ✓ line (or that it was already completed), the celebration when it cleared the day, and one line
    /// per achievement unlocked.
    static func lines(for outcome: CompletionOutcome, style: TextStyle) -> [String] {
        let title = style.bold(Sanitized.line(outcome.quest.title))
        let when = outcome.day == outcome.today ? Message.outcomeToday : Format.day(outcome.day, today: outcome.today)
        let balance = Format.dd(outcome.balance)
        if outcome.wasAlreadyCompleted {
            return [Message.outcomeAlreadyCompleted(title: title, when: when, balance: balance)]
        }
        let credited = style.green(Format.signedDD(outcome.credited))
        var lines = [
            "\(style.green("✓")) "
                + (outcome.liftedSkip
                    ? Message.outcomeCompletedSkipped(title: title, when: when, credited: credited, balance: balance)
                    : Message.outcomeCompleted(title: title, when: when, credited: credited, balance: balance))
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
        let when = outcome.day == outcome.today ? Message.outcomeToday : Format.day(outcome.day, today: outcome.today)
        if !skipping { return Message.outcomeUnskipped(title: title, when: when) }
        if outcome.unchanged { return Message.outcomeAlreadySkipped(title: title, when: when) }
        return Message.outcomeSkipped(title: title, when: when)
    }

    /// The line saying what an undo took back.
    static func line(for outcome: UndoOutcome, style: TextStyle) -> String {
        Message.outcomeUndid(
            title: style.bold(Sanitized.line(outcome.quest.title)), day: Format.date(outcome.day),
            amount: Format.signedDD(-outcome.debited), balance: Format.dd(outcome.balance))
    }

    /// What recording an amount said: the ✓ line when it completed a counted quest, that a limit quest went
    /// over, or the amount and where the day stands; the celebration and achievements as for a completion.
    static func lines(for outcome: AmountOutcome, style: TextStyle) -> [String] {
        let title = style.bold(Sanitized.line(outcome.quest.title))
        let when = outcome.day == outcome.today ? Message.outcomeToday : Format.day(outcome.day, today: outcome.today)
        let progress = Format.progress(outcome.total, outcome.measure)
        let balance = Format.dd(outcome.balance)
        var lines: [String]
        if outcome.completed, outcome.credited > 0 {
            lines = [
                "\(style.green("✓")) "
                    + Message.outcomeAmountCompleted(
                        title: title, when: when, progress: progress,
                        credited: style.green(Format.signedDD(outcome.credited)), balance: balance)
            ]
        } else if outcome.measure.isOver(outcome.total) {
            lines = [
                "\(style.red("✗")) "
                    + Message.outcomeAmountOver(title: title, when: when, progress: style.red(progress))
            ]
            if outcome.credited < 0 {
                lines.append(
                    Message.outcomeAmountTakenBack(amount: Format.signedDD(outcome.credited), balance: balance))
            }
        } else {
            lines = [
                Message.outcomeAmountRecorded(
                    amount: Format.amount(outcome.added, unit: outcome.measure.unit), title: title, when: when,
                    progress: progress)
            ]
        }
        if outcome.celebrate {
            lines += Celebration.render(day: outcome.day, questCount: outcome.scheduledThatDay, style: style)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines + Celebration.announce(outcome.newAchievements, style: style)
    }

    /// The line saying what an undo of an amount took back.
    static func line(for outcome: AmountUndoOutcome, style: TextStyle) -> String {
        Message.outcomeAmountUndid(
            amount: Format.amount(outcome.undone, unit: outcome.measure.unit),
            title: style.bold(Sanitized.line(outcome.quest.title)), day: Format.date(outcome.day),
            progress: Format.progress(outcome.total, outcome.measure), credited: Format.signedDD(-outcome.debited),
            balance: Format.dd(outcome.balance))
    }
}
