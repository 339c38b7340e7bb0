import QuestsCore

/// A ledger entry in words: its kind worded in the reader's language around the subject its memo names
/// (`LedgerMemo`), so that a store synced between a German and a Japanese machine reads right on both.
enum LedgerWording {
    /// `Morning run · 2026-11-21`, `undo Morning run · 2026-11-21`, `refund Movie night`, `streak freeze`.
    static func describe(_ kind: LedgerKind, memo: String) -> String {
        let subject = subject(kind, memo: memo)
        switch kind {
        case .questReward, .focusTask, .redemption, .bonus, .adjustment: return subject
        case .undo: return Message.ledgerUndo(subject: subject)
        case .refund: return Message.ledgerRefund(subject: subject)
        case .freeze: return Message.ledgerStreakFreeze
        case .focusGoal: return Message.ledgerMainQuest(subject: subject)
        }
    }

    /// What an entry of `kind` with `memo` is about, without its kind: `Morning run · 2026-11-21` for an
    /// undo too, for a line whose label already says the kind (`log`); a freeze's is its kind's words.
    static func subject(_ kind: LedgerKind, memo: String) -> String {
        kind == .freeze ? Message.ledgerStreakFreeze : localDays(in: LedgerMemo.subject(of: memo, kind: kind))
    }

    /// `entry` in words.
    static func describe(_ entry: LedgerEntry) -> String { describe(entry.kind, memo: entry.memo) }

    /// `subject` with the day after its ` · ` written as the language writes days (`21.11.2026`).
    private static func localDays(in subject: String) -> String {
        guard let separator = subject.range(of: " · ") else { return subject }
        let rest = subject[separator.upperBound...]
        let dayText = rest.prefix(10)
        guard dayText.count == 10, let day = LocalDay(String(dayText)) else { return subject }
        return subject[..<separator.upperBound] + Format.date(day) + rest.dropFirst(10)
    }
}
