import Foundation
import Testing

@testable import QuestsCLI
@testable import QuestsCore

@Suite struct JSONReaderTests {
    func string(_ json: String) throws -> String {
        var reader = JSONReader(Array(json.utf8))
        let value = try reader.readString()
        try reader.finish()
        return value
    }

    func failure(_ json: String, _ read: (inout JSONReader) throws -> Void) -> String? {
        var reader = JSONReader(Array(json.utf8))
        do {
            try read(&reader)
            try reader.finish()
            return nil
        } catch {
            return Quests.failureMessage(error)
        }
    }

    @Test func stringsDecodeEveryEscape() throws {
        #expect(try string(#""plain""#) == "plain")
        #expect(try string(#""a\"b\\c\/d\n\t\r\b\f""#) == "a\"b\\c/d\n\t\r\u{08}\u{0C}")
        #expect(try string(#""caf\u00e9 \u2603""#) == "café ☃")
        #expect(try string(#""\ud83d\ude00""#) == "😀")
        #expect(try string("\"naïve 😀\"") == "naïve 😀")
    }

    @Test func writerOutputReadsBackTheSameText() throws {
        let samples = [
            "", "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "bell \u{07} nul \u{00}", "emoji 😀 café",
            "\u{1F}",
        ]
        for sample in samples {
            var writer = JSONWriter()
            writer.string(sample)
            #expect(try string(String(decoding: writer.bytes, as: UTF8.self)) == sample)
        }
    }

    @Test func malformedTextIsRefused() throws {
        let readString: (inout JSONReader) throws -> Void = { _ = try $0.readString() }
        #expect(failure("\"unterminated", readString)?.contains("end of the file") == true)
        #expect(failure("\"bad \\x escape\"", readString)?.contains("invalid escape") == true)
        #expect(failure("\"\\ud83d alone\"", readString)?.contains("surrogate") == true)
        #expect(failure("\"raw\nnewline\"", readString)?.contains("control character") == true)
        #expect(failure("\"a\" trailing", readString)?.contains("after the end") == true)
        var invalidUTF8 = Array("\"".utf8)
        invalidUTF8 += [0xC3, 0x28, UInt8(ascii: "\"")]
        var reader = JSONReader(invalidUTF8)
        #expect(throws: JSONError.self) { try reader.readString() }
        // Invalid however it is cut: a lone continuation byte, a truncated sequence (alone and before
        // more text), an overlong form, a surrogate, beyond U+10FFFF; and valid text around them.
        for bytes: [UInt8] in [
            [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x41], [0xC0, 0xAF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
        ] {
            var reader = JSONReader(Array("\"ok ".utf8) + bytes + Array(" ok\"".utf8))
            #expect(throws: JSONError.self, "\(bytes)") { try reader.readString() }
        }
        var valid = JSONReader(Array("\"· é ☃ 😀 \u{7F}\"".utf8))
        #expect(try valid.readString() == "· é ☃ 😀 \u{7F}")
    }

    @Test func numbersMustBeWhole() {
        let readInt: (inout JSONReader) throws -> Void = { _ = try $0.readInt() }
        #expect(failure("12", readInt) == nil)
        #expect(failure("-7", readInt) == nil)
        #expect(failure("1.5", readInt)?.contains("whole number") == true)
        #expect(failure("1e3", readInt)?.contains("whole number") == true)
        #expect(failure("007", readInt)?.contains("start with 0") == true)
        #expect(failure("99999999999999999999", readInt)?.contains("too large") == true)
        #expect(failure("\"12\"", readInt)?.contains("whole number") == true)
    }

    @Test func errorsNameTheFieldPath() {
        let json = #"{"quests": [{"title": "a"}, {"title": 5}]}"#
        let message = failure(json) { reader in
            try reader.readObject { reader, _ in
                try reader.readArray { reader, _ in
                    try reader.readObject { reader, _ in _ = try reader.readString() }
                }
            }
        }
        #expect(message == "quests[1].title: expected text in quotes")
    }

    @Test func duplicateKeysAndDeepNestingAreRefused() {
        let skip: (inout JSONReader) throws -> Void = { try $0.skipValue() }
        #expect(failure(#"{"a": 1, "a": 2}"#, skip)?.contains("given twice") == true)
        #expect(
            failure(String(repeating: "[", count: 100) + String(repeating: "]", count: 100), skip)?.contains(
                "nested too deeply") == true)
        #expect(failure(#"{"a": [1, {"b": null, "c": true}], "d": "x"}"#, skip) == nil)
        #expect(failure(#"{"a": 1,}"#, skip) != nil)
        #expect(failure("", skip)?.contains("end of the file") == true)
    }

