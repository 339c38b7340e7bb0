/// What `sync --forget` did: the replica whose folder it removed, after carrying what it wrote.
public struct SyncForgotten {
    /// The forgotten replica's id.
    public let replica: String
    /// How many files its folder held.
    public let files: Int
    /// Whether this replica's files were folded into fewer afterwards.
    public let compacted: Bool
}
