/// The floor the benchmark measures quests against (`quests-floor`): open the store as every command
/// does and run one indexed query. The SQLite wrapper stays inside the store; this is its only way out.
public enum StoreFloor {
    /// The balance of the store at `path`, read on a fresh connection; nil when it cannot be read.
    public static func balance(path: String) -> Int? {
        guard let db = try? Database(path: path, access: .readWrite) else { return nil }
        return try? db.prepare(Database.balanceQuery).firstRow([], { $0.int(0) })
    }
}
