extension Connection {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so concurrent
    /// writers queue (within the busy timeout) instead of failing mid-way. Rolls back on any throw, and
    /// also on success when `commit` is false (a dry run).
    func writeTransaction<T>(commit: Bool = true, _ body: () throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", commit: commit, body)
    }

    /// Runs `body` in a read transaction, so every query sees the same snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", commit: true, body)
    }

    /// `readTransaction`, reading the database file through a memory map instead of one system call per
    /// page: for a read that visits many scattered pages (an index probed once per record of a month).
    /// The map is dropped afterwards, so every other statement reads as before.
    func mappedReadTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA mmap_size = \(Self.mappedReadBytes)")
        defer { try? execute("PRAGMA mmap_size = 0") }
        return try readTransaction(body)
    }

    /// The most of the database file `mappedReadTransaction` maps (SQLite maps at most the file's size).
    static let mappedReadBytes = 1 << 30

    private func transaction<T>(_ begin: String, commit: Bool, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute(commit ? "COMMIT" : "ROLLBACK")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
