/// Why a backup document was refused. Nothing is written when any of these is thrown.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, or JSON without `"format": "quests-backup"`.
    case notABackup(String)
    /// Written by a newer quests; this build reads up to `supported`.
    case newerVersion(Int, supported: Int)
    /// Malformed or inconsistent: the field path and the problem.
    case invalid(JSONError)
    /// The import would take the balance below zero at this ledger entry.
    case overdraw(path: String, balance: Int)

    public var description: String {
        switch self {
        case .notABackup(let reason):
            return "not a quests backup (\(reason))"
        case .newerVersion(let version, let supported):
            return "written by a newer quests (backup schema version \(version); this quests reads up to \(supported)): upgrade quests first"
        case .invalid(let problem):
            return problem.description
        case .overdraw(let path, let balance):
            return "\(path): importing it would take the balance to \(balance) DD; both stores spent the same Daily Dollars"
        }
    }
}
