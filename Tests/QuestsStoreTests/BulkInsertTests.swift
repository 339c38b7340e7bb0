import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

@Suite struct BulkInsertTests {
    /// Every row lands once, in order, whether the count fills whole statements, part of one, or none.
    @Test(arguments: [0, 1, 63, 64, 65, 200])
    func insertsEveryRowInOrder(count: Int) throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (position INTEGER NOT NULL, label TEXT) STRICT")
        try connection.insertRows(into: "t", columns: ["position", "label"], count: count) { index in
            [.integer(Int64(index)), index % 3 == 0 ? .null : .text("row \(index)")]
        }
        let rows = try connection.prepare("SELECT position, label FROM t ORDER BY rowid").rows {
            "\($0.int(0)):\($0.optionalText(1) ?? "-")"
        }
        #expect(rows == (0..<count).map { "\($0):\($0 % 3 == 0 ? "-" : "row \($0)")" })
    }
}

@Suite struct BulkBindingTests {
    /// Rows inserted many at once keep each value as one at a time would: text whole (a NUL inside it,
    /// beyond ASCII), empty text as text, NULL as NULL, and UUIDs, days and moments in their text forms,
    /// in every row of full and partial statements.
    @Test func everyKindOfValueIsBoundAsItIsAlone() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (a TEXT, b TEXT, c TEXT, d TEXT, e TEXT, f INTEGER) STRICT")
        let id = UUID(uuidString: "7C9E6679-7425-40DE-944B-E07FC1F90AE7")!
        let day = LocalDay(year: 2026, month: 11, day: 21)!
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        let texts = ["a\u{0}b", "", "é🙂", String(repeating: "x", count: 5_000)]
        try connection.insertRows(into: "t", columns: ["a", "b", "c", "d", "e", "f"], count: 70) { index in
            [
                .text(texts[index % texts.count]), index % 2 == 0 ? .null : .uuid(id), .day(day), .timestamp(moment),
                .text(""),
                .integer(Int64(index)),
            ]
        }
        let rows = try connection.prepare("SELECT hex(a), typeof(a), b, c, d, typeof(e), f FROM t ORDER BY rowid").rows
        {
            [$0.text(0), $0.text(1), $0.optionalText(2) ?? "NULL", $0.text(3), $0.text(4), $0.text(5), $0.text(6)]
                .joined(separator: " ")
        }
        let hexes = texts.map { $0.utf8.map { String(format: "%02X", $0) }.joined() }
        #expect(
            rows
                == (0..<70).map { index in
                    [
                        hexes[index % texts.count], "text", index % 2 == 0 ? "NULL" : id.uuidString, "2026-11-21",
                        Timestamp.utcString(moment),
                        "text", "\(index)",
                    ].joined(separator: " ")
                })
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
        let rows = try connection.prepare("SELECT hex(label), typeof(label) FROM t ORDER BY rowid").rows {
            "\($0.text(0)) \($0.text(1))"
        }
        #expect(rows == ["610062 text", " text", "C3A9F09F9982 text"])
    }
}
