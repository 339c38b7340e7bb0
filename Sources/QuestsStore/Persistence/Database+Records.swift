import FoundationEssentials
import QuestsCore

/// The SQL that reads and writes a declared record (`RecordDeclaration`), derived from its declaration.
extension Database {
    /// The records of `declaration`'s table that `condition` selects (SQL after `WHERE`, its parameters
    /// `arguments`; nil: every record), in `order` (SQL after `ORDER BY`).
    func records<Record>(
        _ declaration: RecordDeclaration<Record>, where condition: String? = nil, _ arguments: [SQLValue] = [],
        orderBy order: String? = nil
    ) throws -> [Record] {
        var sql = "SELECT " + columnList(declaration) + " FROM " + declaration.table
        if let condition { sql += " WHERE " + condition }
        if let order { sql += " ORDER BY " + order }
        return try cached(sql).rows(arguments) { try $0.record(declaration) }
    }

    /// The record of `declaration` that quest `number` holds for `day` (a completion, a skip), if any; a
    /// damaged one is named by that quest and day, as the user gave them.
    func record<Record>(_ declaration: RecordDeclaration<Record>, ofQuest number: Int, on day: LocalDay) throws
        -> Record?
    {
        do {
            return try records(declaration, where: "quest = ? AND day = ?", [.integer(Int64(number)), .day(day)]).first
        } catch StoreError.damagedRecord {
            throw StoreError.damagedRecord(DamagedRecord(.init(table: declaration.table), .questDay(number, day)))
        }
    }

    /// Every record of `declaration` in `order` (SQL after `ORDER BY`), each with the records `children` says
    /// it holds: those whose column holds its `number`.
    func records<Record, Child>(
        _ declaration: RecordDeclaration<Record>, holding children: RecordDeclaration<Record>.Children<Child>,
        numberedBy number: KeyPath<Record, Int>, orderBy order: String
    ) throws -> [Record] {
        var held: [Int: [Child]] = [:]
        let table = children.declaration.table
        try cached("SELECT \(children.column), " + columnList(children.declaration) + " FROM " + table)
            .forEachRow { row in
                guard let child = children.declaration.record(fromColumns: { row.value(Int32(1 + $0), as: $1) }) else {
                    // Only quests hold records of another table (their schedule versions).
                    throw StoreError.damagedRecord(DamagedRecord(.init(table: table), .quest(row.int(0))))
                }
                held[row.int(0), default: []].append(child)
            }
        return try records(declaration, orderBy: order).map { record in
            var record = record
            children.set(&record, held[record[keyPath: number]] ?? [])
            return record
        }
    }

    /// Writes `child` as one of the `children` of the record whose column they point at holds `parent`,
    /// replacing the one of the same key.
    func save<Record, Child>(
        _ child: Child, of children: RecordDeclaration<Record>.Children<Child>, in parent: SQLValue
    ) throws {
        let (sql, values) = Self.insertion(
            of: child, as: children.declaration, omitting: [], extra: [(children.column, parent)], replacing: true)
        try cached(sql).run(values)
    }

    /// Adds `record`, leaving out the columns `omitting` names (the store gives them: a new reward's number).
    /// `extra` holds columns the store fills itself (a ledger entry's running balance) and their values.
    func insert<Record>(
        _ record: Record, as declaration: RecordDeclaration<Record>, omitting: Set<String> = [],
        extra: [(column: String, value: SQLValue)] = []
    ) throws {
        let (sql, values) = Self.insertion(of: record, as: declaration, omitting: omitting, extra: extra)
        try cached(sql).run(values)
    }

    /// Adds `records`, in order, many rows per statement (for loading a store); a field that holds a parent's
    /// UUID is put as the number `numbers` gives for it under the parent's table.
    /// `extra` names columns the store fills itself (a ledger entry's running balance) and their values by
    /// record.
    func insertAll<Record>(
        _ records: [Record], as declaration: RecordDeclaration<Record>, numbers: [String: [UUID: Int]] = [:],
        extra: (columns: [String], values: (Int) -> [SQLValue]) = ([], { _ in [] })
    ) throws {
        // The parents' numbers first, so that a record pointing at a missing one is refused before any row goes in.
        let parentCount = declaration.fields.count { $0.parent != nil }
        var parentNumbers: [Int64] = []
        parentNumbers.reserveCapacity(records.count * parentCount)
        for record in records {
            for field in declaration.fields {
                guard let parent = field.parent else { continue }
                guard case .uuid(let id) = field.columnValue(record), let number = numbers[parent]?[id] else {
                    throw StoreError.damagedRecord(
                        DamagedRecord(
                            .init(table: declaration.table), field: field.column, missing: .init(table: parent)))
                }
                parentNumbers.append(Int64(number))
            }
        }
        let values = declaration.columnValues
        let isParent = declaration.fields.map { $0.parent != nil }
        let width = values.count + extra.columns.count
        try insertRows(into: declaration.table, columns: declaration.columns + extra.columns, count: records.count) {
            index in
            var row: [SQLValue] = []
            row.reserveCapacity(width)
            let record = records[index]
            var parent = index * parentCount
            for column in values.indices {
                if isParent[column] {
                    row.append(.integer(parentNumbers[parent]))
                    parent += 1
                } else {
                    row.append(values[column](record))
                }
            }
            row.append(contentsOf: extra.values(index))
            return row
        }
    }

