import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The command that shows a reminder: `notify-send` unless `--command` names another (a command and its
/// arguments, separated by spaces, without shell quoting). The title and the body are appended to it as
/// two arguments, and it runs directly, never through a shell.
struct Notifier {
    /// The command as given, for messages.
    let name: String
    /// The executable found for it; nil when the default `notify-send` is not installed: reminders are
    /// printed instead.
    let executable: String?
    /// The arguments given after the command, before the title and the body.
    let arguments: [String]
    /// The variables it gets beside this process's environment.
    private let environment: [String: String]

    /// The notifier `command` names (nil: `notify-send`); a command that is given but not found is refused.
    init(command: String?, environment: Environment) throws {
        name = command ?? "notify-send"
        let words = name.split(separator: " ").map(String.init)
        guard let first = words.first else { throw CommandFailure.notifierNotFound(name) }
        arguments = Array(words.dropFirst())
        executable = Self.find(first, path: environment["PATH"] ?? "/usr/bin:/bin")
        if executable == nil, command != nil { throw CommandFailure.notifierNotFound(first) }
        self.environment = Self.sessionBus(environment)
    }

    /// Shows `body` under `title`, or prints `body` when there is no notifier; nil when done, else why not.
    func send(title: String, body: String) -> String? {
        guard let executable else {
            print(body)
            return nil
        }
        guard let run = ChildProcess.run(executable, arguments + [title, body], environment: environment) else {
            return Message.notifierNotStarted
        }
        switch run.ending {
        case .exited(let status): return status == 0 ? nil : Message.notifierFailed(status: Int(status))
        case .killed(let signal): return Message.notifierKilled(signal: Int(signal))
        }
    }

    /// The executable `command` names: a path as it is, a name looked up in `path`.
    private static func find(_ command: String, path: String) -> String? {
        let candidates = command.contains("/") ? [command] : path.split(separator: ":").map { "\($0)/\(command)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `notify-send` talks to the session bus, whose address a timer or cron job may lack: when
    /// `DBUS_SESSION_BUS_ADDRESS` is unset and the usual socket exists (`$XDG_RUNTIME_DIR/bus`, else
    /// `/run/user/UID/bus`), that address; nothing otherwise.
    private static func sessionBus(_ environment: Environment) -> [String: String] {
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return [:] }
        let bus = (environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())") + "/bus"
        guard FileManager.default.fileExists(atPath: bus) else { return [:] }
        return ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + bus]
    }
}
