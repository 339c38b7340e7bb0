import Foundation
import QuestsCore
@testable import QuestsStore
import Testing

/// A store on a fresh temporary file, removed when the test is done.
final class TemporaryStore {
    let folder: String
    let path: String
    let store: QuestStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quests-store-tests-\(UUID().uuidString)").path
        path = folder + "/nested/quests.sqlite"
        store = try QuestStore(path: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A store at `path` with only the first `version` migration steps applied, as an older quests left it.
    static func olderStore(version: Int, at path: String) throws -> Connection {
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT '') STRICT")
        for (offset, step) in Migrations.steps.prefix(version).enumerated() {
            try connection.execute(step.sql)
            try connection.prepare("INSERT INTO schema_migration (version, name) VALUES (?, ?)").run([.integer(Int64(offset + 1)), .text(step.name)])
        }
        return connection
    }

    /// The moment of UTC wall-clock `text`, read in UTC.
    static func now(_ text: String) -> Now {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return Now(instant: Timestamp.parse(text, calendar: calendar) ?? Date(timeIntervalSince1970: 0), calendar: calendar)
    }

    /// Every row of every user table, as text, to compare a store before and after a refused command.
    func dump() throws -> [String] {
        let connection = store.connection
        let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows { $0.text(0) }
        var lines: [String] = []
        for table in tables {
            let columns = try connection.prepare("SELECT name FROM pragma_table_info(?)").rows([.text(table)]) { $0.text(0) }
            let select = "SELECT " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " FROM \(table)"
            lines += try connection.prepare(select).rows { "\(table): " + $0.text(0) }
        }
        return lines
    }
}
