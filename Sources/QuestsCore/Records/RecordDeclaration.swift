import FoundationEssentials

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
        /// For a field kept in backups only: sets it in a record read from a store or registers, from the
        /// record's other fields.
        private(set) var derive: (@Sendable (inout Record) -> Void)?

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
            // Each closure keeps only the part of the form it calls: a copy of the whole form in each costs
            // every command that reads a declared record more than the rest of the declaration.
            let codec = form.json
            let toColumn = form.column
            let fromColumn = form.fromColumn
            let toRegister = form.register
            let fromRegister = form.fromRegister
            json = {
                JSONRecord<Record>.Field(
                    key, since: since, read: { reader, record in set(&record, try codec.read(&reader)) },
                    write: { record, writer in codec.write(get(record), &writer) })
            }
            columnValue = { toColumn(get($0)) }
            assignColumn = { record, value in
                guard let value = fromColumn(value) else { return false }
                set(&record, value)
                return true
            }
            registerValue = { toRegister(get($0)) }
            assignRegister = { record, text in
                guard let value = fromRegister(text) else { return false }
                set(&record, value)
                return true
            }
            derive = nil
        }

        /// A field kept in backups only, under `key` (since document version `since`), as `form` has it: the
        /// store keeps no column of it and sync no register, and a record read from either takes `derived`'s
        /// value of it (an achievement's UUID, from the achievement).
        public init<Value>(
            backupOnly key: String, _ get: @escaping @Sendable (Record) -> Value,
            _ set: @escaping @Sendable (inout Record, Value) -> Void, _ form: ValueForm<Value>, since: Int = 1,
            derived: @escaping @Sendable (Record) -> Value
        ) {
            self.init("", get, set, form, key: key, since: since, register: nil)
            derive = { set(&$0, derived($0)) }
        }
    }

    /// Records of another declaration that each record holds as a list (a quest's schedule versions): kept in
    /// their own declaration's table, whose column `column` holds the record's number, and in backups as the
    /// array `key` after the record's fields.
    public struct Children<Child: Sendable>: Sendable {
        public let declaration: RecordDeclaration<Child>
        /// The column of the children's table that holds their record's number.
        public let column: String
        /// Puts `children` in `record`, in order.
        public let set: @Sendable (inout Record, [Child]) -> Void
        let json: @Sendable () -> JSONRecord<Record>.Field

        /// `declaration`'s records held by each record (`get`; `set` puts them in order), pointing at it with
        /// `column`; in backups the array `key` (since document version `since`).
        public init(
            _ declaration: RecordDeclaration<Child>, column: String, _ get: @escaping @Sendable (Record) -> [Child],
            _ set: @escaping @Sendable (inout Record, [Child]) -> Void, key: String, since: Int = 1
        ) {
            self.declaration = declaration
            self.column = column
            self.set = set
            json = {
                let list = JSONCodec<[Child]>.array(.object(declaration.backup))
                return JSONRecord<Record>.Field(
                    key, since: since, read: { reader, record in set(&record, try list.read(&reader)) },
                    write: { record, writer in list.write(get(record), &writer) })
            }
        }
    }

    /// The table its records are kept in.
    public let table: String
    /// The fields the store keeps, in order (not those kept in backups only).
    public let fields: [Field]
    /// A record before its fields are read (every field is then read).
    @usableFromInline let blank: Record
    /// Every field in backups, in order (those kept in backups only too), and the children's list after them.
    private let backupFields: [Field]
    private let children: (@Sendable () -> JSONRecord<Record>.Field)?
    /// What sets the fields kept in backups only in a record read from a store or registers.
    @usableFromInline let derivations: [@Sendable (inout Record) -> Void]

    /// The fields' columns, what each holds, how each is read into a record and what each record holds in it,
    /// in `fields`' order: kept apart from the fields, so that a row read or written copies no field.
    public let columns: [String]
    public let kinds: [ColumnKind]
    @usableFromInline let assigners: [@Sendable (inout Record, ColumnValue) -> Bool]
    public let columnValues: [@Sendable (Record) -> ColumnValue]

    /// Records kept in `table`, read starting from `blank`, with `fields` in this order.
    public init(table: String, blank: Record, _ fields: [Field]) {
        self.init(table: table, blank: blank, fields, children: nil)
    }

    /// Records kept in `table`, read starting from `blank`, with `fields` in this order, each holding a list
    /// of `children`.
    public init<Child>(table: String, blank: Record, _ fields: [Field], holding children: Children<Child>) {
        self.init(table: table, blank: blank, fields, children: children.json)
    }

    private init(
        table: String, blank: Record, _ fields: [Field], children: (@Sendable () -> JSONRecord<Record>.Field)?
    ) {
        self.table = table
        self.blank = blank
        backupFields = fields
        self.children = children
        var stored: [Field] = []
        var derivations: [@Sendable (inout Record) -> Void] = []
        for field in fields {
            if let derive = field.derive { derivations.append(derive) } else { stored.append(field) }
        }
        self.fields = stored
        self.derivations = derivations
        columns = stored.map(\.column)
        kinds = stored.map(\.kind)
        assigners = stored.map(\.assignColumn)
        columnValues = stored.map(\.columnValue)
    }

    /// Its records in backups.
    var backup: JSONRecord<Record> {
        JSONRecord(blank: blank, backupFields.map { $0.json() } + (children.map { [$0()] } ?? []))
    }

    /// Its records in backups as the value of their one field alone, without its key (a celebrated day).
    var backupValue: JSONCodec<Record> {
        let field = backupFields[0].json()
        let blank = blank
        return JSONCodec(
            read: { reader in
                var record = blank
                try field.read(&reader, &record)
                return record
            }, write: field.writeValue)
    }

    /// The record whose columns hold what `column` gives for each field's place in `fields` and kind; nil
    /// when one is not what its field takes.
    @inlinable public func record(fromColumns column: (Int, ColumnKind) -> ColumnValue) -> Record? {
        var record = blank
        for index in assigners.indices where !assigners[index](&record, column(index, kinds[index])) {
            return nil
        }
        for derive in derivations { derive(&record) }
        return record
    }

    /// The stored field of column `column`, which the declaration must declare.
    public func field(_ column: String) -> Field {
        guard let field = fields.first(where: { $0.column == column }) else {
            preconditionFailure("\(table) declares no column \(column)")
        }
        return field
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
        for derive in derivations { derive(&record) }
        return record
    }
}

extension UUID {
    /// The all-zero UUID: what a blank record holds before its fields are read.
    static let blank = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
