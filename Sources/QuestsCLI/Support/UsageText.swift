import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// argument-parser's usage errors, reworded where they do not point at the fix.
enum UsageText {
    /// argument-parser's "The value 'X' is invalid for '--opt <V>': why" as one statement, when the why is
    /// quests' own (`invalid time "25:00" for --at: use HH:MM …`); anything else as it is. `error` is what
    /// argument-parser threw, which holds quests' own error.
    static func oneStatement(_ line: String, error: Error) -> String {
        let lead = "The value '"
        guard line.hasPrefix(lead), let forOption = line.firstRange(of: "' is invalid for '"),
            let end = line[forOption.upperBound...].firstRange(of: "': "),
            let refusal = questsError(in: error)
        else { return line }
        let option = line[forOption.upperBound..<end.lowerBound].prefix { $0 != " " }
        return refusal.wording(option: String(option)) ?? line
    }

    /// The `QuestsError` an option's transform threw, found inside argument-parser's error (whose types are
    /// its own): it keeps the error it was given.
    static func questsError(in error: Any, depth: Int = 0) -> QuestsError? {
        if let error = error as? QuestsError { return error }
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let found = questsError(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// For a missing argument or an unknown option where a word starting with "-" was given (`add "-5"`):
    /// `line` with how to pass such a word; otherwise `line` as it is.
    static func dashHint(_ line: String, arguments: [String], command: [String]) -> String {
        let lowered = line.lowercased()
        guard lowered.hasPrefix("missing expected argument") || lowered.hasPrefix("unknown option"),
            let word = arguments.first(where: { $0.count > 1 && $0.hasPrefix("-") && !$0.hasPrefix("--") && $0 != "-h" }
            )
        else { return line }
        let example = (command + ["--", word]).joined(separator: " ")
        return Message.errorUsageDashHint(problem: line, word: word, example: example)
    }
}
