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
        var quest: String?
        var date: String?
        var early = false
        let undo = undo
        guard
            let global = PlainGlobalOptions(
                reading: leading + rest.dropFirst(),
                flag: { word in
                    guard word == "--early", !undo, !early else { return false }
                    early = true
                    return true
                },
                option: { name, value in
                    guard name == "--date", date == nil else { return false }
                    date = value
                    return true
                },
                argument: { word in
                    // "help" is left to argument-parser, which may read it as a request for help.
                    guard quest == nil, !word.isEmpty, word != "help" else { return false }
                    quest = word
                    return true
                }), let quest
        else { return nil }
        (self.quest, self.date, self.early, self.db, self.color) = (quest, date, early, global.db, global.color)
    }

    /// Runs the command, as `Quests.Complete` or `Quests.Undo` does.
    func run() throws {
        if undo {
            try Quests.Undo.undo(quest, on: date, db: db, color: color)
        } else {
            try Quests.Complete.complete([quest], on: date, early: early, db: db, color: color)
        }
    }
}

/// `quests streak|heatmap|achievements|log|stats|show|focus|month` followed only by `--json`, `--db PATH`,
/// `--color WHEN`, `--month M` (log and stats), the quest (show, required) and the month (month, optional),
/// each at most once with a plain value: run
/// without argument-parser, whose start-up costs about as much as the report itself. Anything else (global
/// options before the subcommand among it) is left to argument-parser.
struct PlainReport {
    let command: String
    let json: Bool
    let month: String?
    /// The quest (show) or the month (month).
    let argument: String?
    let db: String?
    let color: ColorChoice

    /// The plain report `arguments` ask for; nil for anything else.
    init?(_ arguments: [String]) {
        guard let command = arguments.first,
            ["streak", "heatmap", "achievements", "log", "stats", "show", "focus", "month"].contains(command)
        else { return nil }
        var json = false
        var month: String?
        var argument: String?
        guard
            let global = PlainGlobalOptions(
                reading: arguments.dropFirst(),
                flag: { word in
                    guard word == "--json", !json else { return false }
                    json = true
                    return true
                },
                option: { name, value in
                    guard name == "--month", month == nil, command == "log" || command == "stats" else { return false }
                    month = value
                    return true
                },
                argument: { word in
                    // "help" is left to argument-parser, which may read it as a request for help.
                    guard command == "show" || command == "month", argument == nil, !word.isEmpty, word != "help" else {
                        return false
                    }
                    argument = word
                    return true
                }), command != "show" || argument != nil
        else { return nil }
        (self.command, self.json, self.month, self.argument, self.db, self.color) = (
            command, json, month, argument, global.db, global.color
        )
    }

    /// Runs the report, as its command does.
    func run() throws {
        let context = try CommandContext(db: db, color: color)
        switch command {
        case "streak": try Quests.Streak.show(json: json, context: context)
        case "heatmap": try Quests.Heatmap.show(days: Quests.Heatmap.defaultDays, json: json, context: context)
        case "log": try Quests.Log.show(month: month, json: json, context: context)
        case "stats": try Quests.Stats.show(month: month, json: json, context: context)
        case "show": try Quests.Show.show(argument ?? "", json: json, context: context)
        case "focus": try Quests.Focus.Show.show(.today, json: json, context: context)
        case "month": try Quests.MonthGrid.show(argument, json: json, context: context)
        default: try Quests.Achievements.show(json: json, context: context)
        }
    }
}

/// The global options of a plain command line (`--db PATH` and `--color WHEN`, each at most once with a
/// plain value), read in one loop with the command's own words, which `PlainCompletion` and `PlainReport`
/// take: `flag` a word that takes no value, `option` an option's name and its value, `argument` a word
/// that is not an option, each answering whether it takes it. Nil when a word is taken by none.
struct PlainGlobalOptions {
    var db: String?
    var color = ColorChoice.auto

    init?(
        reading arguments: some Collection<String>, flag: (String) -> Bool, option: (Substring, String) -> Bool,
        argument: (String) -> Bool
    ) {
        var words = ArraySlice(arguments)
        var color: ColorChoice?
        while let word = words.popFirst() {
            if !word.hasPrefix("-") {
                guard argument(word) else { return nil }
                continue
            }
            if flag(word) { continue }
            guard let (name, value) = plainOption(word, &words) else { return nil }
            switch name {
            case "--db" where db == nil: db = value
            case "--color" where color == nil:
                guard let choice = ColorChoice(rawValue: value) else { return nil }
                color = choice
            case "--db", "--color": return nil
            default: guard option(name, value) else { return nil }
            }
        }
        self.color = color ?? .auto
    }
}

/// `quests sync [DIR]` followed only by the global options: run without argument-parser, whose start-up
/// costs several times what a sync with nothing new does (a timer may run it every few minutes). Anything
/// else is left to argument-parser.
struct PlainSync {
    let folder: String?
    let db: String?
    let color: ColorChoice

    /// The plain sync `arguments` ask for; nil for anything else.
    init?(_ arguments: [String]) {
        guard arguments.first == "sync" else { return nil }
        var folder: String?
        guard
            let global = PlainGlobalOptions(
                reading: arguments.dropFirst(), flag: { _ in false }, option: { _, _ in false },
                argument: { word in
                    // "help" is left to argument-parser, which may read it as a request for help.
                    guard folder == nil, !word.isEmpty, word != "help" else { return false }
                    folder = word
                    return true
                })
        else { return nil }
        (self.folder, self.db, self.color) = (folder, global.db, global.color)
    }

    /// Runs the sync, as `Quests.Sync` does.
    func run() throws {
        try Quests.Sync.sync(folder, context: CommandContext(db: db, color: color))
    }
}

/// The option `word` (`--name value`, the value taken from `rest`, or `--name=value`) when its value is
/// plain: not empty, not itself an option.
private func plainOption(_ word: String, _ rest: inout ArraySlice<String>) -> (name: Substring, value: String)? {
    let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard let value = parts.count == 2 ? String(parts[1]) : rest.popFirst(), !value.isEmpty, !value.hasPrefix("-")
    else { return nil }
    return (parts[0], value)
}
