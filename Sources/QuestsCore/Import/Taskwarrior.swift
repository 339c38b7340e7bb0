import FoundationEssentials

/// Taskwarrior's `task export`: a JSON array of tasks (or one task a line, `rc.json.array=off`), dates as
/// `YYYYMMDDTHHMMSSZ` in UTC. A recurring task (`status` "recurring", its `recur`) is a habit; each of its
/// instances (`parent`, or `template` in Taskwarrior 3) that was completed is a done day, the quest day its
/// `end` falls on in the user's zone, with its annotations as the note.
public enum Taskwarrior: ForeignFormat {
    public static let trackerName = "Taskwarrior"
    public static let layout = ExportLayout.file

    /// The fields a task is read for; the others are skipped.
    private struct Task {
        var uuid: String?
        var status = ""
        var description = ""
        var entry: Date?
        var end: Date?
        var due: Date?
        var until: Date?
        var recur: String?
        var parent: String?
        var annotations: [String] = []
    }

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        guard let (path, bytes) = files.files.first else { throw ImportError(file: files.name, .missing(files.name)) }
        let file = files.displayName(path)
        let lines = bytes.first(where: { !" \n\r\t".utf8.contains($0) }) == UInt8(ascii: "{")
        // One task a line is an array without its brackets and commas.
        var document = bytes
        if lines {
            document = Array("[".utf8)
            for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
                if index > 0 { document.append(UInt8(ascii: ",")) }
                document.append(contentsOf: line)
            }
            document.append(UInt8(ascii: "]"))
        }
        var tasks: [(Task, ImportRow)] = []
        try ForeignJSON.read(document, file: file, source: .taskwarrior, opening: UInt8(ascii: "[")) { reader in
            try reader.readArray { reader, index in
                let row = ImportRow(file: file, row: lines ? index + 1 : nil, field: lines ? nil : "[\(index)]")
                let task = try task(&reader)
                // Every task Taskwarrior exports has both; a file whose tasks lack them is not its export.
                guard task.uuid != nil, !task.status.isEmpty else {
                    throw ImportError(row, .notThisFormat(.taskwarrior))
                }
                tasks.append((task, row))
            }
        }
        var history = ForeignHistory(source: .taskwarrior)
        for (task, row) in tasks where task.status == "recurring" || (task.recur != nil && task.parent == nil) {
            guard let uuid = task.uuid, let recur = task.recur,
                let (cadence, exact) = cadence(recur, due: (task.due ?? task.entry).map(clock.day))
            else {
                throw ImportError(row, .badValue(task.recur ?? ""))
            }
            var habit = ForeignHistory.Habit(id: uuid, title: task.description, cadence: cadence, row: row)
            habit.cadenceIsExact = exact
            habit.createdDay = task.entry.map(clock.day)
            habit.endDay = task.until.map(clock.day)
            habit.archived = task.status == "deleted"
            history.habits.append(habit)
        }
        for (task, row) in tasks where task.status != "recurring" {
            guard let parent = task.parent else {
                if task.recur == nil { history.leftBehind.append(.oneOffTasks) }
                continue
            }
            guard task.status == "completed" else { continue }
            guard let end = task.end else { throw ImportError(row, .missing("end")) }
            history.entries.append(
                ForeignHistory.Entry(
                    habit: parent, day: clock.day(of: end), at: end, mark: .done,
                    note: task.annotations.joined(separator: "\n"), row: row))
        }
        return history
    }

    private static func task(_ reader: inout JSONReader) throws -> Task {
        var task = Task()
        try reader.readObject { reader, key in
            switch key {
            case "uuid": task.uuid = try reader.readString()
            case "status": task.status = try reader.readString()
            case "description": task.description = try reader.readString()
            case "entry": task.entry = try moment(&reader)
            case "end": task.end = try moment(&reader)
            case "due": task.due = try moment(&reader)
            case "until": task.until = try moment(&reader)
            case "recur": task.recur = try reader.readString()
            case "parent", "template": task.parent = try reader.readString()
            case "annotations":
                try reader.readArray { reader, _ in
                    try reader.readObject { reader, key in
                        if key == "description" {
                            task.annotations.append(try reader.readString())
                        } else {
                            try reader.skipValue()
                        }
                    }
                }
            default: try reader.skipValue()
            }
        }
        return task
    }

    /// `20260102T071530Z`.
    private static func moment(_ reader: inout JSONReader) throws -> Date {
        let text = try reader.readString()
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"),
            let day = LocalDay(
                String(
                    decoding: bytes[0..<4] + [UInt8(ascii: "-")] + bytes[4..<6] + [UInt8(ascii: "-")] + bytes[6..<8],
                    as: UTF8.self)),
            let hour = Int(String(decoding: bytes[9..<11], as: UTF8.self)),
            let minute = Int(String(decoding: bytes[11..<13], as: UTF8.self)),
            let second = Int(String(decoding: bytes[13..<15], as: UTF8.self)), hour < 24, minute < 60, second < 61
        else { throw reader.error(.expected(.utcTime)) }
        return Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A recurrence (`daily`, `3d`, `weekly`, `2w`, `weekdays`, `monthly`, `yearly`, …) as a cadence, a week's
    /// on the weekday of `due`; nil for one Taskwarrior does not write.
    static func cadence(_ text: String, due: LocalDay?) -> (ForeignHistory.Cadence, exact: Bool)? {
        let text = text.lowercased().trimmingWhitespace()
        let named: [String: (ForeignHistory.Cadence, Bool)] = [
            "daily": (.daily, true), "day": (.daily, true), "weekdays": (.weekdays(.weekdays), true),
            "monthly": (.monthly, false), "month": (.monthly, false), "quarterly": (.monthly, false),
            "semiannual": (.yearly, false), "yearly": (.yearly, false), "annual": (.yearly, false),
            "year": (.yearly, false), "biannual": (.yearly, false), "biyearly": (.yearly, false),
            "hourly": (.daily, false),
        ]
        if let known = named[text] { return known }
        let weekday = due.map { WeekdaySet($0.weekday) } ?? .daily
        if ["weekly", "week", "sennight"].contains(text) { return (.weekdays(weekday), due != nil) }
        if ["biweekly", "fortnight"].contains(text) { return (.everyWeeks(2, weekday), due != nil) }
        let digits = text.prefix { $0.isNumber }
        let unit = text.dropFirst(digits.count).trimmingPrefix(" ")
        guard let count = digits.isEmpty ? 1 : Int(digits), count > 0, count <= 3650 else { return nil }
        switch unit {
        case "d", "day", "days": return (.every(days: count), true)
        case "w", "wk", "wks", "week", "weeks": return (.everyWeeks(count, weekday), due != nil)
        case "mo", "mos", "mth", "mths", "month", "months", "q", "qtr", "qtrs", "quarter", "quarters":
            return (.monthly, false)
        case "y", "yr", "yrs", "year", "years": return (.yearly, false)
        case "h", "hr", "hrs", "hour", "hours", "min", "mins", "minute", "minutes", "s", "sec", "secs", "second",
            "seconds":
            return (.daily, false)
        default: return nil
        }
    }
}
