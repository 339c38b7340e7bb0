import QuestsCore

/// What one sync did, as facts for the command line to word (`quests sync`).
public struct SyncReport {
    /// A file of another replica that could not be read: it is read again at the next sync.
    public struct Unreadable {
        /// `replica/file`.
        public let name: String
        public let error: any Error
        /// Whether an earlier sync could not read it either (and said so).
        public let warnedBefore: Bool
    }

    /// Whether this sync made the store a replica (its first sync, or its first after a restore).
    public let join: SyncJoin
    /// This store's replica id (after a renewal, the new one): its folder's name.
    public let replica: String
    /// The new replica id this store took because a copy of it uses its old one, if it did.
    public let renewal: SyncRenewal?
    /// Whether files of this replica's own were gone from its folder (another machine forgot it, or they
    /// were deleted), so it wrote what it holds again.
    public let resent: Bool
    /// Changes of other replicas that won here (`applySync`).
    public let applied: Int
    /// Files of other replicas read.
    public let filesRead: Int
    /// Changes of this replica written to its new file (0 when it wrote none).
    public let changesWritten: Int
    /// Records of the snapshot written to its new file (a replica's first file).
    public let recordsWritten: Int
    /// Whether it folded this replica's files into fewer.
    public let compacted: Bool
    public let unreadable: [Unreadable]
    /// Records that wait for something they refer to (a quest or reward still to come).
    public let waiting: Int
    /// The balance after the sync; negative is a debt.
    public let balance: Int
}
