/// argument-parser's usage errors, reworded where they do not point at the fix.
enum UsageText {
    /// argument-parser's "The value 'X' is invalid for '--opt <V>': why" as one statement, when the why is
    /// quests' own (`invalid time "25:00" for --at: use HH:MM …`); anything else as it is.
    static func oneStatement(_ line: String) -> String {
        let lead = "The value '"
        guard line.hasPrefix(lead), let forOption = line.range(of: "' is invalid for '"),
            let end = line.range(of: "': ", range: forOption.upperBound..<line.endIndex)
        else { return line }
        let option = line[forOption.upperBound..<end.lowerBound].prefix { $0 != " " }
        let why = line[end.upperBound...]
        guard why.hasPrefix("invalid ") else { return line }
        guard let colon = why.range(of: ": ") else { return why + " (\(option))" }
        return why[..<colon.lowerBound] + " for \(option)" + why[colon.lowerBound...]
    }

    /// For a missing argument or an unknown option where a word starting with "-" was given (`add "-5"`):
    /// how to pass such a word; otherwise nothing.
    static func dashHint(_ line: String, arguments: [String], command: [String]) -> String {
        let lowered = line.lowercased()
        guard lowered.hasPrefix("missing expected argument") || lowered.hasPrefix("unknown option"),
            let word = arguments.first(where: { $0.count > 1 && $0.hasPrefix("-") && !$0.hasPrefix("--") && $0 != "-h" }
            )
        else { return "" }
        return "; to give \(word) as a value, put -- before it (\((command + ["--", word]).joined(separator: " ")))"
    }
}
