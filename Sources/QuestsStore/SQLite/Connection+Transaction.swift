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
