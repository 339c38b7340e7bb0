/// Why another tracker's file was refused, as data, with the file and row it is about; the command line
/// words it. Nothing is written when one is thrown.
public struct ImportError: Error, Equatable, Sendable {
    public let row: ImportRow
    public let problem: ImportProblem

    public init(_ row: ImportRow, _ problem: ImportProblem) {
        self.row = row
        self.problem = problem
    }

    public init(file: String, row: Int? = nil, _ problem: ImportProblem) {
        self.init(ImportRow(file: file, row: row), problem)
    }
}

public enum ImportProblem: Equatable, Sendable {
    /// Not the kind of file the source writes.
    case notThisFormat(ImportSource)
    /// A file or column the format must have.
    case missing(String)
    case badDate(String)
    /// A value or field that cannot be what the format says (quoted).
    case badValue(String)
    /// An entry for a habit the source does not have.
    case unknownHabit(String)
    case emptyTitle
    case text(UserText.Problem)
    case json(JSONError)
    /// A Loop backup from a newer Loop than any this reads.
    case newerLoop(version: Int, supported: Int)
    /// A damaged database or archive; `reason` is the reader's own (SQLite's, in English).
    case damaged(reason: String)
    /// An archive entry whose path leaves the archive (`../`, `/…`).
    case unsafePath(String)
    /// A file or archive entry larger than any export of the source, in bytes.
    case tooLarge(limit: Int)
}
