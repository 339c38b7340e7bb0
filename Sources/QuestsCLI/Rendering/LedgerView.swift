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
        let kindWidth = lines.map { DisplayWidth.of($0.entry.kind.rawValue) }.max() ?? 0
        return lines.map { line in
            let amount = Format.padLeft(Format.signedDD(line.entry.amount), amountWidth)
            let colored = line.entry.amount >= 0 ? style.green(amount) : style.red(amount)
            let start =
                "\(Format.localTime(line.entry.at, zone: zone))  \(colored)  \(Format.pad(line.entry.kind.rawValue, kindWidth))  "
            let memo = DisplayWidth.truncate(
                Sanitized.line(LedgerWording.describe(line.entry)), to: width - DisplayWidth.of(start))
            return (start + memo).trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}