    @Test func recordKeysMatchAsWrittenOrEscapedAndAreRefusedTwiceOrUnknown() throws {
        let keys = JSONReader.Keys(["uuid", "note"])
        func read(_ json: String) throws -> [Int] {
            var reader = JSONReader(Array(json.utf8))
            var found: [Int] = []
            try reader.readObject(keys: keys) { reader, index in
                found.append(index)
                try reader.skipValue()
            }
            try reader.finish()
            return found
        }
        func failure(_ json: String) -> String? {
            self.failure(json) { reader in try reader.readObject(keys: keys) { reader, _ in try reader.skipValue() } }
        }
        #expect(try read(#"{"uuid": 1, "note": 2}"#) == [0, 1])
        #expect(try read(#"{"note": 1, "uuid": 2}"#) == [1, 0])
        #expect(try read(#"{"\u006eote": 1}"#) == [1])
        #expect(try read("{}") == [])
        #expect(failure(#"{"note": 1, "\u006eote": 2}"#) == #"field "note" is given twice"#)
        #expect(failure(#"{"uuid": 1, "uuid": 2}"#)?.contains("given twice") == true)
        #expect(failure(#"{"notes": 1}"#)?.hasPrefix("notes: unknown field") == true)
        #expect(failure(#"{"not": 1}"#)?.hasPrefix("not: unknown field") == true)
        #expect(failure(#"{"uuid" 1}"#)?.contains("uuid") == true)
        #expect(failure("{\"no\u{1}te\": 1}")?.contains("control character") == true)
    }

    @Test func uuidsAreReadInEitherCaseAndOnlyWhole() throws {
        let id = UUID()
        var reader = JSONReader(Array("\"\(id.uuidString.lowercased())\"".utf8))
        #expect(try reader.readUUID() == id)
        for bad in [
            "7C9E6679-7425-40DE-944B-E07FC1F90AEG", "7C9E6679-7425-40DE-944B-E07FC1F90AE",
            "7C9E6679-7425-40DE-944BE-07FC1F90AE7",
            "7C9E6679x7425-40DE-944B-E07FC1F90AE7", "7C9E6679-7425-40DE-944B-E07FC1F90AE7 ",
        ] {
            #expect(failure("\"\(bad)\"") { _ = try $0.readUUID() }?.contains("UUID") == true, "\(bad)")
        }
    }

    @Test func typedValuesRoundTrip() throws {
        let id = UUID()
        let day = LocalDay(year: 2028, month: 2, day: 29)!
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        var writer = JSONWriter()
        writer.beginArray()
        writer.uuid(id)
        writer.day(day)
        writer.timestamp(moment)
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "[\"\(id.uuidString)\",\"2028-02-29\",\"\(Timestamp.utcString(moment))\"]")
        var reader = JSONReader(writer.bytes)
        var values: [String] = []
        try reader.readArray { reader, index in
            switch index {
            case 0: values.append(try reader.readUUID().uuidString)
            case 1: values.append(try reader.readDay().description)
            default: values.append(Timestamp.utcString(try reader.readTimestamp()))
            }
        }
        #expect(values == [id.uuidString, "2028-02-29", Timestamp.utcString(moment)])
        #expect(failure(#""2026-02-30""#) { _ = try $0.readDay() }?.contains("YYYY-MM-DD") == true)
        #expect(failure(#""2026-11-21T25:00:00Z""#) { _ = try $0.readTimestamp() } != nil)
        #expect(failure(#""not-a-uuid""#) { _ = try $0.readUUID() }?.contains("UUID") == true)
        #expect(failure(#""\#(id.uuidString.lowercased())""#) { _ = try $0.readUUID() } == nil)
    }
}
