import FoundationEssentials
import QuestsCore
import QuestsStore

/// `quests board --interactive`: today's board on the whole terminal, worked with the keys and kept
/// current as time passes, on the same store calls as `board`, `complete` and `undo`.
struct InteractiveBoard {
    let context: CommandContext
    /// What the cursor is on: a focus task (they come first, as on the board) or a quest.
    enum Selection: Equatable {
        case task(UUID)
        case quest(Int)
    }
    /// What is under the cursor.
    private var selection: Selection?
    /// The number of the quest under the cursor, if a quest is.
    private var selected: Int? {
        if case .quest(let number) = selection { number } else { nil }
    }
    /// What the last completion or undo said, or its error.
    private var message: [String] = []
    /// What the last completion or skip acted on, while the cursor has not been moved by hand since: `u`
    /// takes that back, wherever the cursor moved on to by itself.
    private var lastDone: Selection?

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
            var selectedTask: UUID?
            if case .task(let id) = selection { selectedTask = id }
            let board = BoardView(
                snapshot: snapshot, style: context.style, width: size.columns, selected: selected,
                selectedTask: selectedTask)
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

    /// Today's board now, with the cursor kept on a task or quest it shows (the first quest at first).
    private mutating func snapshot() throws -> BoardSnapshot {
        let snapshot = try QuestBoard(context.store).board(now: context.clock.now())
        let order = Self.order(snapshot)
        if !order.contains(where: { $0 == selection }) {
            // The In Focus task first, as `next` shows it, else the first quest.
            selection =
                snapshot.focus.inFocus.map { .task($0.id) } ?? snapshot.board.entries.first.map {
                    .quest($0.quest.number)
                } ?? order.first
        }
        return snapshot
    }

    /// What the cursor moves through, top to bottom: the focus tasks, then the quests in the board's order.
    private static func order(_ snapshot: BoardSnapshot) -> [Selection] {
        let board = snapshot.board
        return snapshot.focus.entries.map { .task($0.task.id) }
            + [QuestState.available, .missed, .over, .upcoming, .completed, .skipped].flatMap { board.places(in: $0) }
            .map { .quest(board.entries[$0].quest.number) }
    }

    /// What a focus command on the selected task, named by its place on today's list (as `quests focus
    /// done 2` names it), says; a refusal is an error line.
    private func focusOutcome(_ action: (ItemReference) throws -> FocusOutcome) throws -> [String] {
        guard case .task(let id) = selection,
            let position = try FocusPlanner(context.store).focus(now: context.clock.now()).focus.entries.first(where: {
                $0.task.id == id
            })?.position
        else { return [] }
        do {
            return Quests.Focus.said(try action(ItemReference(number: position)), context: context)
        } catch {
            guard let text = Quests.failureMessage(error) else { throw error }
            return [context.style.red(Message.interactiveError) + Sanitized.line(text)]
        }
    }

    /// Acts on `key`; false when it quits.
    private mutating func press(_ key: Key) throws -> Bool {
        let showingHelp = message == BoardScreen.help
        message = []
        switch key {
        case .quit:
            return false
        case .help:
            message = showingHelp ? [] : BoardScreen.help
        case .up, .down:
            lastDone = nil
            let order = Self.order(try snapshot())
            if let index = order.firstIndex(where: { $0 == selection }) {
                selection = order[key == .up ? max(index - 1, 0) : min(index + 1, order.count - 1)]
            }
        case .undo:
            // Back onto what was just done, to take it back.
            if let lastDone { selection = lastDone }
            lastDone = nil
            fallthrough
        case .complete, .completeEarly, .skip, .addOne:
            if case .task = selection { message = try pressOnTask(key) } else { try pressOnQuest(key) }
        }
        return true
    }

    /// Acts on `key` with a focus task selected: complete or undo it; a task is not skipped (dropping it
    /// is `quests focus drop`).
    private mutating func pressOnTask(_ key: Key) throws -> [String] {
        let (store, now) = (context.store, context.clock.now())
        switch key {
        case .complete, .completeEarly:
            let done = selection
            let lines = try focusOutcome { try FocusPlanner(store).completeTask($0, now: now) }
            let after = try snapshot().focus
            if after.entries.contains(where: { Selection.task($0.task.id) == done && $0.task.state == .done }) {
                lastDone = done
            }
            // Done with it: on to the task now In Focus, if any.
            if let next = after.inFocus { selection = .task(next.id) }
            return lines
        case .undo:
            return try focusOutcome { try FocusPlanner(store).undoTask($0, now: now) }
        case .addOne:
            return [context.style.red(Message.interactiveError) + Message.interactiveTaskNoAmount]
        default:
            return [
                context.style.red(Message.interactiveError)
                    + Message.interactiveTaskNotSkipped
            ]
        }
    }

