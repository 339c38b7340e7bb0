import Foundation

/// Why a JSON document was refused: where (`quests[2].weekdays[0]`) and what is wrong.
public struct JSONError: Error, Equatable, Sendable {
    /// The field path, empty for the document itself.
    public let path: String
    public let problem: JSONProblem

    public init(path: String, problem: JSONProblem) {
        self.path = path
        self.problem = problem
    }
}

/// A strict, streaming JSON reader that decodes straight into the caller's types.
///
/// The caller walks the document (`readObject`, `readArray`, `readString`...) and every refusal names the
/// field path it happened at, so a bad file gets a message a person can act on. Only what quests writes
/// is accepted: whole numbers, no duplicate keys, UTF-8 text, nothing after the document.
public struct JSONReader {
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var path: [PathComponent] = []
    private var depth = 0
    /// The keys seen so far in each open object, by depth; reused so that reading allocates little.
    private var seenKeys: [[String]] = []

    /// The version of the document being read, once its header says so: fields a later version added
    /// (`JSONRecord`'s `since`) may be missing. Every field is required until then.
    public var schemaVersion = Int.max

    /// The deepest nesting accepted; quests documents need four levels.
    private static let maximumDepth = 32

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The current field path, such as `quests[2].weekdays[0]`.
    public var currentPath: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? UserText.cut(key) : ".\(UserText.cut(key))"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// An error at the current field.
    public func error(_ problem: JSONProblem) -> JSONError {
        JSONError(path: currentPath, problem: problem)
    }

