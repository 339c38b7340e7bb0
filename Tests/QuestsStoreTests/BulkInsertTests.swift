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
