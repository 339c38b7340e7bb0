import Foundation
import QuestsCore
import QuestsStore

/// `quests board --interactive`: today's board on the whole terminal, worked with the keys and kept
/// current as time passes, on the same store calls as `board`, `complete` and `undo`.
struct InteractiveBoard {
    let context: CommandContext
    /// The number of the quest under the cursor.
    private var selected: Int?
    /// What the last completion or undo said, or its error.
    private var message: [String] = []

    init(context: CommandContext) {
        self.context = context
    }

    /// Shows the board until q or Esc; the terminal is put back however this ends.
    mutating func run() throws {
        let terminal = try FullScreenTerminal()
        defer { terminal.leave() }
        while true {
            let snapshot = try snapshot()
            let size = Terminal.windowSize() ?? (columns: 80, rows: 24)
            let board = BoardView(snapshot: snapshot, style: context.style, width: size.columns, selected: selected)
            terminal.draw(BoardScreen(board: board, message: message, rows: size.rows).lines())
            switch terminal.next(timeout: timeout(until: snapshot)) {
            case .redraw:
                continue
            case .closed:
                return
            case .keys(let keys):
                for key in keys {
                    guard try press(key) else { return }
                }
            }
        }
    }

    /// Today's board now, with the cursor kept on a quest it shows.
    private mutating func snapshot() throws -> BoardSnapshot {
        let snapshot = try context.store.board(now: context.clock.now())
        let numbers = snapshot.board.entries.map(\.quest.number)
        if !numbers.contains(where: { $0 == selected }) {
            selected = numbers.first
        }
        return snapshot
    }

    /// Acts on `key`; false when it quits.
    private mutating func press(_ key: Key) throws -> Bool {
        message = []
        switch key {
        case .quit:
            return false
        case .up, .down:
            let numbers = try snapshot().board.entries.map(\.quest.number)
            if let index = numbers.firstIndex(where: { $0 == selected }) {
                selected = numbers[key == .up ? max(index - 1, 0) : min(index + 1, numbers.count - 1)]
            }
        case .complete:
            message = try outcome { number in OutcomeView.lines(for: try context.store.complete(ItemReference(number: number), now: context.clock.now()), style: context.style) }
        case .undo:
            message = try outcome { number in [OutcomeView.line(for: try context.store.undo(ItemReference(number: number), now: context.clock.now()), style: context.style)] }
        }
        return true
    }

    /// What `action` on the selected quest says; a refusal (the quest opens later, there is nothing to
    /// undo) is an error line instead of the end of the board.
    private func outcome(_ action: (Int) throws -> [String]) throws -> [String] {
        guard let selected else { return [] }
        do {
            return try action(selected)
        } catch {
            guard let text = Quests.failureMessage(error) else { throw error }
            return [context.style.red("error: ") + Sanitized.line(text)]
        }
    }

    /// Milliseconds until the board changes by itself (a quest opens, the day changes); at most a minute,
    /// so that a system clock set anew or another process's changes show within one.
    private func timeout(until snapshot: BoardSnapshot) -> Int32 {
        let now = context.clock.now()
        let rule = DayRule(zone: now.zone, settings: snapshot.settings)
        let milliseconds = (snapshot.board.nextChange(after: snapshot.now, rule: rule).timeIntervalSince(now.instant) * 1000).rounded(.up)
        return Int32(min(max(milliseconds, 0), 60_000))
    }
}
