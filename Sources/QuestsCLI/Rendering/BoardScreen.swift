/// The interactive board's screen: the board, scrolled to keep the selected quest in view, then the last
/// message and the keys, in at most `rows` lines, each cut to the board's width.
struct BoardScreen {
    let board: BoardView
    /// What the last key did: a completion, an undo, an error, or the keys' help.
    let message: [String]
    let rows: Int

    static var keys: String { Message.boardKeys }

    /// Every key, as `?` lists them: the keys in a column of 13 cells, then what they do.
    static var help: [String] {
        [
            ("↑ ↓ j k", Message.boardKeyMove), ("space enter", Message.boardKeyComplete),
            ("+", Message.boardKeyAddOne), ("e", Message.boardKeyEarly), ("s", Message.boardKeySkip),
            ("u", Message.boardKeyUndo),
            ("?", Message.boardKeyHelp), ("q Esc", Message.boardKeyQuit),
        ].map { DisplayWidth.pad($0.0, 13) + $0.1 }
    }

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
