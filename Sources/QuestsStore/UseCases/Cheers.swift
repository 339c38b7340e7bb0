/// The celebration messages shown after a focus command, varied so that the same one never shows twice in a row.
public struct Cheers {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// Which of `count` celebration messages `action` shows now: never the one it showed last; `offset`
    /// (0 up to `count - 2`) picks among the others, so that they vary.
    public func next(_ action: String, among count: Int, offset: Int = 0) throws -> Int {
        guard count > 1 else { return 0 }
        return try store.writeLocal { db in
            let last = try db.cached("SELECT message FROM focus_cheer WHERE action = ?").firstRow([
                .text(action)
            ]) { $0.int(0) }
            let next = last.map { ($0 + 1 + offset % (count - 1)) % count } ?? offset % count
            try db.cached("INSERT OR REPLACE INTO focus_cheer (action, message) VALUES (?, ?)").run([
                .text(action), .integer(Int64(next)),
            ])
            return next
        }
    }
}
