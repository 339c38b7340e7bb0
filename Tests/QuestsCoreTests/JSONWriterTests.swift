import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@Suite struct JSONWriterTests {
    /// Text between escapes is copied as it is; each escape is JSON's short one where there is one.
    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("\"quoted\"", #""\"quoted\"""#),
        ("a\\b\nc\td\re", #""a\\b\nc\td\re""#),
        ("\u{01}\u{1F}x", #""\u0001\u001fx""#),
        ("Café · 2026", "\"Café · 2026\""),
        ("\n\n", #""\n\n""#),
    ])
    func textIsEscapedAsJSONWants(text: String, json: String) {
        var writer = JSONWriter()
        writer.string(text)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == json)
    }

    /// Random texts of quotes, backslashes, control characters, letters and non-ASCII read back as they
    /// were through Foundation's JSON parser.
    @Test func randomTextReadsBackThroughFoundation() throws {
        let pieces: [String] = [
            "\"", "\\", "\n", "\r", "\t", "\u{00}", "\u{1B}", "\u{7F}", "a", "Zz", "é", "·", "🙂", " ",
        ]
        var random = SplitMix(seed: 41)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            var writer = JSONWriter()
            writer.beginArray()
            writer.string(text)
            writer.endArray()
            let read = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
            #expect(read == [text])
        }
    }

    /// A key quoted beforehand is written as the same key given as text.
    @Test func aQuotedKeyIsTheKey() {
        func object(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
            var writer = JSONWriter()
            writer.beginObject(.lines)
            write(&writer)
            writer.int(1)
            writer.endObject()
            return writer.bytes
        }
        #expect(object { $0.key(JSONWriter.QuotedKey("a \"b\"")) } == object { $0.key("a \"b\"") })
    }
}
