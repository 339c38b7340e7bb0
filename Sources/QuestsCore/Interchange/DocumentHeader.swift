/// The header of a document quests writes (a backup, a sync file): a `format` field naming what it is and
/// an integer version this build reads up to. The one check both documents' readers call; each words a
/// refusal its own way (`BackupError`, a sync file's `JSONProblem`).
public struct DocumentHeader: Sendable {
    /// The value of the document's `format` field.
    public let format: String
    /// The newest version this build reads (and the one it writes, unless the document says otherwise).
    public let newestVersion: Int

    public init(format: String, newestVersion: Int) {
        self.format = format
        self.newestVersion = newestVersion
    }

    /// Why a header is refused.
    public enum Problem: Error, Equatable, Sendable {
        /// The `format` field names another format.
        case otherFormat(String)
        /// Written by a newer quests.
        case newerVersion(Int)
        /// A version below 1.
        case versionBelowOne
    }

    /// Refuses a `format` field that names another format.
    public func check(format text: String) throws(Problem) {
        guard text == format else { throw .otherFormat(text) }
    }

    /// The version read, refused when newer than this build reads or below 1.
    public func checked(version: Int) throws(Problem) -> Int {
        guard version <= newestVersion else { throw .newerVersion(version) }
        guard version >= 1 else { throw .versionBelowOne }
        return version
    }
}
