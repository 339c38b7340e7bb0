/// A document `--json` prints (SPEC §10): a struct whose stored properties are its keys, each a string, a
/// whole number, a number, a flag, an array, a `[String: …]` dictionary, another such struct, a `Nullable`
/// (null when absent) or an optional (left out when absent). JSONOutput reads it through its `Mirror`, so no
/// code is generated for each shape, as `Encodable` would (and JSONEncoder is not linked in).
protocol JSONShape {}

extension Dictionary: JSONShape where Key == String {}

/// A value written as `null` when absent, where an optional property is left out.
struct Nullable<Value>: JSONNullable {
    let value: Value?

    init(_ value: Value?) {
        self.value = value
    }

    var present: Any? { value }
}

/// `Nullable` whatever its value's type, as JSONOutput meets it.
protocol JSONNullable {
    var present: Any? { get }
}

/// Prints one JSON document on stdout, keys sorted, for scripts: exactly as Foundation's `JSONEncoder`
/// wrote it with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two spaces a level, `"key" :
/// value`, an empty array or object on three lines, a number as its shortest text without a trailing
/// `.0`).
enum JSONOutput {
    /// A value JSON cannot hold: a number that is not finite, or a type a `JSONShape` may not have (an enum,
    /// a class, another width of integer), which a `JSONShape` has only by mistake.
    struct Unwritable: Error {
        let value: String
    }

    static func print(_ value: some JSONShape) throws {
        Swift.print(try text(value))
    }

    /// The document `value` as `print` writes it.
    static func text(_ value: some JSONShape) throws -> String {
        var text = ""
        try write(value, indent: "", into: &text)
        return text
    }

    private static func write(_ value: Any, indent: String, into text: inout String) throws {
        switch value {
        case let nullable as JSONNullable:
            if let present = nullable.present {
                try write(present, indent: indent, into: &text)
            } else {
                text += "null"
            }
            return
        case let string as String:
            quote(string, into: &text)
            return
        case let flag as Bool:
            text += flag ? "true" : "false"
            return
        case let number as Int:
            text += String(number)
            return
        case let number as Double:
            guard number.isFinite else { throw Unwritable(value: "\(number)") }
            let written = number.description
            text += written.hasSuffix(".0") ? String(written.dropLast(2)) : written
            return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:  // an optional in an array or a dictionary: null when absent
            if let wrapped = mirror.children.first?.value {
                try write(wrapped, indent: indent, into: &text)
            } else {
                text += "null"
            }
        case .collection:
            try container("[", "]", mirror.children.map { (nil, $0.value) }, indent: indent, into: &text)
        case .dictionary where value is any JSONShape:
            // Each child is a (key, value) pair, the key a String (`Dictionary: JSONShape`).
            let pairs = mirror.children.map { pair -> (String?, Any) in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return (parts[0].value as? String, parts[1].value)
            }
            try container("{", "}", pairs, indent: indent, into: &text)
        case .struct where value is any JSONShape:
            // Its stored properties, an optional one left out when absent.
            let fields = mirror.children.compactMap { child -> (String?, Any)? in
                let field = Mirror(reflecting: child.value)
                if field.displayStyle == .optional, field.children.isEmpty { return nil }
                return (child.label, child.value)
            }
            try container("{", "}", fields, indent: indent, into: &text)
        default:
            throw Unwritable(value: "\(type(of: value))")
        }
    }

    /// An array (elements without keys) or an object (its keys in byte order), one element a line.
    private static func container(
        _ open: String, _ close: String, _ elements: [(key: String?, value: Any)], indent: String,
        into text: inout String
    ) throws {
        let inner = indent + "  "
        text += open + "\n"
        if elements.isEmpty { text += "\n" }
        let ordered =
            open == "{"
            ? elements.sorted { Array(($0.key ?? "").utf8).lexicographicallyPrecedes(Array(($1.key ?? "").utf8)) }
            : elements
        for (index, element) in ordered.enumerated() {
            text += inner
            if let key = element.key {
                quote(key, into: &text)
                text += " : "
            }
            try write(element.value, indent: inner, into: &text)
            text += index == elements.count - 1 ? "\n" : ",\n"
        }
        text += indent + close
    }

    /// `string` in quotes, escaped as JSONEncoder escaped it (a slash as it is).
    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
