/// `quests complete|done|undo QUEST` with only `--date DAY`, `--early` (not for undo), `--db PATH` and
/// `--color WHEN`, in any order, each at most once with a plain value, global options also before the
/// subcommand: read without argument-parser, whose start-up costs more than the completion itself. Anything
/// else (`--help`, `--`, an unknown option, a missing or repeated value) is left to argument-parser, so
/// both paths print the same output and errors.
struct PlainCompletion {
    let undo: Bool
    let quest: String
    let date: String?
    let early: Bool
    let db: String?
    let color: ColorChoice

    /// The plain completion `arguments` spell; nil for anything else.
    init?(_ arguments: [String]) {
        let (leading, rest) = Quests.leadingGlobalOptions(of: arguments)
        switch rest.first {
        case "complete", "done": undo = false
        case "undo": undo = true
        default: return nil
        }
        var quest, date, db: String?
        var color: ColorChoice?
        var early = false
        var words = (leading + rest.dropFirst())[...]
        while let word = words.popFirst() {
            if !word.hasPrefix("-") {
                // "help" is left to argument-parser, which may read it as a request for help.
                guard quest == nil, !word.isEmpty, word != "help" else { return nil }
                quest = word
                continue
            }
            if word == "--early", !undo, !early {
                early = true
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let value = parts.count == 2 ? String(parts[1]) : words.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch parts[0] {
            case "--date" where date == nil: date = value
            case "--db" where db == nil: db = value
            case "--color" where color == nil:
                guard let choice = ColorChoice(rawValue: value) else { return nil }
                color = choice
            default: return nil
            }
        }
        guard let quest else { return nil }
        (self.quest, self.date, self.early, self.db, self.color) = (quest, date, early, db, color ?? .auto)
    }

    /// Runs the command, as `Quests.Complete` or `Quests.Undo` does.
    func run() throws {
        if undo {
            try Quests.Undo.undo(quest, on: date, db: db, color: color)
        } else {
            try Quests.Complete.complete(quest, on: date, early: early, db: db, color: color)
        }
    }
}
