import Foundation
import QuestsTestSupport
import Testing

@testable import QuestsCLI

/// What the binary does with the C library and tables read at build time where it once called Foundation
/// (it links only FoundationEssentials): the same results as Foundation's, which the tests still have.
@Suite struct WithoutFoundationTests {
    static func foundationFolded(_ text: String) -> [Unicode.Scalar] {
        Array(text.folding(options: .diacriticInsensitive, locale: nil).unicodeScalars)
    }

    static func folded(_ text: String) -> [Unicode.Scalar] { Array(LocalInput.withoutDiacritics(text).unicodeScalars) }

    @Test func foldingMatchesFoundationForEveryScalarOfTheBasicPlaneAloneAndAfterALetter() {
        var differing: [String] = []
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "x" + String(scalar), "E" + String(scalar) + "\u{301}a"]
            where Self.folded(text) != Self.foundationFolded(text) {
                differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(10))")
    }

    @Test func foldingMatchesFoundationForEveryMessageAndCalendarWordOfEveryLanguage() {
        for code in Catalog.codes {
            let words = Catalog.calendar(code)
            let texts =
                (0..<Catalog.count).flatMap { Catalog.messages(code).forms($0) } + words.weekdays + words.shortWeekdays
                + words.months + words.shortMonths
            let differing = texts.filter { Self.folded($0.lowercased()) != Self.foundationFolded($0.lowercased()) }
            #expect(differing.isEmpty, "\(code): \(differing.prefix(5))")
        }
    }

    /// Words of Latin, Greek and Cyrillic letters with accents, precomposed or combining, as people type
    /// them. (After letters of other scripts, `か` or `字`, Foundation keeps some marks and drops others,
    /// by rules the tables do not hold: there `withoutDiacritics` drops every mark it drops after `x`.)
    @Test func foldingMatchesFoundationForWordsWithAccents() {
        var random = SplitMix(seed: 41)
        let letters =
            Array("aeiouncyzAEOUßøłæ .,/-".unicodeScalars) + (0xC0...0x24F).compactMap(Unicode.Scalar.init)
            + (0x386...0x3CE).compactMap(Unicode.Scalar.init) + (0x400...0x45F).compactMap(Unicode.Scalar.init)
            + (0x1E00...0x1E99).compactMap(Unicode.Scalar.init) + (0x1EA0...0x1EF9).compactMap(Unicode.Scalar.init)
        let marks = (0x300...0x36F).compactMap(Unicode.Scalar.init) + ["\u{3099}", "\u{20DD}"]
        for _ in 0..<20_000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                word.append(letters.randomElement(using: &random)!)
                for _ in 0..<Int.random(in: 0...2, using: &random) { word.append(marks.randomElement(using: &random)!) }
            }
            let text = String(word)
            #expect(Self.folded(text) == Self.foundationFolded(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func aChildsOutputStatusAndEnvironmentAreFoundationProcesss() throws {
        let run = try #require(
            ChildProcess.run(
                "/bin/sh", ["-c", "echo out; echo err >&2; printf '%s' \"$QUESTS_CHILD\" >&2; read line; exit 3"],
                environment: ["QUESTS_CHILD": "set"], capturingOutput: true))
        #expect(run.ending == .exited(3))
        #expect(String(decoding: run.output, as: UTF8.self) == "out\nerr\nset")
        let killed = try #require(ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"], capturingOutput: true))
        #expect(killed.ending == .killed(SIGTERM))
        #expect(killed.status == SIGTERM)
        #expect(ChildProcess.run("/nonexistent/program", []) == nil)
    }

    @Test func aChildRunsInAProcessGroupOfItsOwnWithDefaultSignalHandling() throws {
        signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, SIG_DFL) }
        let run = try #require(
            ChildProcess.run(
                "/bin/sh", ["-c", "cut -d ' ' -f 5 /proc/$$/stat; sed -n 's/^SigIgn:\\t//p' /proc/$$/status"],
                capturingOutput: true))
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && Int32(lines[0]) != getpgrp(), "\(lines)")
        let ignored = UInt64(lines.last ?? "", radix: 16)
        #expect(ignored.map { $0 & (1 << (UInt64(SIGUSR1) - 1)) == 0 } ?? false, "SigIgn \(lines)")
    }

    @Test func descriptorsReadWhatFileHandleRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quests-descriptor-\(getpid())").path
        defer { unlink(path) }
        let bytes = (0..<200_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(Descriptor.withFile(path) { Descriptor.read($0, upTo: 15) } == Array(bytes.prefix(15)))
        #expect(Descriptor.withFile(path) { Descriptor.read($0) } == bytes)
        #expect(Descriptor.withFile(path + ".missing") { Descriptor.read($0) } == nil)
        #expect(Descriptor.withFile("/") { Descriptor.read($0) } == .some(nil))
    }
}
