extension Connection {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so concurrent
    /// writers queue (within the busy timeout) instead of failing mid-way. Rolls back on any throw.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction, so every query sees the same snapshot.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
