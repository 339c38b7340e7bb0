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
        let zone = try Self.zone(environment["TZ"], zoneinfo: environment["TZDIR"] ?? "/usr/share/zoneinfo")
        now = Now(instant: try Self.moment(environment["QUESTS_NOW"], zone: zone), zone: zone)
        style = TextStyle(enabled: Terminal.useColor(color, environment: environment))
        storePath = try Self.storePath(db, environment: environment)
        store = try QuestStore(path: storePath)
    }

    /// `QUESTS_NOW` when set (and well-formed), else the system clock.
    static func moment(_ override: String?, zone: Zone) throws -> Date {
        guard let override else { return Date() }
        guard let date = Timestamp.parse(override, zone: zone) else { throw CommandFailure.invalidNow(override) }
        return date
    }

    /// The zone `TZ` names, read as the C library reads it (`man 3 tzset`): unset is the system zone and
    /// empty is UTC; a leading `:` is dropped; then a zoneinfo file (a path, or a name under `zoneinfo`),
    /// else a POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`, else a zone Foundation knows by that name
    /// (for systems without zoneinfo files). Anything else is an error, never a silent fallback.
    static func zone(_ tz: String?, zoneinfo: String) throws -> Zone {
        guard let tz else { return Zone(TimeZone.current) }
        if tz.isEmpty { return .utc }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if name.isEmpty { return Zone(TimeZone.current) }
        let path = name.hasPrefix("/") ? name : zoneinfo + "/" + name
        if let data = FileManager.default.contents(atPath: path), let zone = Zone(tzif: Array(data)) { return zone }
        guard let zone = Zone(posixRule: name) ?? TimeZone(identifier: name).map(Zone.init) else {
            throw CommandFailure.invalidTimeZone(tz)
        }
        return zone
    }

    /// `--db`, else `QUESTS_DB`, else `$XDG_DATA_HOME/quests/quests.sqlite`, else `~/.local/share/quests/quests.sqlite`.
    static func storePath(_ option: String?, environment: Environment) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["QUESTS_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/quests/quests.sqlite" }
        guard let home = environment["HOME"], !home.isEmpty else { throw CommandFailure.noHome }
        return home + "/.local/share/quests/quests.sqlite"
    }
}
