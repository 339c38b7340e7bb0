import FoundationEssentials

/// The machines that sync through a folder, from its listing (`quests sync --status`).
public struct SyncStatus {
    /// One replica's folder.
    public struct Machine {
        /// Its replica id.
        public let id: String
        public let isThisMachine: Bool
        /// When it last wrote there: its last change published to the remote, else its newest file's time.
        public let lastWrote: Date?
        public let files: Int
        public let bytes: Int
        /// Its files this store has not read yet.
        public let unread: Int
    }

    /// This store's replica id, nil while it has never synced.
    public let thisMachine: String?
    public let machines: [Machine]
}
