import FoundationEssentials

/// The files of an export, by their path inside it (`Habits.csv`, `001 Meditate/Checkmarks.csv`): a
/// folder's, an archive's, or a single file's under its own name. Read whole; the edge that lists them
/// bounds their size.
public struct ForeignFiles: Sendable {
    /// The largest file (or archive entry) an export may hold: far beyond any tracker's years of history.
    public static let sizeLimit = 64 << 20

    /// How the export is named in messages (the path the user gave).
    public let name: String
    public let files: [String: [UInt8]]

    public init(name: String, files: [String: [UInt8]]) {
        self.name = name
        self.files = files
    }

    /// The file at `path`, refused as missing when the export lacks it.
    public func file(_ path: String) throws(ImportError) -> [UInt8] {
        guard let bytes = files[path] else { throw ImportError(file: name, .missing(path)) }
        return bytes
    }

    /// How a file inside the export is named in messages.
    public func displayName(_ path: String) -> String {
        files.count == 1 && files[path] != nil && name.hasSuffix(path) ? name : "\(name)/\(path)"
    }
}

/// How the readers see the user's clock: the zone and the day start quests days are counted in, for a
/// source that records moments rather than days.
public struct ImportClock: Sendable {
    public let zone: Zone
    public let dayStart: TimeOfDay

    public init(zone: Zone, dayStart: TimeOfDay) {
        self.zone = zone
        self.dayStart = dayStart
    }

    /// The quest day `moment` counts for.
    public func day(of moment: Date) -> LocalDay {
        DayPosition(moment: moment, zone: zone, dayStart: dayStart).day
    }
}

/// A format whose files the core reads (every one but Loop's SQLite backup, which the store reads).
public protocol ForeignFormat {
    /// The tracker's own name (a proper name, the same in every language).
    static var trackerName: String { get }
    /// Which files of the path given make the export.
    static var layout: ExportLayout { get }
    static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory
}

/// Which files of the path the user gives make an export.
public enum ExportLayout: Sendable {
    /// The file itself, under its own name.
    case file
    /// These files of a folder: the folder given, or the folder of one of them.
    case files([String])
    /// Every file of a folder, or of a zip archive, by its path inside; or, for Loop, its SQLite backup.
    case tree
}

extension ImportSource {
    /// The format the source's export is read as: the one place each source is named.
    public var format: any ForeignFormat.Type {
        switch self {
        case .loop: LoopCSV.self
        case .harsh: Harsh.self
        case .habitica: Habitica.self
        case .taskwarrior: Taskwarrior.self
        }
    }
}
