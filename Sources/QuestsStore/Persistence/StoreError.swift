/// Problems with the store file itself, as opposed to what is in it; the command line words each case.
public enum StoreError: Error, Equatable {
    case newerStore(version: Int, supported: Int)
    case notAQuestsStore
    case readOnlyNeedsUpgrade(path: String)
    case cannotCreate(path: String, reason: String)
    case damagedRecord(DamagedRecord)
    /// The file at `path` is damaged, or no SQLite database at all, as SQLite found on opening it.
    case damagedFile(path: String, reason: String)
    case noStore(path: String)
    case cannotOpen(path: String, reason: String)
    case migrationBrokeReferences(step: String, table: String)
    /// The store path names a folder.
    case isAFolder(path: String)
    /// The folder the store goes in could not be created.
    case cannotCreateFolder(path: String)
    /// A read-only store whose folder the user may not write, with a write-ahead log still pending: reading
    /// it needs a `-shm` file in that folder.
    case pendingLogNeedsWritableFolder
}
