import Foundation
import Testing

@testable import QuestsCLI

/// Output that fits the terminal: display widths, shortened titles, notes where people read about quests.
@Suite struct PresentationTests {
    /// Terminal cells of `line`, counted independently of the code under test: CJK and emoji (all above
    /// U+2E80 in these tests) take two cells, everything else one.
    static func cells(_ line: Substring) -> Int {
        line.reduce(0) { $0 + (($1.unicodeScalars.first?.value ?? 0) >= 0x2E80 ? 2 : 1) }
    }

    /// The cell where `fragment` starts in `line`, or nil.
    static func column(of fragment: String, in line: Substring) -> Int? {
        line.range(of: fragment).map { cells(line[..<$0.lowerBound]) }
    }

    /// Near the 200-character limit on titles, far wider than any terminal.
    static let longTitle = "Practise the long scales " + String(repeating: "and arpeggios ", count: 12)

    /// A store with an emoji title, a CJK title, a 193-character title and notes, and a little history.
    static func varied() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok(
            "add", "Drink water 💧💧", "--notes", "8 glasses, " + String(repeating: "spread over the day ", count: 8))
        try sandbox.ok("add", "読書する時間です", "--at", "21:00", "--days", "mon,tue,wed,thu,fri,sat")
        try sandbox.ok("add", longTitle)
        try sandbox.ok("add", "Stretch", "--at", "07:00")
        try sandbox.ok("done", "drink")
        try sandbox.ok(
            "shop", "add", "映画の夜 🎬 " + String(repeating: "with popcorn ", count: 10), "--price", "5",
            "--notes", String(repeating: "extra butter ", count: 10))
        return sandbox
    }

    @Test(arguments: [60, 80])
    func noLineIsWiderThanTheTerminal(columns: Int) throws {
        let sandbox = try Self.varied()
        let width = ["COLUMNS": String(columns)]
        let commands = [
            ["board"], ["list"], ["list", "--all"], ["next"], ["show", "1"], ["show", "3"], ["wallet"], ["ledger"],
            ["shop"], ["achievements"], ["heatmap"], ["heatmap", "--days", "365"], ["config"], ["pack", "list"],
            ["pack", "show", "morning-routine"],
        ]
        for command in commands {
            let output = try sandbox.run(command, extra: width)
            #expect(output.status == 0, "quests \(command.joined(separator: " ")): \(output.stderr)")
            for line in output.stdout.split(separator: "\n") {
                #expect(Self.cells(line) <= columns, "quests \(command.joined(separator: " ")) at \(columns): \(line)")
            }
        }
        let board = try sandbox.ok("board", extra: width)
        #expect(board.contains("Practise the long"))
        #expect(board.contains("…"))
    }

    @Test(arguments: [60, 80])
    func columnsAlignByDisplayWidth(columns: Int) throws {
        let sandbox = try Self.varied()
        let width = ["COLUMNS": String(columns)]
        let list = try sandbox.ok("list", extra: width).split(separator: "\n").filter { $0.hasPrefix("#") }
        let timeColumns = Set(
            list.compactMap { line in
                [" any time ", " 21:00 ", " 07:00 ", " Time "].lazy.compactMap { Self.column(of: $0, in: line) }.first
            })
        #expect(list.count == 5 && timeColumns.count == 1, "\(list)")
        let board = try sandbox.ok("board", extra: width).split(separator: "\n").filter { $0.hasPrefix("  #") }
        let rewardColumns = Set(board.compactMap { Self.column(of: "+10 DD", in: $0) })
        #expect(board.count == 4 && rewardColumns.count == 1, "\(board)")
    }

    @Test func aLongHeatmapDropsTheOldestWeeksThatDoNotFitAndSaysSo() throws {
        let sandbox = try Self.varied()
        let text = try sandbox.ok("heatmap", "--days", "365", extra: ["COLUMNS": "100"])
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { Self.cells($0) <= 100 })
        #expect(text.contains("Showing the last 328 of 365 days to fit 100 columns."))
        #expect(!(try sandbox.ok("heatmap", extra: ["COLUMNS": "100"])).contains("Showing"))
    }

    @Test func notesAreShownByListNextAndShow() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Long walk", "--notes", "At least 5 km")
        #expect(try sandbox.ok("list").contains("    At least 5 km"))
        #expect(try sandbox.ok("next").contains("At least 5 km"))
        #expect(try sandbox.ok("show", "long").contains("At least 5 km"))
    }

    @Test func displayWidthCountsWideAndZeroWidthCharacters() {
        #expect(DisplayWidth.of("読書") == 4)
        #expect(DisplayWidth.of("💧a") == 3)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{1B}[1mab\u{1B}[0m") == 2)
        #expect(DisplayWidth.of("· – … █░ ▲ ▼ 3 pts") == 18)
        #expect(DisplayWidth.of("▲\u{301} 3") == 3)
        #expect(DisplayWidth.of("█\u{1B}[0m") == 1)
        #expect(DisplayWidth.of("  ★ 2026-11-21  ") == 16)  // the achievements' star, measured fast
        #expect(DisplayWidth.of("★\u{1B}[0m") == 1)  // and the same through the Unicode tables
        #expect(DisplayWidth.truncate("読書する時間", to: 7) == "読書す…")
        #expect(DisplayWidth.truncate("Drink water", to: 7) == "Drink…")
        #expect(DisplayWidth.truncate("short", to: 5) == "short")
        #expect(DisplayWidth.fit("読書", 6) == "読書  ")
        #expect(DisplayWidth.wrap("one two three four", to: 9) == ["one two", "three", "four"])
    }
}