    /// Adds `record` unless one of its unique columns holds its value already (another record of the same
    /// identity); whether it was added.
    func insertIfAbsent<Record>(_ record: Record, as declaration: RecordDeclaration<Record>) throws -> Bool {
        let (sql, values) = Self.insertion(of: record, as: declaration, omitting: [])
        try cached(sql + " ON CONFLICT DO NOTHING").run(values)
        return changes == 1
    }

    /// Writes `record`, replacing the one whose `key` column (such as `uuid`) holds the same value, leaving
    /// out the columns `omitting` names (a reward's number stays this store's own).
    func save<Record>(
        _ record: Record, as declaration: RecordDeclaration<Record>, replacingOn key: String,
        omitting: Set<String> = []
    ) throws {
        let (sql, values) = Self.insertion(of: record, as: declaration, omitting: omitting)
        var updates = ""
        for field in declaration.fields where field.column != key && !omitting.contains(field.column) {
            if !updates.isEmpty { updates += ", " }
            updates += field.column + " = excluded." + field.column
        }
        try cached(sql + " ON CONFLICT (" + key + ") DO UPDATE SET " + updates).run(values)
    }

    /// Changes the record whose `key` column holds `record`'s value to `record`, leaving out the columns
    /// `omitting` names. (Not an upsert: in a table whose numbers users type, an upsert that updates still
    /// uses up a number.)
    func update<Record>(
        _ record: Record, as declaration: RecordDeclaration<Record>, on key: String, omitting: Set<String> = []
    ) throws {
        var assignments = ""
        var values: [SQLValue] = []
        var keyValue = SQLValue.null
        for field in declaration.fields {
            if field.column == key { keyValue = field.columnValue(record) }
            guard field.column != key, !omitting.contains(field.column) else { continue }
            if !assignments.isEmpty { assignments += ", " }
            assignments += field.column + " = " + Self.placeholder(field)
            values.append(field.columnValue(record))
        }
        try cached("UPDATE " + declaration.table + " SET " + assignments + " WHERE " + key + " = ?").run(
            values + [keyValue])
    }

    /// `INSERT INTO table (columns) VALUES (?, …)` of `record`'s columns but those `omitting` names, and
    /// their values; `INSERT OR REPLACE` when `replacing`.
    private static func insertion<Record>(
        of record: Record, as declaration: RecordDeclaration<Record>, omitting: Set<String>,
        extra: [(column: String, value: SQLValue)] = [], replacing: Bool = false
    ) -> (sql: String, values: [SQLValue]) {
        var columns = ""
        var placeholders = ""
        var values: [SQLValue] = []
        for field in declaration.fields where !omitting.contains(field.column) {
            if !columns.isEmpty {
                columns += ", "
                placeholders += ", "
            }
            columns += field.column
            placeholders += placeholder(field)
            values.append(field.columnValue(record))
        }
        for (column, value) in extra {
            columns += ", " + column
            placeholders += ", ?"
            values.append(value)
        }
        let verb = replacing ? "INSERT OR REPLACE INTO " : "INSERT INTO "
        return (verb + declaration.table + " (" + columns + ") VALUES (" + placeholders + ")", values)
    }

    /// The declared columns in order, for a `SELECT`; a parent's UUID where a column holds its number.
    /// Made once per table (whose one declaration it is) on this connection: a sync reads records one by one.
    func columnList<Record>(_ declaration: RecordDeclaration<Record>) -> String {
        if let list = columnLists[declaration.table] { return list }
        var list = ""
        for field in declaration.fields {
            if !list.isEmpty { list += ", " }
            if let parent = field.parent {
                list +=
                    "(SELECT uuid FROM " + parent + " WHERE number = " + declaration.table + "." + field.column + ")"
            } else {
                list += field.column
            }
        }
        columnLists[declaration.table] = list
        return list
    }

    /// What a field's value is bound as: `?`, or the number of the parent record whose UUID is bound.
    private static func placeholder<Record>(_ field: RecordDeclaration<Record>.Field) -> String {
        field.parent.map { "(SELECT number FROM " + $0 + " WHERE uuid = ?)" } ?? "?"
    }
}

extension Row {
    /// The record of `declaration` whose columns lead this row; a damaged one is refused, named by its first
    /// column.
    func record<Record>(_ declaration: RecordDeclaration<Record>) throws -> Record {
        guard let record = declaration.record(fromColumns: { value(Int32($0), as: $1) }) else {
            throw StoreError.damagedRecord(DamagedRecord(.init(table: declaration.table), .text(text(0))))
        }
        return record
    }
}

extension Database: DeclaredRecords {
    func records<Record>(_ declaration: RecordDeclaration<Record>, orderedBy order: String) throws -> [Record] {
        try records(declaration, where: nil, orderBy: order)
    }

    func add<Record>(_ record: Record, as declaration: RecordDeclaration<Record>) throws {
        try insert(record, as: declaration)
    }

    func record<Record>(_ declaration: RecordDeclaration<Record>, on key: String, of record: Record) throws -> Record? {
        try records(declaration, where: key + " = ?", [declaration.field(key).columnValue(record)]).first
    }

    func replace<Record>(_ record: Record, as declaration: RecordDeclaration<Record>, on key: String) throws {
        try update(record, as: declaration, on: key)
    }
}
