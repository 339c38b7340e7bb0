import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

#if canImport(Glibc)
    import Glibc
#endif

/// The `quests` command: a gamified daily quest tracker for the terminal.
public struct Quests: ParsableCommand {
    /// This build's version, printed by `--version` and written into backups.
    public static let version = "0.4.0"

    public static let configuration = CommandConfiguration(
        commandName: "quests",
        abstract: "A gamified daily quest tracker for the terminal.",
        discussion: """
            Set up recurring quests, complete them as the day goes by, earn Daily Dollars (DD). \
            With no subcommand, quests shows today's board.

            Examples:
              quests add "Morning run" --at 07:00 --days weekdays --reward 20
              quests                      # today's board
              quests done "morning"       # by the start of its title, or its number: done 1
              quests wallet
              quests shop add "Movie night" --price 150
            """,
        version: version,
        subcommands: [
            Board.self, Next.self, Add.self, List.self, Show.self, Edit.self, Archive.self, Unarchive.self, Delete.self,
            Complete.self, Undo.self, Streak.self, Achievements.self, Heatmap.self,
            Wallet.self, Ledger.self, Shop.self, Pack.self,
            Backup.self, Restore.self, Import.self, Config.self, Doctor.self,
            CalendarExport.self,
            Status.self, Remind.self, Sync.self,
            Log.self, Stats.self,
            Freeze.self, Skip.self, Unskip.self, Vacation.self,
            Focus.self, MonthGrid.self, Journal.self,
        ],
        defaultSubcommand: Board.self
    )

    public init() {}

