import Testing

@testable import QuestsCLI

/// The interactive board's keys, from the bytes a terminal in raw mode sends.
@Suite struct KeyTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func lettersSpaceAndEnterAreKeys() {
        #expect(Key.parse(bytes("jkuq")) == [.down, .up, .undo, .quit])
        #expect(Key.parse(bytes(" \r\n")) == [.complete, .complete, .complete])
        #expect(Key.parse(bytes("es?")) == [.completeEarly, .skip, .help])
        #expect(Key.parse(bytes("+")) == [.addOne])
        #expect(Key.parse(bytes("xJ5é")) == [])
    }

    @Test func arrowsAreEscapeSequencesInEitherCursorMode() {
        #expect(Key.parse(bytes("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB")) == [.up, .down, .up, .down])
        // Ctrl-↑ carries parameters; other sequences (→, F5) and Alt-j are skipped, not read as Esc.
        #expect(Key.parse(bytes("\u{1B}[1;5A\u{1B}[C\u{1B}[15~\u{1B}j")) == [.up])
    }

    @Test func aLoneEscQuitsButOneStartingASequenceDoesNot() {
        #expect(Key.parse(bytes("\u{1B}")) == [.quit])
        #expect(Key.parse(bytes("j\u{1B}")) == [.down, .quit])
        #expect(Key.parse(bytes("\u{1B}\u{1B}[A")) == [.quit, .up])
        // A sequence cut short at the end of the bytes is dropped.
        #expect(Key.parse(bytes("\u{1B}[1;5")) == [])
    }
}
