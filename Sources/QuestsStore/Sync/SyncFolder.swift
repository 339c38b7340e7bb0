import FoundationEssentials
import QuestsCore

/// A sync folder as `Syncing` reads and writes it (docs/sync.md, "The files"): one subfolder per replica,
/// each written by its replica only. `FileSyncFolder` is the one on disk; the benchmark and the tests bring
/// their own.
public protocol SyncFolder {
    /// Where the folder is; a replica's folder is `path/replica` (what a `SyncRemote` publishes).
    var path: String { get }
    /// The replicas' folders, sorted; hidden ones (`.git`, a file-sync tool's own) are left out.
    func replicas() -> [String]
    /// The files in `replica`'s folder, sorted; hidden and temporary ones (being written) are left out.
    func files(of replica: String) -> [String]
    /// The size in bytes and the moment of the last change of `name` (`replica/file`), nil when it is gone.
    func attributes(_ name: String) -> (bytes: Int, modified: Date?)?
    /// The file `name` (`replica/file`), nil when it is no longer there (its replica folded it into another
    /// since the listing). With `applied`, leaves out the changes of the folder's replica that the store
    /// applied before (`SyncFile.decode(_:skipping:)`).
    func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile?
    /// Writes `file` as `name` in `replica`'s folder (made if need be), so that no reader sees half of it.
    func write(_ file: SyncFile, replica: String, name: String) throws
    /// Removes `names` from `replica`'s folder; a file already gone is no matter.
    func remove(_ names: [String], of replica: String)
    /// Removes `replica`'s folder and its files (`sync --forget`).
    func removeFolder(_ replica: String) throws
}
