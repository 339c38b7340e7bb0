@testable import QuestsStore
import Testing

@Suite struct BulkInsertTests {
    /// Every row lands once, in order, whether the count fills whole statements, part of one, or none.
    @Test(arguments: [0, 1, 63, 64, 65, 200])
    func insertsEveryRowInOrder(count: Int) throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (position INTEGER NOT NULL, label TEXT) STRICT")
        try connection.insertRows(into: "t", columns: ["position", "label"], count: count) { index in
            [.integer(Int64(index)), index % 3 == 0 ? .null : .text("row \(index)")]
        }
        let rows = try connection.prepare("SELECT position, label FROM t ORDER BY rowid").rows { "\($0.int(0)):\($0.optionalText(1) ?? "-")" }
        #expect(rows == (0..<count).map { "\($0):\($0 % 3 == 0 ? "-" : "row \($0)")" })
    }
}

@Suite struct TextBindingTests {
    /// Text is bound by its byte count: a NUL inside it is stored, not taken for the end of the text, and
    /// empty text stays text.
    @Test func textIsBoundWholeAndEmptyTextIsNotNull() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (label TEXT) STRICT")
        let insert = try connection.prepare("INSERT INTO t (label) VALUES (?)")
        for text in ["a\u{0}b", "", "é🙂"] { try insert.run([.text(text)]) }
        let rows = try connection.prepare("SELECT hex(label), typeof(label) FROM t ORDER BY rowid").rows { "\($0.text(0)) \($0.text(1))" }
        #expect(rows == ["610062 text", " text", "C3A9F09F9982 text"])
    }
}

@Suite struct TextOrderKeyTests {
    /// Texts sorted by their keys come in SQLite's order (BINARY: byte by byte, a prefix first), however
    /// long, with a NUL, beyond ASCII, or equal.
    @Test func keysSortAsSQLiteOrdersText() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (label TEXT NOT NULL) STRICT")
        let texts = ["2026-11-02T09:00:00Z", "2026-11-02T09:00:00Z", "2026-11-02T08:59:59Z", "2026-11-02T09:00:00.5Z", "",
                     "2026-11-02T09:00:00Z and a good deal more", "2026-11-02T09:00:00Z and a good deal", "a\u{0}b", "a",
                     "a\u{0}", "é", "e", "~", String(repeating: "z", count: 24), String(repeating: "z", count: 25)]
        let insert = try connection.prepare("INSERT INTO t (label) VALUES (?)")
        for text in texts { try insert.run([.text(text)]) }
        let byKey = try connection.prepare("SELECT label, hex(label) FROM t ORDER BY rowid").rows { ($0.orderKey(0), $0.text(1)) }
            .sorted { $0.0 < $1.0 }.map(\.1)
        let bySQLite = try connection.prepare("SELECT hex(label) FROM t ORDER BY label").rows { $0.text(0) }
        #expect(byKey == bySQLite)
    }
}
