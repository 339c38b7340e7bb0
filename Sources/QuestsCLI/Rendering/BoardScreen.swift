/// The interactive board's screen: the board, scrolled to keep the selected quest in view, then the last
/// message and the keys, in at most `rows` lines.
struct BoardScreen {
    let board: BoardView
    /// What the last key did: a completion, an undo or an error.
    let message: [String]
    let rows: Int

    static let keys = "↑/↓ or j/k move · space or enter complete · u undo · q quit"

    func lines() -> [String] {
        let (lines, selectedLine) = board.layout()
        let footer = [""] + message + [board.style.dim(Self.keys)]
        let room = max(rows - footer.count, 1)
        let top = max(0, (selectedLine ?? 0) + 1 - room)
        return Array((lines.dropFirst(top).prefix(room) + footer).prefix(rows))
    }
}
