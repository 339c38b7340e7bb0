import QuestsCore

/// `quests log --csv`: one row per event that moved Daily Dollars (completions, purchases, refunds and
/// every other ledger entry) and per amount recorded for a counted or limit quest (not undone), oldest first,
/// as RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a comma, a quote or a line
/// break. Dates are ISO (YYYY-MM-DD); amounts are signed DD; an amount recorded is its quantity (`2.5`) and
/// unit as typed, empty on the other rows.
enum LogCSV {
    static let header = ["date", "kind", "title", "amount", "note", "quantity", "unit"]

    static func document(_ happenings: [Happening]) -> String {
        let rows = happenings.filter {
            $0.amount != 0 || $0.kind == .completion || $0.kind == .purchase || $0.kind == .refund
                || $0.recorded?.undone == false
        }
        .map {
            [
                $0.day.description, $0.kindName, $0.title, String($0.amount), $0.note,
                $0.recorded?.amount.text() ?? "", $0.recorded?.measure.unit ?? "",
            ]
        }
        return ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// `text` as one CSV field.
    static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
