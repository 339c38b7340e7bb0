import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI
@testable import QuestsStore

/// The interactive board's screen: the plain board's rows, a highlighted cursor, and a fit to the window.
@Suite struct BoardScreenTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quests-screen-\(UUID().uuidString)")
        .path
    let now = Now(instant: Date(timeIntervalSince1970: 1_795_250_000), zone: .utc)  // 2026-11-21 (Saturday) 08:33 UTC

    /// Today's board with `count` quests titled "Quest 1"..., each its own number.
    func snapshot(quests count: Int) throws -> BoardSnapshot {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try QuestStore(path: folder + "/store.sqlite", ids: .random)
        for number in 1...count {
            _ = try QuestBoard(store).add(title: "Quest \(number)", notes: "", schedule: Schedule(), now: now)
        }
        return try QuestBoard(store).board(now: now)
    }

    @Test func theSelectedRowIsMarkedAndOtherwiseTheSameAsOnThePlainBoard() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = try snapshot(quests: 3)
        let plain = BoardView(snapshot: snapshot, style: TextStyle(enabled: false), width: 80).render().split(
            separator: "\n", omittingEmptySubsequences: false)
        let screen = BoardScreen(
            board: BoardView(snapshot: snapshot, style: TextStyle(enabled: false), width: 80, selected: 2),
            message: ["✓ done"], rows: 24
        ).lines()
        #expect(screen.prefix(plain.count).map { $0.replacing(">", with: " ") } == plain.map(String.init))
        #expect(screen.filter { $0.hasPrefix(">") } == ["> #2  Quest 2  any time    +10 DD"])
        #expect(screen.suffix(3) == ["", "✓ done", BoardScreen.keys])
    }

    @Test func withColourTheSelectedRowIsReversedAcrossItsStyledParts() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let board = BoardView(
            snapshot: try snapshot(quests: 1), style: TextStyle(enabled: true), width: 80, selected: 1)
        let (lines, selectedLine) = board.layout()
        let row = try #require(selectedLine.map { lines[$0] })
        #expect(row.hasPrefix("\u{1B}[7m>"))
        // Every reset inside the row turns reverse video back on; only the last one ends it.
        #expect(
            row.components(separatedBy: "\u{1B}[0m").dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}[7m") })
        #expect(row.hasSuffix("\u{1B}[0m"))
    }

    @Test func aBoardTallerThanTheWindowScrollsToKeepTheCursorInView() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = try snapshot(quests: 30)
        let style = TextStyle(enabled: false)
        for selected in [1, 15, 30] {
            let screen = BoardScreen(
                board: BoardView(snapshot: snapshot, style: style, width: 80, selected: selected), message: [], rows: 12
            ).lines()
            #expect(screen.count == 12)
            #expect(screen.contains { $0.hasPrefix(">") && $0.contains("Quest \(selected) ") })
            #expect(screen.last == BoardScreen.keys)
        }
        // A window too short for the message still ends with the screen's height.
        let tiny = BoardScreen(
            board: BoardView(snapshot: snapshot, style: style, width: 80, selected: 3), message: ["a", "b", "c"],
            rows: 3)
        #expect(tiny.lines().count == 3)
    }
}
