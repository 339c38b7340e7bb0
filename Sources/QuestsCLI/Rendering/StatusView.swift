import FoundationEssentials
import QuestsCore
import QuestsStore

/// The formats `quests status` prints, one per status bar.
enum StatusFormat: String, CaseIterable {
    case text, json, waybar, polybar, i3blocks, tmux, xbar
}

/// Today's board as a status bar shows it: one line (the template's, else `2/5 · next Read 21:00 ·
/// 340 DD`), plus what each bar reads besides (a tooltip, a class, a colour, a dropdown).
struct StatusView {
    let snapshot: BoardSnapshot
    let template: StatusTemplate?
    /// The command that completes a quest given its number (`quests --db STORE done`): xbar runs it when
    /// an open quest's line is clicked. Nil: no click actions.
    var completing: [String]? = nil

    /// Titles longer than this many cells are shortened with "…" on the line: a bar has little room.
    static let titleWidth = 32

    private var board: Board { snapshot.board }

    /// The output for `format`, ending with a newline.
    func render(_ format: StatusFormat) -> String {
        switch format {
        case .text:
            // The one format for people rather than bars: in their language, unless a template shapes it.
            return (template == nil ? wordedLine : line { $0 }) + "\n"
        case .tmux:
            // tmux reads `#[...]` and `#(...)` in a command's output.
            return line { $0.replacing("#", with: "##") } + "\n"
        case .polybar:
            // polybar reads `%{...}` tags (a click action among them); a zero-width space between `%` and `{`
            // shows the text as written.
            return line { $0.replacing("%{", with: "%\u{200B}{") } + "\n"
        case .i3blocks:
            return line { $0 } + "\n" + "\(board.completedCount)/\(board.countedCount)\n" + colour + "\n"
        case .xbar:
            // xbar reads what follows `|` on a line as parameters (a shell command among them).
            let plain: (String) -> String = { $0.replacing("|", with: "¦") }
            let dropdown = board.entries.map {
                plain(questLine($0)) + ($0.state == .available ? xbarClick(completing: $0.quest.number) : "")
            }
            return ([line(plain), "---"] + dropdown).joined(separator: "\n") + "\n"
        case .waybar:
            var json = JSONWriter(capacity: 512)
            json.beginObject()
            json.key("alt")
            json.string(statusClass)
            json.key("class")
            json.string(statusClass)
            json.key("percentage")
            json.int(board.countedCount == 0 ? 0 : board.completedCount * 100 / board.countedCount)
            json.key("text")
            json.string(line(Self.pangoEscaped))
            json.key("tooltip")
            json.string(Self.pangoEscaped(tooltip))
            json.endObject()
            json.finish()
            return String(decoding: json.bytes, as: UTF8.self)
        case .json:
            var json = JSONWriter(capacity: 512)
            json.beginObject()
            json.key("available")
            json.int(board.entries(in: .available).count)
            json.key("balance")
            json.int(snapshot.balance)
            json.key("class")
            json.string(statusClass)
            json.key("date")
            json.day(board.day)
            json.key("done")
            json.int(board.completedCount)
            json.key("next")
            if let next = board.next {
                json.beginObject()
                // A counted quest's day total, target and unit (SPEC 18), as on the board; null for a yes/no quest.
                json.key("amount")
                if let amount = next.amount { json.amount(amount) } else { json.null() }
                json.key("id")
                json.int(next.quest.number)
                json.key("reward")
                json.int(next.reward)
                json.key("state")
                json.string(next.state.rawValue)
                json.key("target")
                if let target = next.schedule.measure?.target { json.amount(target) } else { json.null() }
                json.key("time")
                if let time = next.schedule.time { json.string(time.description) } else { json.null() }
                json.key("title")
                json.string(next.quest.title)
                json.key("unit")
                if let unit = next.schedule.measure?.unit { json.string(unit) } else { json.null() }
                json.endObject()
            } else {
                json.null()
            }
            json.key("streak")
            json.int(snapshot.streak)
            json.key("text")
            json.string(line { $0 })
            json.key("total")
            json.int(board.countedCount)
            json.key("upcoming")
            json.int(board.entries(in: .upcoming).count)
            json.endObject()
            json.finish()
            return String(decoding: json.bytes, as: UTF8.self)
        }
    }

    /// What a bar styles on: `all-done` (every quest of the day done), `open` (a quest is Available now) or
    /// `idle` (nothing to do now: nothing scheduled, or only quests still Upcoming).
    var statusClass: String {
        if board.isCleared { return "all-done" }
        return board.entries.contains { $0.state == .available } ? "open" : "idle"
    }

    /// i3blocks' colour line for the class.
    private var colour: String {
        switch statusClass {
        case "all-done": return "#8AE234"
        case "open": return "#FCE94F"
        default: return "#BABDB6"
        }
    }

    /// The `text` format's line in the chosen language: `2/5 · next Read 21:00 · 340 DD`.
    var wordedLine: String {
        let balance = Format.balance(snapshot.balance)
        guard !board.entries.isEmpty else { return Message.statusNothingToday(balance: balance) }
        let (done, total) = (board.completedCount, board.countedCount)
        guard let next = board.next else { return Message.statusAllDone(done: done, total: total, balance: balance) }
        let title = value(.next)
        guard let time = next.schedule.time else {
            return Message.statusNext(done: done, total: total, title: title, balance: balance)
        }
        return Message.statusNextAt(done: done, total: total, title: title, time: time.description, balance: balance)
    }

