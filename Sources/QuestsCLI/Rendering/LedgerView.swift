import Foundation
import QuestsCore

/// Ledger entries as aligned text lines.
struct LedgerView {
    let lines: [(entry: LedgerEntry, balanceAfter: Int)]
    let zone: Zone
    let style: TextStyle
    /// The columns a line may take: long memos are shortened to fit.
    var width = Terminal.columns()

    func render() -> String {
        let amountWidth = lines.map { DisplayWidth.of(Format.signedDD($0.entry.amount)) }.max() ?? 0
        let kindWidth = lines.map { DisplayWidth.of(Self.kind($0.entry.kind)) }.max() ?? 0
        return lines.map { line in
            let amount = Format.padLeft(Format.signedDD(line.entry.amount), amountWidth)
            let colored = line.entry.amount >= 0 ? style.green(amount) : style.red(amount)
            let start =
                "\(Format.localTime(line.entry.at, zone: zone))  \(colored)  \(Format.pad(Self.kind(line.entry.kind), kindWidth))  "
            let memo = DisplayWidth.truncate(
                Sanitized.line(LedgerWording.describe(line.entry)), to: width - DisplayWidth.of(start))
            // At the narrowest, the kind loses its end too.
            return DisplayWidth.truncateStyled((start + memo).trimmingTrailingSpaces(), to: width)
        }.joined(separator: "\n")
    }

    /// An entry's kind in the reader's language (in English, the name `--kind` takes).
    static func kind(_ kind: LedgerKind) -> String {
        switch kind {
        case .questReward: Message.ledgerKindQuestReward
        case .redemption: Message.ledgerKindRedemption
        case .undo: Message.ledgerKindUndo
        case .bonus: Message.ledgerKindBonus
        case .adjustment: Message.ledgerKindAdjustment
        case .refund: Message.ledgerKindRefund
        case .freeze: Message.ledgerKindFreeze
        case .focusTask: Message.ledgerKindFocusTask
        case .focusGoal: Message.ledgerKindFocusGoal
        }
    }
}
