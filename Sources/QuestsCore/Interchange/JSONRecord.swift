import FoundationEssentials

/// A JSON object's fields, each declared once with its key, where its value lives in `Record`, and its
/// codec; reading and writing both follow the declaration, in its order.
///
/// Reading starts from `blank` and sets each field as the document gives it; unknown and repeated keys are
/// refused, and so is a record missing a field (named by its path, such as `ledger[3].memo`).
struct JSONRecord<Record: Sendable>: Sendable {
    /// One field: its key, where its value lies in a record, and how that value is read and written.
    struct Field: Sendable {
        let key: String
        /// The document version that added the field: an older document may leave it out, and its record
        /// keeps the blank record's value (which must mean what the older version meant).
        let since: Int
        /// Reads the field's value into a record.
        let read: @Sendable (inout JSONReader, inout Record) throws -> Void
        /// Writes the field's key and a record's value of it.
        let write: @Sendable (Record, inout JSONWriter) -> Void
        /// Writes a record's value of the field alone.
        let writeValue: @Sendable (Record, inout JSONWriter) -> Void

        /// A field whose value is the property at `path` (nested ones too), as `codec` has it.
        init<Value>(
            _ key: String, _ path: WritableKeyPath<Record, Value> & Sendable, _ codec: JSONCodec<Value>, since: Int = 1
        ) {
            self.init(
                key, since: since, read: { reader, record in record[keyPath: path] = try codec.read(&reader) },
                write: { record, writer in codec.write(record[keyPath: path], &writer) })
        }

        /// A field read and written with the whole record at hand (a value whose form depends on another
        /// field, or on the document's version, `JSONReader.schemaVersion`).
        init(
            _ key: String, since: Int = 1, read: @escaping @Sendable (inout JSONReader, inout Record) throws -> Void,
            write: @escaping @Sendable (Record, inout JSONWriter) -> Void
        ) {
            self.key = key
            self.since = since
            self.read = read
            writeValue = write
            let quotedKey = JSONWriter.QuotedKey(key)
            self.write = { record, writer in
                writer.key(quotedKey)
                write(record, &writer)
            }
        }
    }

    /// Which fields were read so far, one bit per field.
    struct Seen {
        fileprivate var bits: UInt64 = 0

        init() {}
    }

    let blank: Record
    let fields: [Field]
    /// The fields' keys, in order.
    private let keys: JSONReader.Keys

    init(blank: Record, _ fields: [Field]) {
        precondition(fields.count <= 64, "a record declares at most 64 fields")
        self.blank = blank
        self.fields = fields
        keys = JSONReader.Keys(fields.map(\.key))
    }

    /// Reads an object holding every field.
    func read(_ reader: inout JSONReader) throws -> Record {
        var record = blank
        var seen = Seen()
        try reader.readObject(keys: keys) { reader, index in
            try fields[index].read(&reader, &record)
            seen.bits |= 1 << UInt64(index)
        }
        try requireAll(seen, reader)
        return record
    }

    /// Reads the value of the field named `key` (the reader is at it) into `record`; refuses a key not declared.
    func readField(_ key: String, into record: inout Record, seen: inout Seen, reader: inout JSONReader) throws {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { throw reader.unknownField() }
        try fields[index].read(&reader, &record)
        seen.bits |= 1 << UInt64(index)
    }

    /// Notes the field named `key` as read (its value read by the caller itself).
    func noteRead(_ key: String, seen: inout Seen) {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return }
        seen.bits |= 1 << UInt64(index)
    }

    /// Refuses an object just read without every field its document's version has (`JSONReader.schemaVersion`),
    /// naming the first one missing.
    func requireAll(_ seen: Seen, _ reader: borrowing JSONReader) throws(JSONError) {
        for index in fields.indices
        where seen.bits & (1 << UInt64(index)) == 0 && fields[index].since <= reader.schemaVersion {
            throw reader.missingField(fields[index].key)
        }
    }

    /// Writes every field of document version `version` (all by default), in declaration order, into the
    /// object the writer is in.
    func writeFields(_ record: Record, to writer: inout JSONWriter, version: Int = .max) {
        // By index: a `for field in fields` loop copies each field, retaining every closure it holds.
        for index in fields.indices where fields[index].since <= version {
            fields[index].write(record, &writer)
        }
    }
}