    /// Acts on `key` with a quest selected.
    private mutating func pressOnQuest(_ key: Key) throws {
        let (store, now, style) = (context.store, context.clock.now(), context.style)
        switch key {
        case .complete, .completeEarly:
            let early = key == .completeEarly
            // A counted or limit quest adds one to its day.
            let measured = try snapshot().board.entries.first { $0.quest.number == selected }?.amount != nil
            message = try movingOn { number in
                measured
                    ? OutcomeView.lines(
                        for: try Measuring(store).record(
                            .add(.one), for: ItemReference(number: number), early: early, now: now),
                        style: style)
                    : OutcomeView.lines(
                        for: try Completing(store).complete(ItemReference(number: number), early: early, now: now),
                        style: style)
            }
        case .addOne:
            // One more for a counted or limit quest; a yes/no quest refuses it with the error `done` gives.
            message = try movingOn { number in
                OutcomeView.lines(
                    for: try Measuring(store).record(.add(.one), for: ItemReference(number: number), now: now),
                    style: style)
            }
        case .skip:
            message = try movingOn { number in
                [
                    OutcomeView.line(
                        for: try Forgiveness(store).skip(ItemReference(number: number), now: now), skipping: true,
                        style: style)
                ]
            }
        case .undo:
            let entry = try snapshot().board.entries.first { $0.quest.number == selected }
            let skipped = entry?.state == .skipped
            message = try outcome { number in
                let reference = ItemReference(number: number)
                if entry?.amount != nil, !skipped {
                    return [OutcomeView.line(for: try Measuring(store).undo(reference, now: now), style: style)]
                }
                return skipped
                    ? [
                        OutcomeView.line(
                            for: try Forgiveness(store).unskip(reference, now: now), skipping: false, style: style)
                    ]
                    : [OutcomeView.line(for: try Completing(store).undo(reference, now: now), style: style)]
            }
        default:
            break
        }
    }

    /// What `action` on the selected quest says; once it is done with (completed or skipped), the cursor
    /// moves on to the next quest still open below it, else the first open one, rather than follow it down.
    /// What it did is what `u` takes back next, even with the cursor left on it (an amount added to a
    /// counted quest still short of its target).
    private mutating func movingOn(_ action: (Int) throws -> [String]) throws -> [String] {
        let before = try snapshot().board.entries
        var acted = false
        let lines = try outcome { number in
            let lines = try action(number)
            acted = true
            return lines
        }
        if acted { lastDone = selection }
        let open = Set(try snapshot().board.entries.filter { Self.isOpen($0.state) }.map(\.quest.number))
        guard !open.contains(where: { $0 == selected }) else { return lines }
        lastDone = selection
        let below = before.drop { $0.quest.number != selected }.dropFirst().map(\.quest.number)
        let next = below.first { open.contains($0) } ?? before.map(\.quest.number).first { open.contains($0) }
        if let next { selection = .quest(next) }
        return lines
    }

    /// Whether a quest in `state` is still to be done today.
    private static func isOpen(_ state: QuestState) -> Bool {
        state == .available || state == .upcoming || state == .missed
    }

    /// What `action` on the selected quest says; a refusal (the quest opens later, there is nothing to
    /// undo) is an error line instead of the end of the board.
    private func outcome(_ action: (Int) throws -> [String]) throws -> [String] {
        guard let selected else { return [] }
        do {
            return try action(selected)
        } catch QuestsError.notYetOpen(let quest, let opensAt) {
            // The key that completes it early, not the command line's --early.
            let text = Message.interactiveNotYetOpen(quest: UserText.quoted(quest), time: opensAt.description)
            return [context.style.red(Message.interactiveError) + Sanitized.line(text)]
        } catch {
            guard let text = Quests.failureMessage(error) else { throw error }
            return [context.style.red(Message.interactiveError) + Sanitized.line(text)]
        }
    }

    /// Milliseconds until the board changes by itself (a quest opens, the day changes); at most a minute,
    /// so that a system clock set anew or another process's changes show within one.
    private func timeout(until snapshot: BoardSnapshot) -> Int32 {
        let now = context.clock.now()
        let rule = DayRule(zone: now.zone, settings: snapshot.settings)
        let milliseconds =
            (snapshot.board.nextChange(after: snapshot.now, rule: rule).timeIntervalSince(now.instant) * 1000).rounded(
                .up)
        return Int32(min(max(milliseconds, 0), 60_000))
    }
}
