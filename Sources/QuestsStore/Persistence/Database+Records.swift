import QuestsCore

/// The SQL that reads and writes a declared record (`RecordDeclaration`), derived from its declaration.
extension Database {
    /// The records of `declaration`'s table that `condition` selects (SQL after `WHERE`, its parameters
    /// `arguments`; nil: every record), in `order` (SQL after `ORDER BY`).
    func records<Record>(
        _ declaration: RecordDeclaration<Record>, where condition: String? = nil, _ arguments: [SQLValue] = [],
        orderBy order: String? = nil
    ) throws -> [Record] {
        var sql = "SELECT " + Self.columnList(declaration) + " FROM " + declaration.table
        if let condition { sql += " WHERE " + condition }
        if let order { sql += " ORDER BY " + order }
        return try cached(sql).rows(arguments) { row in
            var values: [ColumnValue] = []
            values.reserveCapacity(declaration.fields.count)
            for (index, field) in declaration.fields.enumerated() {
                values.append(row.value(Int32(index), as: field.kind))
            }
            guard let record = declaration.record(fromColumns: values) else {
                throw StoreError.damagedRecord("\(declaration.table) \(row.text(0))")
            }
            return record
        }
    }

    /// Writes `record`, replacing the one whose `key` columns (SQL, such as `uuid`) hold the same values.
    func save<Record>(_ record: Record, as declaration: RecordDeclaration<Record>, replacingOn key: String) throws {
        var columns = ""
        var placeholders = ""
        var updates = ""
        for field in declaration.fields {
            if !columns.isEmpty {
                columns += ", "
                placeholders += ", "
            }
            columns += field.column
            placeholders += "?"
            guard field.column != key else { continue }
            if !updates.isEmpty { updates += ", " }
            updates += field.column + " = excluded." + field.column
        }
        try cached(
            "INSERT INTO " + declaration.table + " (" + columns + ") VALUES (" + placeholders + ") ON CONFLICT ("
                + key + ") DO UPDATE SET " + updates
        ).run(declaration.fields.map { $0.columnValue(record) })
    }

    private static func columnList<Record>(_ declaration: RecordDeclaration<Record>) -> String {
        var list = ""
        for field in declaration.fields {
            if !list.isEmpty { list += ", " }
            list += field.column
        }
        return list
    }
}
