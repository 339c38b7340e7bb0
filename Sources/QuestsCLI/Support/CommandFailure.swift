import Foundation
import QuestsCore

/// Failures of the command line itself (its environment), as opposed to the domain or the store.
enum CommandFailure: Error, LocalizedError {
    case invalidNow(String)
    case invalidTimeZone(String)
    case noHome
    case cannotRead(path: String)
    case cannotWrite(path: String, reason: String)
    case badBackup(source: String, BackupError)
    case confirmationNeeded
    case cancelled
    case unhealthyStore(problems: Int)
    case unknownCommand(String, parent: String, suggestions: [String])
    case backupOverStore(path: String)
    case notABackupFile(path: String)
    case notACalendar(path: String)
    case unknownPlaceholder(String)
    case notifierNotFound(String)
    case notifierFailed(command: String, reason: String, count: Int)
    case needsTerminal
    case fullScreenUnavailable(reason: String)
    case noSyncFolder
    case notASyncFolder(path: String)
    case gitFailed(step: String, output: String)

    var errorDescription: String? {
        switch self {
        case .invalidNow(let value):
            return "QUESTS_NOW=\(UserText.quoted(value)) is not a date-time: use 2026-11-21T08:30 or 2026-11-21T08:30:00+01:00"
        case .invalidTimeZone(let value):
            return "TZ=\(UserText.quoted(value)) is not a time zone: use a name such as Europe/Paris, a zoneinfo file path, or a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3"
        case .noHome:
            return "cannot find the default store: set HOME, XDG_DATA_HOME or QUESTS_DB, or pass --db PATH"
        case .cannotRead(let path):
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            return "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason); nothing was written there"
        case .badBackup(let source, let error):
            return "\(source): \(error); nothing was changed"
        case .confirmationNeeded:
            return "restore replaces everything in the store: confirm on a terminal, or pass --yes"
        case .cancelled:
            return "restore cancelled; nothing was changed"
        case .unhealthyStore(let problems):
            return "the store has \(problems == 1 ? "1 problem" : "\(problems) problems") (see the report); doctor changed nothing. Keep a copy of the file before trying to repair it, or restore a backup"
        case .unknownCommand(let word, let parent, let suggestions):
            let hint = suggestions.isEmpty ? "see '\(parent) --help'" : "did you mean " + suggestions.map { "'\(parent) \($0)'" }.joined(separator: " or ") + "?"
            return "'\(UserText.cut(word))' is not a \(parent) command; \(hint)"
        case .backupOverStore(let path):
            return "\(path) is the store itself (or one of its files); write the backup to another file"
        case .notABackupFile(let path):
            return "\(path) exists and is not a quests backup; choose another file, or pass --force to replace it"
        case .notACalendar(let path):
            return "\(path) exists and is not an iCalendar file; nothing was written there: choose another name or remove it"
        case .unknownPlaceholder(let name):
            let names = StatusTemplate.Key.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
            return "{\(UserText.cut(name))} is not a status placeholder; use \(names)"
        case .notifierNotFound(let command):
            return "cannot find the notifier \(UserText.quoted(command)): give a command on PATH or its path with --command"
        case .notifierFailed(let command, let reason, let count):
            return "the notifier \(UserText.quoted(command)) \(reason); \(count == 1 ? "its reminder" : "\(count) reminders") will be sent again on the next run"
        case .needsTerminal:
            return "quests board --interactive needs a terminal on standard input and output; in scripts use 'quests board' or 'quests board --json'"
        case .fullScreenUnavailable(let reason):
            return "cannot take over the terminal for the interactive board: \(reason)"
        case .noSyncFolder:
            return "no sync folder: give one (quests sync DIR), or remember one with 'quests config sync-dir DIR'"
        case .notASyncFolder(let path):
            return "\(path) is not a folder; create it (shared by Syncthing, Dropbox or git) and sync again"
        case .gitFailed(let step, let output):
            let detail = output.split(separator: "\n").first.map { ": " + String($0) } ?? ""
            return "git \(step) failed in the sync folder\(detail); run quests sync again once git works there"
        }
    }
}
