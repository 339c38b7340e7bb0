/// What a ledger entry's memo holds: data, in no language. The entry's kind says what happened (a reward, an
/// undo, a refund, a streak freeze, a main quest); the memo names its subject: `Morning run · 2026-11-21`
/// (a quest's or a task's title and the day, with a completion's note when an undo takes one back), a
/// reward's title for a purchase or a refund, nothing for a freeze. The command line words the kind in the
/// reader's language around it.
///
/// Stores written before this rule hold English words in memos (`undo …`, `main quest …`, `refund …`,
/// `… (sync)`, `streak freeze`); `subject(of:kind:)` reads those too, so older stores, backups and machines keep
/// working and every entry is worded alike.
public enum LedgerMemo {
    /// The memo of an entry about `title` on `day`: `Morning run · 2026-11-21`, with `note` quoted after.
    public static func about(_ title: String, on day: LocalDay, note: String = "") -> String {
        let memo = "\(title) · \(day)"
        return note.isEmpty ? memo : "\(memo) · \(UserText.quoted(note))"
    }

    /// The subject the memo `text` of an entry of `kind` names, without the English words older versions
    /// wrote around it.
    public static func subject(of text: String, kind: LedgerKind) -> String {
        var memo = Substring(text)
        switch kind {
        case .freeze: return ""
        case .undo: memo = memo.dropping(prefix: "undo ")
        case .focusGoal: memo = memo.dropping(prefix: "main quest ")
        case .refund: memo = memo.dropping(prefix: "refund ")
        default: break
        }
        if kind == .undo || kind == .questReward || kind.paysFocus {
            memo = memo.dropping(suffix: " (sync)")
        }
        return String(memo)
    }
}

extension Substring {
    fileprivate func dropping(prefix: String) -> Substring { hasPrefix(prefix) ? dropFirst(prefix.count) : self }
    fileprivate func dropping(suffix: String) -> Substring { hasSuffix(suffix) ? dropLast(suffix.count) : self }
}
