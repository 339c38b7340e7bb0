import Foundation

/// One kind of persisted record, declared once: its table, and field by field its column, its key in
/// backups (with the backup version that added it), its sync register and its value's form, range included.
/// The backup codec (`backup`), the store's SQL and row mapping (QuestsStore's `Database+Records`) and the
/// sync registers (`registers(of:)`, `record(fromRegisters:startingFrom:)`) all follow it, in its order.
///
/// Adding a field to such a record is one line here, a migration step that adds its column, and tests.
public struct RecordDeclaration<Record: Sendable>: Sendable {
    /// One field of the record.
    public struct Field: Sendable {
        /// The column in the record's table.
        public let column: String
        /// What the column holds.
        public let kind: ColumnKind
        /// For a field holding another record's UUID, that record's table: the column holds its `number`,
        /// the store's own, and the store looks the UUID up.
        public let parent: String?
        /// The field's name in a sync register; nil when it is not a register (it is part of the key).
        let register: String?
        /// Whether a register of another machine may lack it (one that predates the field): the record
        /// keeps the value it starts from.
        let registerMayLack: Bool
        /// The field in backups (made when a backup is read or written, not by every command).
        let json: @Sendable () -> JSONRecord<Record>.Field
        /// The field's value in `record`, as its column holds it.
        public let columnValue: @Sendable (Record) -> ColumnValue
        /// Sets the field in a record from its column's value; false when the value is not one it takes.
        @usableFromInline let assignColumn: @Sendable (inout Record, ColumnValue) -> Bool
        let registerValue: @Sendable (Record) -> String?
        let assignRegister: @Sendable (inout Record, String?) -> Bool

        /// The property `get` reads and `set` writes, kept as `form` has it: column `column`, backup key `key`
        /// (since document version `since`), register `register` (nil: none). (Closures, not a key path: a
        /// key path is built at run time on first use, which would cost the board a tenth of its time.)
        public init<Value>(
            _ column: String, _ get: @escaping @Sendable (Record) -> Value,
            _ set: @escaping @Sendable (inout Record, Value) -> Void, _ form: ValueForm<Value>, key: String,
            since: Int = 1, register: String?, registerMayLack: Bool = false, parent: String? = nil
        ) {
            self.column = column
            kind = form.kind
            self.parent = parent
            self.register = register
            self.registerMayLack = registerMayLack
            json = {
                JSONRecord<Record>.Field(
                    key, since: since, read: { reader, record in set(&record, try form.json.read(&reader)) },
                    write: { record, writer in form.json.write(get(record), &writer) })
            }
            columnValue = { form.column(get($0)) }
            assignColumn = { record, value in
                guard let value = form.fromColumn(value) else { return false }
                set(&record, value)
                return true
            }
            registerValue = { form.register(get($0)) }
            assignRegister = { record, text in
                guard let value = form.fromRegister(text) else { return false }
                set(&record, value)
                return true
            }
        }
    }

    /// The table its records are kept in.
    public let table: String
    public let fields: [Field]
    /// A record before its fields are read (every field is then read).
    @usableFromInline let blank: Record

    /// The fields' columns, what each holds, how each is read into a record and what each record holds in it,
    /// in `fields`' order: kept apart from the fields, so that a row read or written copies no field.
    public let columns: [String]
    public let kinds: [ColumnKind]
    @usableFromInline let assigners: [@Sendable (inout Record, ColumnValue) -> Bool]
    public let columnValues: [@Sendable (Record) -> ColumnValue]

    public init(table: String, blank: Record, _ fields: [Field]) {
        self.table = table
        self.blank = blank
        self.fields = fields
        columns = fields.map(\.column)
        kinds = fields.map(\.kind)
        assigners = fields.map(\.assignColumn)
        columnValues = fields.map(\.columnValue)
    }

    /// Its records in backups.
    var backup: JSONRecord<Record> { JSONRecord(blank: blank, fields.map { $0.json() }) }

    /// The record whose columns hold what `column` gives for each field's place in `fields` and kind; nil
    /// when one is not what its field takes.
    @inlinable public func record(fromColumns column: (Int, ColumnKind) -> ColumnValue) -> Record? {
        var record = blank
        for index in assigners.indices where !assigners[index](&record, column(index, kinds[index])) {
            return nil
        }
        return record
    }

    /// The names of its fields that are sync registers.
    public var registerNames: Set<String> { Set(fields.compactMap(\.register)) }

    /// The record's registers, by name.
    public func registers(of record: Record) -> [String: String?] {
        var registers: [String: String?] = [:]
        for field in fields {
            if let name = field.register { registers[name] = .some(field.registerValue(record)) }
        }
        return registers
    }

    /// `start` (which holds the record's key) with every register field set from `registers`; nil when one
    /// is missing or is not a value its field takes.
    public func record(fromRegisters registers: [String: String?], startingFrom start: Record) -> Record? {
        var record = start
        for field in fields {
            guard let name = field.register else { continue }
            guard let value = registers[name] else {
                if field.registerMayLack { continue }
                if field.assignRegister(&record, nil) { continue }  // an absent optional
                return nil
            }
            guard field.assignRegister(&record, value) else { return nil }
        }
        return record
    }
}

extension UUID {
    /// The all-zero UUID: what a blank record holds before its fields are read.
    static let blank = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
