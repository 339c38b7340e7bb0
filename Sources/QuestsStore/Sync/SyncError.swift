/// Why a sync, `sync --status` or `sync --forget` could not go on; the command line words each case.
public enum SyncError: Error {
    /// The sync folder is not an existing folder.
    case notAFolder(path: String)
    /// A file of the folder is there but could not be read.
    case cannotRead(path: String)
    /// A file could not be written: the system's reason.
    case cannotWrite(path: String, reason: String)
    /// This replica's folder could not be made.
    case cannotCreateFolder(path: String)
    /// A forgotten replica's folder could not be removed.
    case cannotRemoveFolder(path: String)
    /// `sync --forget` names no replica of the folder, or more than one; `known` are the others'.
    case unknownReplica(String, known: [String])
    /// `sync --forget` names this machine.
    case forgetThisMachine(String)
    /// A file of the replica to forget could not be read.
    case cannotForget(replica: String, file: String, reason: any Error)
    /// This store's changes wait to be written first (a sync did not write them).
    case changesWaiting
}
