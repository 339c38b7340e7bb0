import ArgumentParser
import Foundation
import QuestsCore
import QuestsStore

/// The `quests` command: a gamified daily quest tracker for the terminal.
public struct Quests: ParsableCommand {
    /// This build's version, printed by `--version` and written into backups.
    public static let version = "0.3.0"

    public static let configuration = CommandConfiguration(
        commandName: "quests",
        abstract: "A gamified daily quest tracker for the terminal.",
        discussion: """
            Set up recurring quests, complete them as the day goes by, earn Daily Dollars (DD). \
            With no subcommand, quests shows today's board.

            Examples:
              quests add "Morning run" --at 07:00 --days weekdays --reward 20
              quests                      # today's board
              quests done "morning"       # complete by title prefix, or by number: quests done 1
              quests wallet
              quests shop add "Movie night" --price 150
            """,
        version: version,
        subcommands: [
            Board.self, Next.self, Add.self, List.self, Show.self, Edit.self, Archive.self, Unarchive.self,
            Complete.self, Undo.self, Streak.self, Achievements.self, Heatmap.self,
            Wallet.self, Ledger.self, Shop.self, Pack.self,
            Backup.self, Restore.self, Import.self, Config.self, Doctor.self,
            CalendarExport.self,
        ],
        defaultSubcommand: Board.self
    )

    public init() {}

    /// Runs the command line and exits: output on stdout, one `error:` line on stderr on failure.
    public static func main() {
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Parses and runs `arguments`, reporting any failure on stderr; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            if arguments.isEmpty || arguments == ["board"] {
                // The plain board is what people run most. It needs no parsing, which would cost about as
                // much as drawing the board: argument-parser reflects over the command tree at start-up.
                try Board.show(date: nil, json: false, context: CommandContext(db: nil, color: .auto))
                return EXIT_SUCCESS
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            return EXIT_SUCCESS
        } catch let error where failureMessage(error) != nil {
            return report(failureMessage(error) ?? "")
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return EXIT_SUCCESS
            }
            let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let help = (["quests"] + subcommandPath(of: arguments) + ["--help"]).joined(separator: " ")
            return report(lowercasedFirst(firstLine) + " (see '\(help)')", status: code.rawValue)
        }
    }

    /// The subcommand names at the start of `arguments` (`["shop", "add"]`), for the help hint.
    private static func subcommandPath(of arguments: [String]) -> [String] {
        var command: ParsableCommand.Type = Quests.self
        var path: [String] = []
        for argument in arguments where !argument.hasPrefix("-") {
            let match = command.configuration.subcommands.first {
                $0._commandName == argument || $0.configuration.aliases.contains(argument)
            }
            guard let match else { break }
            path.append(match._commandName)
            command = match
        }
        return path
    }

    /// The message of a failure of the domain, the store or the environment; nil for usage errors.
    private static func failureMessage(_ error: Error) -> String? {
        switch error {
        case let error as QuestsError: return error.localizedDescription
        case let error as StoreError: return error.localizedDescription
        case let error as DatabaseError: return error.localizedDescription
        case let error as CommandFailure: return error.localizedDescription
        default: return nil
        }
    }

    private static func report(_ message: String, status: Int32 = EXIT_FAILURE) -> Int32 {
        FileHandle.standardError.write(Data(("error: " + Sanitized.line(message) + "\n").utf8))
        return status
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
