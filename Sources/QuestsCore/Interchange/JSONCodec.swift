import FoundationEssentials

/// How one kind of JSON value is read and written, as one pair, so that a document's reader and writer
/// cannot disagree about it. Built on `JSONReader` and `JSONWriter`: reading stays streaming and strict.
struct JSONCodec<Value>: Sendable {
    let read: @Sendable (inout JSONReader) throws -> Value
    let write: @Sendable (Value, inout JSONWriter) -> Void

    init(
        read: @escaping @Sendable (inout JSONReader) throws -> Value,
        write: @escaping @Sendable (Value, inout JSONWriter) -> Void
    ) {
        self.read = read
        self.write = write
    }

    /// This codec, refusing a value read for which `problem` gives one.
    func refusing(_ problem: @escaping @Sendable (Value) -> JSONProblem?) -> JSONCodec {
        let read = self.read
        return JSONCodec(
            read: { reader in
                let value = try read(&reader)
                if let problem = problem(value) { throw reader.error(problem) }
                return value
            }, write: write)
    }

    /// `null` for nil, otherwise the value as `wrapped` has it.
    static func optional<Wrapped>(_ wrapped: JSONCodec<Wrapped>) -> JSONCodec where Value == Wrapped? {
        JSONCodec(
            read: { try $0.readOptional(wrapped.read) },
            write: { value, writer in
                if let value { wrapped.write(value, &writer) } else { writer.null() }
            })
    }

    /// A list of values, each as `element` has it.
    static func array<Element>(_ element: JSONCodec<Element>, _ layout: JSONWriter.Layout = .compact) -> JSONCodec
    where Value == [Element] {
        JSONCodec(
            read: { reader in
                var list: [Element] = []
                try reader.readArray { reader, _ in list.append(try element.read(&reader)) }
                return list
            },
            write: { list, writer in
                writer.beginArray(layout)
                for value in list { element.write(value, &writer) }
                writer.endArray()
            })
    }

    /// An object with the fields `record` declares, written compactly.
    static func object(_ record: JSONRecord<Value>) -> JSONCodec where Value: Sendable {
        JSONCodec(
            read: { try record.read(&$0) },
            write: { value, writer in
                writer.beginObject()
                record.writeFields(value, to: &writer)
                writer.endObject()
            })
    }

    /// A value written as its name, one of `all`'s; another name is refused with `unknown` of it.
    static func named(
        _ all: [Value], _ name: @escaping @Sendable (Value) -> String,
        unknown: @escaping @Sendable (String) -> JSONProblem
    ) -> JSONCodec where Value: Sendable {
        JSONCodec(
            read: { reader in
                let text = try reader.readString()
                guard let value = all.first(where: { name($0) == text }) else { throw reader.error(unknown(text)) }
                return value
            }, write: { $1.string(name($0)) })
    }
}

extension JSONCodec where Value == String {
    /// Text people give quests, refused unless `UserText` allows it as `field`.
    static func userText(_ field: UserText.Field) -> JSONCodec {
        JSONCodec(read: { try $0.readUserText(as: field) }, write: { $1.string($0) })
    }
}

extension JSONCodec where Value == Int {
    /// A whole number from `range`.
    static func int(in range: ClosedRange<Int>) -> JSONCodec {
        JSONCodec(read: { try $0.readInt(in: range) }, write: { $1.int($0) })
    }
}

extension JSONCodec where Value == Bool {
    static var bool: JSONCodec { JSONCodec(read: { try $0.readBool() }, write: { $1.bool($0) }) }
}

extension JSONCodec where Value == UUID {
    static var uuid: JSONCodec { JSONCodec(read: { try $0.readUUID() }, write: { $1.uuid($0) }) }
}

extension JSONCodec where Value == LocalDay {
    static var day: JSONCodec { JSONCodec(read: { try $0.readDay() }, write: { $1.day($0) }) }
}

extension JSONCodec where Value == Date {
    static var timestamp: JSONCodec { JSONCodec(read: { try $0.readTimestamp() }, write: { $1.timestamp($0) }) }
}