    /// Reads an object, calling `field` for each key with the reader positioned at its value, which
    /// `field` must read (or skip). Refuses a key given twice.
    public mutating func readObject(_ field: (inout JSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), .object)
        try enter()
        let level = depth - 1
        while seenKeys.count <= level { seenKeys.append([]) }
        seenKeys[level].removeAll(keepingCapacity: true)
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw error(.expected(.fieldName)) }
            let key = try readString()
            if seenKeys[level].contains(key) { throw error(.repeatedField(key)) }
            seenKeys[level].append(key)
            skipWhitespace()
            try expect(UInt8(ascii: ":"), .colon(after: key))
            path.append(.key(key))
            try field(&self, key)
            path.removeLast()
            skipWhitespace()
            let next = try next(.commaOrBrace)
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw error(.expected(.commaOrBraceAfter(key)))
            }
        }
        depth -= 1
    }

    /// The keys an object may have, as text and as the UTF-8 bytes they are usually written as.
    struct Keys: Sendable {
        let names: [String]
        let bytes: [[UInt8]]

        init(_ names: [String]) {
            self.names = names
            bytes = names.map { Array($0.utf8) }
        }
    }

    /// Reads an object whose keys are among `keys`, calling `field` with the position in `keys` of each
    /// key read and the reader at its value, which `field` must read. Refuses a key given twice, and a key
    /// not among `keys` (at its own path). The same as `readObject(_:)` with those two checks, but a key
    /// written as plain bytes is matched as bytes, without making a `String` of it: records are read by
    /// the hundred thousand.
    mutating func readObject(keys: Keys, _ field: (inout JSONReader, Int) throws -> Void) throws {
        precondition(keys.names.count <= 64, "at most 64 keys")
        try expect(UInt8(ascii: "{"), .object)
        try enter()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        var seen: UInt64 = 0
        var last: Int?
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw error(.expected(.fieldName)) }
            // The key's plain bytes, when it has no escape; otherwise (or when they match no key) the key
            // as text, compared as `readObject(_:)` compares it.
            let found: Int?
            let name: String
            if let key = plainKey(among: keys, expected: (last ?? -1) + 1) {
                found = key.position
                name = keys.names[key.position]
                index = key.end
            } else {
                name = try readString()
                found = keys.names.firstIndex(of: name)
            }
            last = found
            if let found {
                if seen & (1 << UInt64(found)) != 0 { throw error(.repeatedField(name)) }
                seen |= 1 << UInt64(found)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), .colon(after: name))
            path.append(.key(name))
            guard let found else { throw unknownField() }
            try field(&self, found)
            path.removeLast()
            skipWhitespace()
            let next = try next(.commaOrBrace)
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw error(.expected(.commaOrBraceAfter(name)))
            }
        }
        depth -= 1
    }

    /// The position in `keys` of the key whose opening quote is at `index`, and the index after its closing
    /// quote, when the key is written as plain bytes (no escape) that are one of `keys`. The key at
    /// `expected` is tried first: records are usually written in their declared order.
    private func plainKey(among keys: Keys, expected: Int) -> (position: Int, end: Int)? {
        let start = index + 1
        let end = plainTextEnd(from: start).end
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        func matches(_ position: Int) -> Bool {
            let key = keys.bytes[position]
            guard key.count == end - start else { return false }
            for offset in key.indices where key[offset] != bytes[start + offset] { return false }
            return true
        }
        if expected < keys.bytes.count, matches(expected) { return (expected, end + 1) }
        for position in keys.bytes.indices where position != expected && matches(position) {
            return (position, end + 1)
        }
        return nil
    }

    /// Where the plain part of a text starting at `start` ends: at its closing quote, its first escape or
    /// control character, or the end of the bytes; and whether any byte before that is not ASCII (0 when
    /// none is).
    private func plainTextEnd(from start: Int) -> (end: Int, nonASCII: UInt8) {
        var end = start
        var nonASCII: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            nonASCII |= byte & 0x80
            end += 1
        }
        return (end, nonASCII)
    }

    /// Reads an array, calling `element` with each element's position.
    public mutating func readArray(_ element: (inout JSONReader, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), .array)
        try enter()
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        var position = 0
        while true {
            path.append(.index(position))
            try element(&self, position)
            path.removeLast()
            skipWhitespace()
            let next = try next(.commaOrBracket)
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw error(.expected(.commaOrBracket))
            }
            position += 1
        }
        depth -= 1
    }

    /// Skips the object at the reader without reading it, when it begins with the key `key` holding a whole
    /// number for which `skip` is true (an entry of a sync file that its reader applied before, by `seq`): its
    /// bytes are passed over as they are, its strings scanned only for where they end. Otherwise the reader
    /// stays where it was. Returns whether it skipped.
    mutating func skipObject(leadingWith key: StaticString, where skip: (Int) -> Bool) throws -> Bool {
        let start = index
        skipWhitespace()
        guard consume("{\""), consume(key), consume("\":") else {
            index = start
            return false
        }
        var value = 0
        var digits = 0
        while index < bytes.count, digits < 18, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            value = value * 10 + Int(digit)
            digits += 1
            index += 1
        }
        guard digits > 0, skip(value) else {
            index = start
            return false
        }
        var open = 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): open += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                if open == 0 { return true }
            default: break
            }
        }
        throw error(.endOfFile(expecting: nil))
    }

    /// Reads a string.
    public mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""), .text)
        let start = index
        // Fast path: no escapes. Where the text ends, or the first escape or control character.
        let (end, nonASCII) = plainTextEnd(from: start)
        index = end
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text: String
            if nonASCII == 0 {
                text = String(decoding: bytes[start..<end], as: UTF8.self)
            } else {
                text = try decodeUTF8(bytes[start..<index])
            }
            index += 1
            return text
        }
        if index < bytes.count, bytes[index] < 0x20 { throw error(.controlCharacterInText) }
        guard index < bytes.count else { throw error(.endOfFileInText) }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error(.endOfFileInText) }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try decodeUTF8(scalars[...])
            case UInt8(ascii: "\\"):
                try readEscape(into: &scalars)
            case ..<0x20:
                throw error(.controlCharacterInText)
            default:
                scalars.append(byte)
            }
        }
    }

    /// Reads text people give quests (a title, notes), refused unless `UserText` allows it as `field`.
    public mutating func readUserText(as field: UserText.Field) throws -> String {
        try checked(try readString(), as: field)
    }

    /// `text` when `UserText` allows it as `field`; otherwise an error at the current field.
    public func checked(_ text: String, as field: UserText.Field) throws(JSONError) -> String {
        if let problem = UserText.problem(with: text, as: field) { throw error(.text(problem)) }
        return text
    }

    /// Reads a whole number from `range`, naming the range when it is outside.
    public mutating func readInt(in range: ClosedRange<Int>) throws -> Int {
        let value = try readInt()
        guard range.contains(value) else {
            throw error(.outOfRange(lowest: range.lowerBound, highest: range.upperBound))
        }
        return value
    }

    /// Reads a whole number (no fraction, no exponent).
    public mutating func readInt() throws -> Int {
        skipWhitespace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { throw error(.numberTooLarge) }
            value = sum
            index += 1
        }
        guard index > start else { throw error(.expected(.wholeNumber)) }
        if index - start > 1, bytes[start] == UInt8(ascii: "0") { throw error(.leadingZero) }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw error(.expected(.wholeNumber))
        }
        return negative ? -value : value
    }

    /// Reads any JSON number, fractions and exponents included (other trackers write them; quests does not).
    public mutating func readNumber() throws -> Double {
        skipWhitespace()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, "0123456789.eE+-".utf8.contains(bytes[index]) { index += 1 }
        guard index - start <= 64, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
            value.isFinite
        else {
            index = start
            throw error(.expected(.number))
        }
        return value
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws -> Bool {
        skipWhitespace()
        if consume("true") { return true }
        if consume("false") { return false }
        throw error(.expected(.boolean))
    }

    /// Reads `null` as nil, or a value with `read`.
    public mutating func readOptional<T>(_ read: (inout JSONReader) throws -> T) throws -> T? {
        skipWhitespace()
        if consume("null") { return nil }
        return try read(&self)
    }

    /// Reads and discards any value.
    public mutating func skipValue() throws {
        skipWhitespace()
        switch try peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): guard consume("null") else { throw error(.unexpectedText) }
        default:
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let start = index
            while index < bytes.count, "0123456789.eE+-".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw error(.unexpectedText) }
        }
    }

    /// Refuses anything but whitespace after the document.
    public mutating func finish() throws {
        skipWhitespace()
        guard index == bytes.count else { throw error(.textAfterDocument) }
    }

    /// The error for a field this document kind does not have.
    public func unknownField() -> JSONError {
        JSONError(path: currentPath, problem: .unknownField)
    }

    /// The error for a required field that is absent from the object just read.
    public func missingField(_ key: String) -> JSONError {
        let field = currentPath.isEmpty ? key : "\(currentPath).\(key)"
        return JSONError(path: field, problem: .missing)
    }

    /// Reads a UUID in its 36-character text form.
    public mutating func readUUID() throws -> UUID {
        try readText(UUIDText.parse, expected: .uuid)
    }

    /// Reads a day, `YYYY-MM-DD`.
    public mutating func readDay() throws -> LocalDay {
        try readText(LocalDay.parse, expected: .day)
    }

    /// Reads a UTC moment, `2026-11-21T07:30:00Z`.
    public mutating func readTimestamp() throws -> Date {
        try readText(Timestamp.parseUTC, expected: .utcTime)
    }

    /// Reads a short text value and parses its bytes without making a `String` of it.
    private mutating func readText<T>(_ parse: (ArraySlice<UInt8>) -> T?, expected: JSONExpectation) throws -> T {
        try expect(UInt8(ascii: "\""), expected)
        let start = index
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        index = end
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), let value = parse(bytes[start..<end]) else {
            throw error(.expected(expected))
        }
        index += 1
        return value
    }

    // MARK: - Bytes

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw error(.nestedTooDeeply) }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private func peek() throws -> UInt8 {
        guard index < bytes.count else { throw error(.endOfFile(expecting: nil)) }
        return bytes[index]
    }

    private mutating func next(_ expectation: @autoclosure () -> JSONExpectation) throws -> UInt8 {
        guard index < bytes.count else { throw error(.endOfFile(expecting: expectation())) }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8, _ expectation: @autoclosure () -> JSONExpectation) throws {
        skipWhitespace()
        guard index < bytes.count else { throw error(.endOfFile(expecting: expectation())) }
        guard bytes[index] == byte else { throw error(.expected(expectation())) }
        index += 1
    }

    private mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { buffer in
            bytes[index..<(index + count)].elementsEqual(buffer)
        }
        if matches { index += count }
        return matches
    }

    private func decodeUTF8(_ slice: ArraySlice<UInt8>) throws -> String {
        // Plain ASCII needs no validation, and most text is.
        if !slice.contains(where: { $0 >= 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        // Decoding replaces each invalid sequence with U+FFFD, whose bytes form a valid sequence: the
        // bytes are valid UTF-8 exactly when the text has the same bytes. (Quicker than the generic
        // `String(validating:as:)`, for the hundred thousand ledger memos with a "·".)
        let text = String(decoding: slice, as: UTF8.self)
        guard text.utf8.elementsEqual(slice) else { throw error(.invalidUTF8) }
        return text
    }

    private mutating func readEscape(into scalars: inout [UInt8]) throws {
        guard index < bytes.count else { throw error(.endOfFileInText) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(byte)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            var value = try readHex4()
            if (0xD800..<0xDC00).contains(value) {
                guard consume("\\u") else { throw error(.unpairedSurrogate) }
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error(.unpairedSurrogate) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error(.invalidUnicodeEscape) }
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error(.invalidEscape)
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.endOfFileInText) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[index]) else { throw error(.invalidUnicodeEscape) }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
