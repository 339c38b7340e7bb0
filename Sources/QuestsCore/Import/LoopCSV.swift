/// Loop Habit Tracker's CSV export, as its `.zip` or the folder it unpacks to: `Habits.csv` (all habits),
/// and a folder per exported habit, `NNN Name` (its position), holding `Checkmarks.csv`. Three generations,
/// told apart by the `Habits.csv` header: `Position,Name,Description,NumRepetitions,Interval,Color` (1.x),
/// with `Question` (2.0–2.3.0), and `…,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,
/// Color,Unit,Target Type,Target Value,Archived?` (2.3.1 on). A habit's `Checkmarks.csv` has no header
/// and raw values (`2015-01-25,2`) before 2.3.1, and `Date,Value,Notes` with named values since. A CSV
/// export has no habit ids: a habit is known by its name.
public enum LoopCSV: ForeignFormat {
    public static let trackerName = "Loop Habit Tracker"
    public static let layout = ExportLayout.tree

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        var files = files
        if files.files.count == 1, let (name, bytes) = files.files.first, !name.hasSuffix(".csv") {
            guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
                throw ImportError(file: files.name, .notThisFormat(.loop))
            }
            files = ForeignFiles(
                name: files.name, files: try ZipArchive.files(bytes, file: files.name, limit: ForeignFiles.sizeLimit))
        }
        let habitsFile = files.displayName("Habits.csv")
        guard files.files["Habits.csv"] != nil else { throw ImportError(file: files.name, .notThisFormat(.loop)) }
        let rows = try CSV.rows(try files.file("Habits.csv"), file: habitsFile)
        guard let header = rows.first else { throw ImportError(file: habitsFile, .missing("Position")) }
        func column(_ name: String) throws(ImportError) -> Int {
            guard let index = header.firstIndex(of: name) else {
                throw ImportError(file: habitsFile, row: 1, .missing(name))
            }
            return index
        }
        let position = try column("Position")
        let name = try column("Name")
        let modern = header.contains("FrequencyNumerator")
        let times = try column(modern ? "FrequencyNumerator" : "NumRepetitions")
        let window = try column(modern ? "FrequencyDenominator" : "Interval")
        let question = header.firstIndex(of: "Question")
        let description = try column("Description")
        let type = modern ? try column("Type") : nil
        let unit = modern ? try column("Unit") : nil
        let targetType = modern ? try column("Target Type") : nil
        let targetValue = modern ? try column("Target Value") : nil
        let archived = modern ? try column("Archived?") : nil

        // Each exported habit's folder, by the position its name starts with.
        var folders: [String: String] = [:]
        for path in files.files.keys where path.hasSuffix("/Checkmarks.csv") {
            let folder = path.dropLast("/Checkmarks.csv".count)
            guard !folder.contains("/") else { continue }
            folders[String(folder.prefix(3))] = path
        }

        var history = ForeignHistory(source: .loop)
        for (index, fields) in rows.enumerated().dropFirst() {
            let here = ImportRow(file: habitsFile, row: index + 1)
            guard fields.count >= header.count - 1 else { throw ImportError(here, .missing(header[fields.count])) }
            func field(_ column: Int?) -> String { column.flatMap { $0 < fields.count ? fields[$0] : nil } ?? "" }
            guard let count = Int(field(times)), let days = Int(field(window)), count > 0, days > 0, days <= 3650 else {
                throw ImportError(here, .badValue("\(field(times))/\(field(window))"))
            }
            let title = field(name)
            var habit = ForeignHistory.Habit(
                id: "csv:\(title)", title: title, cadence: .times(min(count, days), inDays: days), row: here)
            // Before 2.0 the description was the question.
            habit.notes = [field(question), field(description)].filter { !$0.isEmpty }.joined(separator: "\n\n")
            habit.archived = field(archived) == "true"
            let numeric = field(type) == "NUMERICAL"
            if numeric {
                guard let target = Double(field(targetValue)) else {
                    throw ImportError(here, .badValue(field(targetValue)))
                }
                try LoopValues.measure(
                    &habit, atMost: field(targetType) == "AT_MOST", target: target, unit: field(unit), period: days)
            }
            history.habits.append(habit)
            guard let path = folders[field(position)] else { continue }
            try entries(of: habit.id, numeric: numeric, files.file(path), file: files.displayName(path), into: &history)
        }
        return history
    }

    /// A habit's `Checkmarks.csv`: `date,value` rows (with a `Date,Value,Notes` header and named values
    /// since 2.3.1), read as `LoopValues.entry` says. A named value is its number, for a numerical habit
    /// too (2.3.1 writes 2 thousandths as `YES_MANUAL`).
    private static func entries(
        of habit: String, numeric: Bool, _ bytes: [UInt8], file: String, into history: inout ForeignHistory
    ) throws(ImportError) {
        let rows = try CSV.rows(bytes, file: file)
        let named = [
            "YES_MANUAL": LoopValues.yesManual, "YES_AUTO": LoopValues.yesAuto, "NO": LoopValues.no,
            "SKIP": LoopValues.skip, "UNKNOWN": LoopValues.unknown,
        ]
        for (index, fields) in rows.enumerated() {
            let here = ImportRow(file: file, row: index + 1)
            if index == 0, fields.first == "Date" { continue }
            if fields == [""] { continue }
            guard fields.count >= 2 else { throw ImportError(here, .missing("Value")) }
            guard let day = LocalDay(fields[0]) else { throw ImportError(here, .badDate(fields[0])) }
            guard let value = named[fields[1]] ?? Int(fields[1]) else { throw ImportError(here, .badValue(fields[1])) }
            let note = fields.count > 2 ? fields[2] : ""
            guard let (mark, amount) = try LoopValues.entry(value, numeric: numeric, note: note, at: here) else {
                continue
            }
            history.entries.append(
                ForeignHistory.Entry(habit: habit, day: day, mark: mark, amount: amount, note: note, row: here))
        }
    }
}

/// Comma-separated values as opencsv writes them: a field is quoted when it needs to be, a quote in it doubled.
enum CSV {
    static func rows(_ bytes: [UInt8], file: String) throws(ImportError) -> [[String]] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(file: file, .notThisFormat(.loop))
        }
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            case "\r": break
            default: field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else { throw ImportError(file: file, row: rows.count + 1, .badValue("\"")) }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
