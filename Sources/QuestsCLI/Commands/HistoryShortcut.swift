/// `quests log`, `quests stats` (each with `--month M` or not) and `quests show QUEST`, run without
/// argument-parser when given exactly so: on a ten-year store parsing costs as much as the command itself
/// (it reflects over the command tree at start-up). Any other form goes through the parser as usual.
enum HistoryShortcut {
    /// Runs `arguments` when they have one of the plain forms; false when they do not.
    static func run(_ arguments: [String]) throws -> Bool {
        switch arguments.count {
        case 1 where arguments[0] == "log":
            try Quests.Log.show(month: nil, json: false, context: CommandContext(db: nil, color: .auto))
        case 1 where arguments[0] == "stats":
            try Quests.Stats.show(month: nil, json: false, context: CommandContext(db: nil, color: .auto))
        case 2 where arguments[0] == "show" && !arguments[1].hasPrefix("-"):
            try Quests.Show.show(arguments[1], json: false, context: CommandContext(db: nil, color: .auto))
        case 3 where arguments[0] == "log" && arguments[1] == "--month" && !arguments[2].hasPrefix("-"):
            try Quests.Log.show(month: arguments[2], json: false, context: CommandContext(db: nil, color: .auto))
        case 3 where arguments[0] == "stats" && arguments[1] == "--month" && !arguments[2].hasPrefix("-"):
            try Quests.Stats.show(month: arguments[2], json: false, context: CommandContext(db: nil, color: .auto))
        default:
            return false
        }
        return true
    }
}
