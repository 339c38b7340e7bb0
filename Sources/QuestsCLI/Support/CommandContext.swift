import Foundation
import QuestsCore
import QuestsStore

/// What a command works with: the store, the moment, and how to style output. Built once per run; the
/// only place that reads the clock and the environment.
struct CommandContext {
    let store: QuestStore
    /// Where the store lives.
    let storePath: String
    let now: Now
    let style: TextStyle

    init(_ options: GlobalOptions, environment: Environment = .process) throws {
        try self.init(db: options.db, color: options.color, environment: environment)
    }

    init(db: String?, color: ColorChoice, environment: Environment = .process) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        now = Now(instant: try Self.moment(environment["QUESTS_NOW"], calendar: calendar), calendar: calendar)
        style = TextStyle(enabled: Terminal.useColor(color, environment: environment))
        storePath = try Self.storePath(db, environment: environment)
        store = try QuestStore(path: storePath)
        // Only once the file proved to be a quests store: a file named by mistake keeps its permissions.
        let ownFolder = try? Self.dataFolder(environment)
        Self.report(QuestStore.tightenPermissions(path: storePath, includingFolder: (storePath as NSString).deletingLastPathComponent == ownFolder))
    }

    /// `QUESTS_NOW` when set (and well-formed), else the system clock; set but empty counts as unset.
    static func moment(_ override: String?, calendar: Calendar) throws -> Date {
        guard let override, !override.isEmpty else { return Date() }
        guard let date = Timestamp.parse(override, calendar: calendar) else { throw CommandFailure.invalidNow(override) }
        return date
    }

    /// `--db`, else `QUESTS_DB`, else `quests.sqlite` in quests' own data folder.
    static func storePath(_ option: String?, environment: Environment) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["QUESTS_DB"], !path.isEmpty { return path }
        return try dataFolder(environment) + "/quests.sqlite"
    }

    /// quests' own data folder: `$XDG_DATA_HOME/quests`, else `~/.local/share/quests`.
    static func dataFolder(_ environment: Environment) throws -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/quests" }
        guard let home = environment["HOME"], !home.isEmpty else { throw CommandFailure.noHome }
        return home + "/.local/share/quests"
    }

    /// One line on stderr naming the store files whose looser permissions were tightened to owner-only.
    private static func report(_ tightened: [QuestStore.Tightened]) {
        guard !tightened.isEmpty else { return }
        let list = tightened.map { "\($0.path) (was \(String($0.previousMode, radix: 8)))" }.joined(separator: ", ")
        FileHandle.standardError.write(Data(Sanitized.line("note: made readable by its owner only: " + list).utf8 + [0x0A]))
    }
}