    /// The line, with text that comes from the store (titles) passed through `escape` for the bar: in
    /// English whatever the language, as every bar format is (machine output).
    func line(_ escape: (String) -> String) -> String {
        func values(_ key: StatusTemplate.Key) -> String { escape(value(key)) }
        if let template { return template.render(values) }
        let balance = snapshot.balance < 0 ? "debt \(-snapshot.balance) DD" : "\(snapshot.balance) DD"
        guard !board.entries.isEmpty else { return "nothing today · \(balance)" }
        let progress = values(.done) + "/" + values(.total)
        guard let next = board.next else { return "\(progress) done · \(balance)" }
        return "\(progress) · next \(values(.next))\(next.schedule.time.map { " \($0)" } ?? "") · \(balance)"
    }

    /// The value of one placeholder; `next` and `next_time` are empty when every quest is done.
    func value(_ key: StatusTemplate.Key) -> String {
        switch key {
        case .done: return String(board.completedCount)
        case .total: return String(board.countedCount)
        case .available: return String(board.entries(in: .available).count)
        case .upcoming: return String(board.entries(in: .upcoming).count)
        case .next:
            return board.next.map { DisplayWidth.truncate(Sanitized.line($0.quest.title), to: Self.titleWidth) } ?? ""
        case .nextTime: return board.next?.schedule.time?.description ?? ""
        case .amount: return board.next.flatMap(Self.progress) ?? ""
        case .balance: return String(snapshot.balance)
        case .streak: return String(snapshot.streak)
        case .goal:
            return snapshot.focus.goal.map { DisplayWidth.truncate(Sanitized.line($0.title), to: Self.titleWidth) }
                ?? ""
        case .focus:
            return snapshot.focus.entries.isEmpty ? "" : "\(snapshot.focus.doneCount)/\(snapshot.focus.entries.count)"
        }
    }

    /// The open quests, one a line, or what the day looks like when none is open (English: a bar's).
    private var tooltip: String {
        let open = board.entries.filter { $0.state == .available || $0.state == .upcoming }
        if !open.isEmpty { return open.map(questLine).joined(separator: "\n") }
        if board.entries.isEmpty { return "Nothing scheduled today" }
        if board.completedCount == 0 { return "Nothing due today" }
        return board.completedCount == 1 ? "The only quest is done" : "All \(board.completedCount) quests done"
    }

    /// Where a counted or limit quest's day stands, in English with `.` for decimals as a bar's text is:
    /// `2.5/8 glasses`, `1 of at most 2 cups`; nil for a yes/no quest.
    static func progress(_ entry: Board.Entry) -> String? {
        guard let total = entry.amount, let measure = entry.schedule.measure else { return nil }
        let limit = measure.amount.text() + (measure.unit.isEmpty ? "" : " " + Sanitized.line(measure.unit))
        switch measure.kind {
        case .target: return total.text() + "/" + limit
        case .atMost: return total.text() + " of at most " + limit
        }
    }

    /// `Read · 07:00 · +10 DD`, `Walk · opens 21:00 · +10 DD`, `✓ Run · +20 DD`, `Water · 3/8 glasses · +10 DD`.
    private func questLine(_ entry: Board.Entry) -> String {
        let title = Sanitized.line(entry.quest.title)
        let reward = (entry.reward >= 0 ? "+" : "-") + "\(abs(entry.reward)) DD"
        switch entry.state {
        case .completed: return "✓ \(title) · \(reward)"
        case .upcoming: return "\(title) · opens \(entry.schedule.time?.description ?? "any time") · \(reward)"
        case .skipped: return "– \(title) · skipped"
        case .over: return "✗ \(title) · over"
        case .available, .missed:
            return
                ([title] + (entry.schedule.time.map { [$0.description] } ?? [])
                + (Self.progress(entry).map { [$0] } ?? [])
                + [reward]).joined(separator: " · ")
        }
    }

    /// xbar's parameters that run `completing` for quest `number` on a click, then refresh the plugin:
    /// ` | bash=/usr/bin/quests param1=--db … param4=3 terminal=false refresh=true`; empty without a
    /// command, or when a word cannot be written as an xbar value.
    private func xbarClick(completing number: Int) -> String {
        guard let completing, !completing.isEmpty else { return "" }
        let words = completing + [String(number)]
        let values = words.compactMap(Self.xbarValue)
        guard values.count == words.count else { return "" }
        let parameters = values.dropFirst().enumerated().map { " param\($0.offset + 1)=\($0.element)" }.joined()
        return " | bash=" + values[0] + parameters + " terminal=false refresh=true"
    }

    /// `word` as an xbar parameter value, which ends at a space unless it is quoted; xbar has no escapes, so
    /// a word holding both kinds of quote cannot be written (nil).
    static func xbarValue(_ word: String) -> String? {
        if !word.isEmpty, !word.contains(where: { " \"'|".contains($0) }) { return word }
        if !word.contains("\"") { return "\"" + word + "\"" }
        if !word.contains("'") { return "'" + word + "'" }
        return nil
    }

    /// `text` with the characters Pango markup reads (waybar's text and tooltip) written as entities.
    private static func pangoEscaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}