    /// Runs the command line and exits: output on stdout, one `error:` line on stderr on failure.
    public static func main() {
        Glibc.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Parses and runs `arguments`, reporting any failure on stderr; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        Catalog.choose(LanguageChoice.code(configured: nil, environment: .process))
        do {
            if let shell = completionShellRequested(by: arguments) {
                print(CompletionScript.script(for: shell))
                return EXIT_SUCCESS
            }
            // Global options written before the subcommand (`quests --db x.sqlite add Read`) move after it,
            // where argument-parser expects them.
            let (leading, rest) = leadingGlobalOptions(of: arguments)
            let path = subcommandPrefix(of: rest)
            if let unknown = unknownSubcommand(in: rest, after: path) {
                return report(unknown.wording, status: ExitCode.validationFailure.rawValue)
            }
            // Help and the version ignore global options: left in, they would make argument-parser show the
            // default board's help for `quests --db x --help`.
            let options = path.isEmpty && ["-h", "--help", "help", "--version"].contains(rest.first) ? [] : leading
            var command = try parse(
                Array(rest.prefix(path.count)), Array(options + rest.dropFirst(path.count)), path: path)
            try command.run()
            return EXIT_SUCCESS
        } catch is AlreadyReported {
            return EXIT_FAILURE
        } catch let error where failureMessage(error) != nil {
            return report(failureMessage(error) ?? "")
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return EXIT_SUCCESS
            }
            if let misplaced = misplacedOption(in: arguments) {
                return report(misplaced, status: code.rawValue)
            }
            // The command as typed: `done`, not the `complete` it is an alias of.
            let typed = leadingGlobalOptions(of: arguments).rest
            let command = ["quests"] + typed.prefix(subcommandPrefix(of: typed).count)
            let said = UsageText.oneStatement(
                message(for: error).split(separator: "\n").first.map(String.init)
                    ?? Message.errorUsageInvalidArguments,
                error: error)
            let firstLine = Sanitized.cuttingQuotedInput(
                UsageText.dashHint(lowercasedFirst(said), arguments: arguments, command: command),
                arguments: arguments)
            let help = (command + ["--help"]).joined(separator: " ")
            return report(Message.errorUsageSeeHelp(problem: firstLine, help: help), status: code.rawValue)
        }
    }

    /// Parses the command the subcommand words `names` (the types `path`) name, with its own words `own`.
    /// argument-parser parses that one command alone (a nested one from its parent, which it may read):
    /// from the root it would first look at every command of the tree, a cost every command would pay for
    /// nothing, where the board and `status` have the least room in SPEC 11's budget. Help, the version and
    /// shell completion's callbacks, which need the tree, go from the root.
    private static func parse(_ names: [String], _ own: [String], path: [ParsableCommand.Type]) throws
        -> ParsableCommand
    {
        let needsTree =
            own.first == "help"
            || own.contains { ["-h", "--help", "--version", "---completion", "--experimental-dump-help"].contains($0) }
        let command: ParsableCommand.Type = path.last ?? Quests.self
        guard !needsTree, command.configuration.subcommands.isEmpty || command == Quests.self else {
            return try parseAsRoot(names + own)
        }
        if command == Quests.self { return try Board.parseAsRoot(own) }
        return path.count > 1
            ? try path[path.count - 2].parseAsRoot([names[names.count - 1]] + own) : try command.parseAsRoot(own)
    }

    /// Options every command takes (`GlobalOptions`), and `--json`, which most read commands take.
    static let globalOptions = ["--db", "--color", "--json"]

    /// Whether the global option `name` takes a value; nil when `name` is not a global option.
    static func globalOptionTakesValue(_ name: String) -> Bool? {
        switch name {
        case "--db", "--color": return true
        case "--json": return false
        default: return nil
        }
    }

    /// The global options at the start of `arguments`, and what follows them.
    static func leadingGlobalOptions(of arguments: [String]) -> (options: [String], rest: [String]) {
        var options: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            let name = String(first.prefix { $0 != "=" })
            guard let takesValue = globalOptionTakesValue(name) else { break }
            let count = takesValue && name == first ? 2 : 1
            options += rest.prefix(count)
            rest = rest.dropFirst(count)
        }
        return (options, Array(rest))
    }

    /// The subcommands named at the very start of `arguments`, outermost first.
    private static func subcommandPrefix(of arguments: [String]) -> [ParsableCommand.Type] {
        var command: ParsableCommand.Type = Quests.self
        var path: [ParsableCommand.Type] = []
        for argument in arguments {
            guard let match = subcommand(named: argument, of: command) else { break }
            path.append(match)
            command = match
        }
        return path
    }

    private static func subcommand(named name: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { $0.name == name || $0.configuration.aliases.contains(name) }
    }

    /// The shell of `--generate-completion-script [SHELL]`, when it names one; argument-parser reports the rest.
    private static func completionShellRequested(by arguments: [String]) -> CompletionShell? {
        let option = "--generate-completion-script"
        switch arguments.count {
        case 1 where arguments[0] == option: return CompletionShell.autodetected()
        case 1 where arguments[0].hasPrefix(option + "="):
            return CompletionShell(rawValue: String(arguments[0].dropFirst(option.count + 1)))
        case 2 where arguments[0] == option: return CompletionShell(rawValue: arguments[1])
        default: return nil
        }
    }

    /// An option written before the command it belongs to (`quests --date yesterday done drink`): what to
    /// say instead of argument-parser's "unexpected arguments"; nil when there is none.
    private static func misplacedOption(in arguments: [String]) -> String? {
        let rest = leadingGlobalOptions(of: arguments).rest
        guard let option = rest.first, option.hasPrefix("-"), !["-h", "--help", "--version"].contains(option),
            let index = rest.firstIndex(where: { subcommand(named: $0, of: Quests.self) != nil })
        else { return nil }
        let name = String(option.prefix { $0 != "=" })
        let moved = ["quests"] + rest[index...] + rest[..<index]
        return Message.errorUsageMisplacedOption(
            option: name, command: rest[index], corrected: moved.joined(separator: " "))
    }

    /// A default subcommand whose first argument is free text, not a subcommand's name.
    protocol TakesWords {}

    /// A word where a subcommand is expected that names none (`quests achievments`), with the closest
    /// names; `path` is the subcommands `arguments` start with.
    private static func unknownSubcommand(in arguments: [String], after path: [ParsableCommand.Type]) -> CommandFailure?
    {
        let command = path.last ?? Quests.self
        let subcommands = command.configuration.subcommands
        // A default subcommand that takes words of its own (`quests journal "A walk"`) takes any word.
        if command.configuration.defaultSubcommand is TakesWords.Type { return nil }
        guard !subcommands.isEmpty, let word = arguments.dropFirst(path.count).first,
            !word.hasPrefix("-"), word != "help"
        else { return nil }
        let names = subcommands.flatMap { [$0.name] + $0.configuration.aliases } + ["help"]
        let parent = (["quests"] + path.map { $0.name }).joined(separator: " ")
        if let suggestions = otherNames[parent]?[word.lowercased()] {
            return .unknownCommand(word, parent: parent, suggestions: suggestions)
        }
        return .unknownCommand(word, parent: parent, suggestions: Spelling.closest(to: word, among: names))
    }

    /// Words people try for a command under another name, by the command they are typed after: taking a
    /// quest away, taking a purchase back.
    private static let otherNames: [String: [String: [String]]] = [
        "quests": Dictionary(
            uniqueKeysWithValues: ["rm", "remove", "del", "erase", "drop"].map { ($0, ["delete", "archive"]) }),
        "quests shop": ["refund": ["undo"], "return": ["undo"]],
    ]

    /// The message of a failure of the domain, the store or the environment (`ErrorText`); nil for usage errors.
    static func failureMessage(_ error: Error) -> String? {
        (error as? UserFacingError)?.wording
    }

    private static func report(_ message: String, status: Int32 = EXIT_FAILURE) -> Int32 {
        reportFailure(message)
        return status
    }

    /// Prints `message` as an `error:` line on stderr.
    static func reportFailure(_ message: String) {
        Descriptor.writeError(Message.errorLine(message: Sanitized.line(message)) + "\n")
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }
}

extension ParsableCommand {
    /// The name the command is typed by (every quests command names itself in its configuration).
    static var name: String { configuration.commandName ?? "" }
}
