import Foundation

/// Problems with the store file itself, as opposed to what is in it.
public enum StoreError: Error, Equatable, LocalizedError {
    case newerStore(version: Int, supported: Int)
    case notAQuestsStore
    case readOnlyNeedsUpgrade(path: String)
    case cannotCreate(path: String, reason: String)
    case damagedRecord(String)
    case noStore(path: String)
    case cannotOpen(path: String, reason: String)
    case migrationBrokeReferences(step: String, table: String)

    public var errorDescription: String? {
        switch self {
        case .newerStore(let version, let supported):
            return "the store was written by a newer quests (schema \(version), this one knows up to \(supported)); upgrade quests, the store was not changed"
        case .notAQuestsStore:
            return "the file is a SQLite database but not a quests store; pick another path with --db"
        case .readOnlyNeedsUpgrade(let path):
            return "the store at \(path) is read-only and was written by an older quests; run quests once as its owner to upgrade it"
        case .cannotCreate(let path, let reason):
            return "cannot create the store at \(path): \(reason)"
        case .damagedRecord(let what):
            return "the store holds a damaged record (\(what)); was it edited by hand? Nothing was changed"
        case .noStore(let path):
            return "there is no store at \(path); pick one with --db PATH"
        case .cannotOpen(let path, let reason):
            return "cannot open the store at \(path): \(reason)"
        case .migrationBrokeReferences(let step, let table):
            return "upgrading the store failed at \"\(step)\": rows of \(table) would point at nothing; the store was not changed"
        }
    }
}
