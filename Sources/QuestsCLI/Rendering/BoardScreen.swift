/// The interactive board's screen: the board, scrolled to keep the selected quest in view, then the last
/// message and the keys, in at most `rows` lines, each cut to the board's width.
struct BoardScreen {
    let board: BoardView
    /// What the last key did: a completion, an undo, an error, or the keys' help.
    let message: [String]
    let rows: Int

    static let keys = "↑↓ move · space done · u undo · ? keys · q quit"

    /// Every key, as `?` lists them.
    static let help = [
        "↑ ↓ j k      move between focus tasks and quests",
        "space enter  complete the selected task or quest",
        "e            complete it now, before its time (early)",
        "s            skip it today",
        "u            undo today's completion or skip",
        "?            show or hide these keys",
        "q Esc        quit",
    ]

    func lines() -> [String] {
        let (lines, selectedLine) = board.layout()
        let footer = ([""] + message + [board.style.dim(Self.keys)]).map {
            DisplayWidth.truncateStyled($0, to: board.width)
        }
        let room = max(rows - footer.count, 1)
        let top = max(0, (selectedLine ?? 0) + 1 - room)
        return Array((lines.dropFirst(top).prefix(room) + footer).prefix(rows))
    }
}
