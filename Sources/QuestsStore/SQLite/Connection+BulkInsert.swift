/// Inserting many rows at once.
extension Connection {
    /// Inserts `count` rows into `table`, `rowsPerStatement` rows per INSERT statement: SQLite opens its
    /// cursors and starts its program once per statement, which dominates the cost of a one-row insert.
    /// `values(i)` gives row `i`'s values in `columns` order.
    func insertRows(
        into table: String, columns: [String], count: Int, rowsPerStatement: Int = 64,
        values: (Int) -> [SQLValue]
    ) throws {
        let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        func statement(rows: Int) throws -> Statement {
            try prepare(
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                    + Array(repeating: placeholders, count: rows).joined(separator: ", "))
        }
        let full = try statement(rows: rowsPerStatement)
        var row = 0
        var batch: [SQLValue] = []
        batch.reserveCapacity(rowsPerStatement * columns.count)
        while row < count {
            let rows = min(rowsPerStatement, count - row)
            batch.removeAll(keepingCapacity: true)
            for index in row..<(row + rows) { batch += values(index) }
            try (rows == rowsPerStatement ? full : statement(rows: rows)).runBindingAll(batch)
            row += rows
        }
    }

    /// Runs `body` with the tables' CHECK constraints not evaluated, for loading rows already checked
    /// against the same rules. (SQLite evaluates a constraint such as `kind IN ('a', 'b', 'c')` by building
    /// a lookup table of the list again for every row inserted.)
    func withoutCheckConstraints<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA ignore_check_constraints = ON")
        defer { try? execute("PRAGMA ignore_check_constraints = OFF") }
        return try body()
    }
}
