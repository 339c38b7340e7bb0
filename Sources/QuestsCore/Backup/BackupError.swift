/// Why a backup document was refused, as data; the command line words it. Nothing is written when any of
/// these is thrown.
public enum BackupError: Error, Equatable, Sendable {
    /// Not JSON, or JSON without `"format": "quests-backup"`.
    case notABackup(NotABackup)
    /// Written by a newer quests; this build reads up to `supported`.
    case newerVersion(Int, supported: Int)
    /// Malformed or inconsistent: the field path and the problem.
    case invalid(JSONError)
    /// The import would take the balance below zero at this ledger entry.
    case overdraw(path: String, balance: Int)
}

/// Why a document is not taken for a quests backup at all.
public enum NotABackup: Equatable, Sendable {
    /// Its `format` field names another format.
    case format(String)
    /// It has no `"format": "quests-backup"` field.
    case noFormat
    /// Its start has no `format` field.
    case noFormatField
    /// It could not be read before a `format` field was seen.
    case unreadable(JSONError)
}
