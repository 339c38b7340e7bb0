import FoundationEssentials

/// What keeps a sync folder in step with other machines besides a file-sync tool (a git remote, which the
/// command line runs): pulled before a sync reads the folder, published after it wrote there.
public protocol SyncRemote {
    /// Brings in what other machines published.
    func pull() throws
    /// Publishes `paths` (this replica's folder when it wrote or folded files; a forgotten replica's folder)
    /// for the sync of `replica`, which `forgot` that replica when not nil, and what is not published yet.
    func publish(_ paths: [String], by replica: String, forgetting forgot: String?) throws
    /// The moment `path` (a replica's folder) last changed in what was published, nil when unknown.
    func lastPublished(_ path: String) -> Date?
}
