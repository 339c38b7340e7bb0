import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

extension QuestStore {
    /// The store's database outside any transaction (`inDatabase`), for a test that runs a primitive or a
    /// statement on its own.
    var db: Database { inDatabase { $0 } }

    /// Applies `files`, read already, in order, as a sync applies the files it reads (`applySync(_:now:reading:)`).
    func applySync(_ files: [(name: String, file: SyncFile)], now: Now) throws -> SyncOutcome {
        var unread = files[...]
        return try applySync(files.map(\.name), now: now) { _, _ in unread.popFirst()?.file }
    }
}

/// A store on a fresh temporary file, removed when the test is done.
final class TemporaryStore {
    let folder: String
    let path: String
    let store: QuestStore

    init(ids: IDs = .counting()) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("quests-store-tests-\(UUID().uuidString)")
            .path
        path = folder + "/nested/quests.sqlite"
        store = try QuestStore(path: path, ids: ids)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A store at `path` with only the first `version` migration steps applied, as an older quests left it.
    static func olderStore(version: Int, at path: String) throws -> Database {
        let db = try Database(path: path)
        try db.execute(
            "CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT '') STRICT"
        )
        for (offset, step) in Migrations.steps.prefix(version).enumerated() {
            try db.execute(step.sql)
            try db.prepare("INSERT INTO schema_migration (version, name) VALUES (?, ?)").run([
                .integer(Int64(offset + 1)), .text(step.name),
            ])
        }
        return db
    }

    /// The moment of UTC wall-clock `text`, read in UTC.
    static func now(_ text: String) -> Now {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return Now(
            instant: Timestamp.parse(text, calendar: calendar) ?? Date(timeIntervalSince1970: 0), calendar: calendar)
    }

    /// Every row of every user table, as text, to compare a store before and after a refused command.
    func dump() throws -> [String] {
        let db = store.db
        // Not `store_change`: it counts write transactions, and one that wrote rows as they were is a write.
        let tables = try db.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'store_change' ORDER BY name"
        )
        .rows { $0.text(0) }
        var lines: [String] = []
        for table in tables {
            let columns = try db.prepare("SELECT name FROM pragma_table_info(?)").rows([.text(table)]) {
                $0.text(0)
            }
            let select = "SELECT " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " FROM \(table)"
            lines += try db.prepare(select).rows { "\(table): " + $0.text(0) }
        }
        return lines
    }
}

extension IDs {
    /// UUIDs counted up from 1 after a prefix of their own, so that two stores of one test (a laptop and a
    /// desktop, say) never make the same one; the prefix is random unless given (23 characters).
    static func counting(prefix given: String? = nil) -> IDs {
        let prefix = given ?? String(UUID().uuidString.prefix(23))
        let counter = Counter()
        return IDs { UUID(uuidString: prefix + String(format: "-%012X", counter.next()))! }
    }

    /// The UUIDs of `texts`, in turn.
    static func sequence(_ texts: [String]) -> IDs {
        let counter = Counter()
        return IDs { UUID(uuidString: texts[counter.next() - 1])! }
    }
}

/// A count shared by the calls of an ID generator.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

extension QuestStore {
    /// The streaks as of `now` from a walk over every day of the history, whatever checkpoint the store keeps,
    /// and what the streak freezes did.
    func wholeHistoryStreaks(now: Now) throws -> (summary: StreakSummary, freezes: FreezeCoverage) {
        try read { db in
            let today = now.position(dayStart: try db.settings().dayStart).day
            return try db.streaks(over: db.history(zone: now.zone).tallies(through: today), today: today)
        }
    }
}
