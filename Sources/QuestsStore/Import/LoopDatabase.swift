import FoundationEssentials
import QuestsCore

/// Loop Habit Tracker's SQLite backup (`Loop Habits Backup … .db`), of every schema version Loop wrote (its
/// `user_version`, 9 to 25). An older file is read as Loop's own migrations would bring it forward: no
/// `question` column (before 23) means the description was the question; no `value` (before 16) means
/// every repetition was a check; before 22, repetitions of missing habits and repeated days were dropped
/// (only the first of a day kept). A newer file is refused, as Loop refuses it.
enum LoopDatabase {
    /// The newest schema Loop has written (its `DATABASE_VERSION`).
    static let newestVersion = 25

    static func read(_ path: String) throws(ImportError) -> ForeignHistory {
        do {
            return try readChecked(path)
        } catch let error as ImportError {
            throw error
        } catch let error as DatabaseError {
            throw ImportError(file: path, .damaged(reason: error.message))
        } catch {
            throw ImportError(file: path, .damaged(reason: "\(error)"))
        }
    }

    private static func readChecked(_ path: String) throws -> ForeignHistory {
        let file = try Database(path: path, access: .readOnly)
        let problems = try file.prepare("PRAGMA integrity_check(1)").rows { $0.text(0) }
        guard problems == ["ok"] else { throw ImportError(file: path, .damaged(reason: problems.first ?? "")) }
        let version = try file.prepare("PRAGMA user_version").rows { $0.int(0) }.first ?? 0
        func columns(_ table: String) throws -> Set<String> {
            Set(try file.prepare("PRAGMA table_info(\(table))").rows { $0.text(1).lowercased() })
        }
        let habitColumns = try columns("Habits")
        let entryColumns = try columns("Repetitions")
        guard habitColumns.isSuperset(of: ["id", "name", "freq_num", "freq_den", "archived", "description"]),
            entryColumns.isSuperset(of: ["habit", "timestamp"])
        else { throw ImportError(file: path, .notThisFormat(.loop)) }
        guard version <= newestVersion else {
            throw ImportError(file: path, .newerLoop(version: version, supported: newestVersion))
        }

        func column(_ name: String, in columns: Set<String>, else fallback: String) -> String {
            columns.contains(name) ? name : fallback
        }
        var history = ForeignHistory(source: .loop)
        var numeric: [Int: Bool] = [:]
        var ids: [Int: String] = [:]
        let habitSQL = """
            SELECT id, name, \(column("question", in: habitColumns, else: "NULL")), description, freq_num, freq_den,
              archived, \(column("type", in: habitColumns, else: "0")), \(column("target_type", in: habitColumns, else: "0")),
              \(column("target_value", in: habitColumns, else: "0")), \(column("unit", in: habitColumns, else: "''")),
              \(column("uuid", in: habitColumns, else: "NULL"))
            FROM Habits ORDER BY position, id
            """
        try file.prepare(habitSQL).rows { row in
            let number = row.int(0)
            let here = ImportRow(file: path, row: number)
            // Before 23 the question was kept as the description (migration 23 moves it).
            let question = row.optionalText(2) ?? row.text(3)
            let description = row.optionalText(2) == nil ? "" : row.text(3)
            let times = row.int(4)
            let window = row.int(5)
            guard times > 0, window > 0, window <= 3650 else {
                throw ImportError(here, .badValue("\(times)/\(window)"))
            }
            let id = row.optionalText(11).flatMap { $0.isEmpty ? nil : $0 } ?? "id:\(number)"
            ids[number] = id
            var habit = ForeignHistory.Habit(
                id: id, title: row.text(1), cadence: .times(min(times, window), inDays: window), row: here)
            habit.notes = [question, description].filter { !$0.isEmpty }.joined(separator: "\n\n")
            habit.archived = row.int(6) != 0
            numeric[number] = row.int(7) == 1
            if numeric[number] == true {
                try LoopValues.measure(
                    &habit, atMost: row.int(8) == 1, target: row.double(9), unit: row.text(10), period: window)
            }
            history.habits.append(habit)
        }

        // Loop's migration 22 dropped what it found broken before it made (habit, timestamp) unique.
        let repaired = version < 22
        let entrySQL = """
            SELECT rowid, habit, timestamp, \(column("value", in: entryColumns, else: "2")),
              \(column("notes", in: entryColumns, else: "NULL"))
            FROM Repetitions
            \(repaired ? "WHERE timestamp IS NOT NULL AND habit IN (SELECT id FROM Habits) AND rowid IN (SELECT min(rowid) FROM Repetitions GROUP BY habit, timestamp)" : "")
            ORDER BY habit, timestamp
            """
        try file.prepare(entrySQL).rows { row in
            let here = ImportRow(file: path, row: row.int(0))
            let number = row.int(1)
            guard let habit = ids[number], let numeric = numeric[number] else {
                throw ImportError(here, .unknownHabit("\(number)"))
            }
            let timestamp = row.int(2)
            let day = LocalDay(
                dayNumber: timestamp >= 0 ? timestamp / 86_400_000 : -((-timestamp + 86_399_999) / 86_400_000))
            guard (-100_000...200_000).contains(day.dayNumber) else {
                throw ImportError(here, .badDate("\(timestamp)"))
            }
            let note = row.optionalText(4) ?? ""
            guard let (mark, amount) = try LoopValues.entry(row.int(3), numeric: numeric, note: note, at: here) else {
                return
            }
            history.entries.append(
                ForeignHistory.Entry(habit: habit, day: day, mark: mark, amount: amount, note: note, row: here))
        }
        return history
    }
}
