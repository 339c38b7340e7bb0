import Foundation
import QuestsCore
import QuestsStore

/// What a command works with: the store, the moment, and how to style output. Built once per run; the
/// only place that reads the clock and the environment.
struct CommandContext {
    let store: QuestStore
    /// Where the store lives.
    let storePath: String
    /// The moment the command runs at: when `clock` started.
    let now: Now
    /// The moment as it moves on, for a command that keeps running (the interactive board).
    let clock: Clock
    let style: TextStyle

    init(_ options: GlobalOptions, environment: Environment = .process) throws {
        try self.init(db: options.db, color: options.color, environment: environment)
    }

    init(db: String?, color: ColorChoice, environment: Environment = .process) throws {
        clock = try Self.clock(environment)
        now = clock.start
        style = TextStyle(enabled: Terminal.useColor(color, environment: environment))
        storePath = try Self.storePath(db, environment: environment)
        let defaultPath = try? Self.dataFolder(environment) + "/quests.sqlite"
        let createsElsewhere = storePath != defaultPath && access(storePath, F_OK) != 0
        store = try QuestStore(path: storePath, ids: .random)
        store.moment = now.instant
        AutomaticBackup.arm(store, storePath: storePath, now: now)
        if let language = try Preferences(store).chosenLanguage() {
            Catalog.choose(LanguageChoice.code(configured: language, environment: environment))
        }
        // A mistyped --db or QUESTS_DB would otherwise start an empty store without a word.
        if createsElsewhere { Self.note(Message.storeCreatedElsewhere(path: Self.absolute(storePath))) }
        // Only once the file proved to be a quests store: a file named by mistake keeps its permissions.
        let ownFolder = try? Self.dataFolder(environment)
        Self.report(
            QuestStore.tightenPermissions(
                path: storePath, includingFolder: (storePath as NSString).deletingLastPathComponent == ownFolder))
    }

    /// The clock of `QUESTS_NOW`, in the zone `TZ` names.
    static func clock(_ environment: Environment) throws -> Clock {
        try clock(
            environment["QUESTS_NOW"],
            zone: Self.zone(environment["TZ"], zoneinfo: environment["TZDIR"] ?? "/usr/share/zoneinfo"))
    }

    /// `QUESTS_NOW` when set (and well-formed), advancing from there; else the system clock. Set but empty
    /// counts as unset.
    static func clock(_ override: String?, zone: Zone) throws -> Clock {
        guard let override, !override.isEmpty else { return .system(zone: zone) }
        guard let date = Timestamp.parse(override, zone: zone) else { throw CommandFailure.invalidNow(override) }
        return .advancing(from: date, zone: zone)
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
        if let data = Self.contents(ofFile: path), let zone = Zone(tzif: data, name: name) { return zone }
        guard let zone = Zone(posixRule: name) ?? TimeZone(identifier: name).map(Zone.init) else {
            throw CommandFailure.invalidTimeZone(tz)
        }
        return zone
    }

    /// The bytes of the regular file at `path`, nil when it cannot be read: read with the C library, as
    /// every command reads its zone file and FileManager's first use costs more than the reading.
    static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(Int(status.st_size), 4096))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// `--db`, else `QUESTS_DB`, else `quests.sqlite` in quests' own data folder.
    static func storePath(_ option: String?, environment: Environment) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["QUESTS_DB"], !path.isEmpty { return path }
        return try dataFolder(environment) + "/quests.sqlite"
    }

    /// This quests binary, by its absolute path: for commands that run it again later (a timer, a click in
    /// a status bar).
    static var runningBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `path`, made absolute against the working directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
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
        let list = tightened.map { Message.storePermissionsWas(path: $0.path, mode: String($0.previousMode, radix: 8)) }
            .joined(separator: ", ")
        note(Message.storePermissionsTightened(files: list))
    }

    /// `line` on stderr, on a line of its own.
    private static func note(_ line: String) {
        FileHandle.standardError.write(Data(Sanitized.line(line).utf8 + [0x0A]))
    }
}
