import Foundation
import Testing

@testable import QuestsCLI

/// `--json` documents are written by JSONOutput from the shapes' `Mirror`; they stay byte for byte what
/// Foundation's `JSONEncoder` wrote with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`.
@Suite struct JSONOutputTests {
    struct Inner: JSONShape, Encodable {
        let name: String
        let amount: Double
    }

    struct Document: JSONShape, Encodable {
        let text: String
        let whole: Int
        let numbers: [Double]
        let flags: [Bool]
        let empty: [Int]
        let nothing: [String: Int]
        let counts: [String: Int]
        let absent: Nullable<String>
        let present: Nullable<Inner>
        let left: String?
        let kept: Int?
        let gaps: [Int?]
        let nested: [Inner]
        let weekStart: Int
        let weekdays: Int
        let weeks: Int
    }

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aDocumentIsWhatJSONEncoderWrote() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let document = Document(
            text: "\"quoted\" a\\b a/b é 日本 \u{7F} \u{2028} 🙂 " + controls,
            whole: -9_223_372_036_854_775_807,
            numbers: [0, 2, -0.0, 0.1, 1.5, 1234.5678, 1e-7, 1e16, 1e20, -3.25, 12_345_678.9],
            flags: [true, false], empty: [], nothing: [:],
            counts: ["quests": 3, "Rewards": 1, "a10": 2, "a9": 4, "": 0],
            absent: Nullable(nil), present: Nullable(Inner(name: "x", amount: 2.5)), left: nil, kept: 7,
            gaps: [1, nil, 3], nested: [Inner(name: "", amount: 0)], weekStart: 1, weekdays: 2, weeks: 3)
        #expect(try JSONOutput.text(document) == Self.encoded(document))
        #expect(try JSONOutput.text(Document.empty) == Self.encoded(Document.empty))
    }

    @Test func aValueJSONCannotHoldIsRefused() {
        struct WithEnum: JSONShape { let day: Weekday }
        struct WithInfinity: JSONShape { let amount: Double }
        #expect(throws: JSONOutput.Unwritable.self) { try JSONOutput.text(WithEnum(day: .monday)) }
        #expect(throws: JSONOutput.Unwritable.self) { try JSONOutput.text(WithInfinity(amount: .infinity)) }
    }
}

extension Nullable: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension JSONOutputTests.Document {
    static var empty: Self {
        Self(
            text: "", whole: 0, numbers: [], flags: [], empty: [], nothing: [:], counts: [:], absent: Nullable(nil),
            present: Nullable(nil), left: nil, kept: nil, gaps: [], nested: [], weekStart: 0, weekdays: 0, weeks: 0)
    }
}

private enum Weekday { case monday }
