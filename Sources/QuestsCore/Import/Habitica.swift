import FoundationEssentials

/// Habitica's user data export (`habitica-user-data.json`): the user with its `preferences` (`dayStart`, an
/// hour; `timezoneOffset`, minutes, UTC minus local), `tags`, and `tasks` by type. Dailies and habits are
/// habits; rewards rewards; to-dos are left behind. A history point counts for the Habitica day its moment
/// falls on (local time, less the day start); points Habitica already averaged (no `completed`, no
/// `scoredUp`) are left behind.
public enum Habitica: ForeignFormat {
    public static let trackerName = "Habitica"
    public static let layout = ExportLayout.file

    private struct Point {
        var moment: Double?
        var completed: Bool?
        var scoredUp: Double?
        var scoredDown: Double?
    }

    private struct Task {
        var id: String?
        var text = ""
        var notes = ""
        var tags: [String] = []
        var frequency = "daily"
        var everyX = 1.0
        var repeatDays = WeekdaySet()
        var startDate: Date?
        var up = true
        var down = false
        var value = 0.0
        var history: [Point] = []
    }

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        guard let (path, bytes) = files.files.first else { throw ImportError(file: files.name, .missing(files.name)) }
        let file = files.displayName(path)
        var dayStart = 0.0
        var offset = 0.0
        var tags: [String: String] = [:]
        var tasks: [String: [Task]] = [:]
        var sawTasks = false
        try ForeignJSON.read(bytes, file: file, source: .habitica, opening: UInt8(ascii: "{")) { reader in
            try reader.readObject { reader, key in
                switch key {
                case "preferences":
                    try reader.readObject { reader, key in
                        switch key {
                        case "dayStart": dayStart = try reader.readNumber()
                        case "timezoneOffset": offset = try reader.readNumber()
                        default: try reader.skipValue()
                        }
                    }
                case "tags":
                    try reader.readArray { reader, _ in
                        var id = ""
                        var name = ""
                        try reader.readObject { reader, key in
                            switch key {
                            case "id": id = try reader.readString()
                            case "name": name = try reader.readString()
                            default: try reader.skipValue()
                            }
                        }
                        tags[id] = name
                    }
                case "tasks":
                    sawTasks = true
                    try reader.readObject { reader, type in
                        try reader.readArray { reader, _ in tasks[type, default: []].append(try task(&reader)) }
                    }
                default: try reader.skipValue()
                }
            }
        }
        guard sawTasks else { throw ImportError(file: file, .notThisFormat(.habitica)) }
        guard (0...23).contains(dayStart), (-24 * 60...24 * 60).contains(offset) else {
            throw ImportError(ImportRow(file: file, field: "preferences"), .badValue("\(dayStart), \(offset)"))
        }
        /// The Habitica day a moment (milliseconds since 1970) counted for.
        func day(_ moment: Double) -> LocalDay {
            let local = Int((moment / 1000).rounded(.down)) - Int(offset) * 60 - Int(dayStart) * 3600
            return LocalDay(dayNumber: local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400))
        }

        var history = ForeignHistory(source: .habitica)
        for type in ["dailys", "habits"] {
            for (index, task) in (tasks[type] ?? []).enumerated() {
                let row = ImportRow(file: file, field: "tasks.\(type)[\(index)]")
                guard let id = task.id else { throw ImportError(row, .missing("_id")) }
                var habit = ForeignHistory.Habit(id: id, title: task.text, cadence: .daily, row: row)
                habit.notes = task.notes
                habit.group = task.tags.compactMap { tags[$0] }.first
                habit.createdDay = task.startDate.map { day($0.timeIntervalSince1970 * 1000) }
                if type == "dailys" {
                    guard let (cadence, exact) = cadence(task) else {
                        throw ImportError(row, .badValue(task.frequency))
                    }
                    habit.cadence = cadence
                    habit.cadenceIsExact = exact
                } else {
                    // A habit is never due: each click counts for its day. A down-only one is a limit of 0, every
                    // day: none a day is none a week or a month too.
                    if !task.up, task.down {
                        habit.measure = .atMost(limit: .zero, unit: "")
                    } else {
                        habit.cadence =
                            task.frequency == "weekly"
                            ? .times(1, inDays: 7) : task.frequency == "monthly" ? .times(1, inDays: 30) : .daily
                        habit.cadenceIsExact = false
                    }
                }
                history.habits.append(habit)
                for (number, point) in task.history.enumerated() {
                    let at = ImportRow(file: file, field: "tasks.\(type)[\(index)].history[\(number)]")
                    guard let moment = point.moment else { throw ImportError(at, .missing("date")) }
                    let done: Bool
                    if type == "dailys" {
                        guard let completed = point.completed else {
                            history.leftBehind.append(.averagedHistory)
                            continue
                        }
                        done = completed
                    } else {
                        guard let up = point.scoredUp, let down = point.scoredDown else {
                            history.leftBehind.append(.averagedHistory)
                            continue
                        }
                        if down > 0, task.up { history.leftBehind.append(.downOnTwoWayHabit) }
                        done = up > 0 || (!task.up && down > 0)
                    }
                    guard done else { continue }
                    var amount: Amount?
                    if habit.measure != .yesNo {
                        // A down-only habit's day: how many times it was clicked (−).
                        guard let clicks = point.scoredDown.flatMap(Amount.init(rounding:)) else {
                            throw ImportError(at, .badValue("\(point.scoredDown ?? 0)"))
                        }
                        amount = clicks
                    }
                    history.entries.append(
                        ForeignHistory.Entry(
                            habit: id, day: day(moment), at: Date(timeIntervalSince1970: moment / 1000),
                            mark: .done, amount: amount, row: at))
                }
            }
        }
        for (index, task) in (tasks["rewards"] ?? []).enumerated() {
            let row = ImportRow(file: file, field: "tasks.rewards[\(index)]")
            guard let id = task.id else { throw ImportError(row, .missing("_id")) }
            history.rewards.append(
                ForeignHistory.Reward(id: id, title: task.text, notes: task.notes, price: task.value, row: row))
        }
        history.leftBehind += Array(repeating: .oneOffTasks, count: tasks["todos"]?.count ?? 0)
        return history
    }

    /// A daily's schedule: every `everyX` days, on its weekdays every `everyX` weeks, or monthly or yearly
    /// (the nearest); nil for a frequency Habitica does not have.
    private static func cadence(_ task: Task) -> (ForeignHistory.Cadence, exact: Bool)? {
        let every = Int(task.everyX)
        guard Double(every) == task.everyX, (0...9999).contains(every) else { return nil }
        if every == 0 { return (.trackingOnly, false) }
        switch task.frequency {
        case "daily": return (.every(days: every), true)
        case "weekly": return (.everyWeeks(every, task.repeatDays), true)
        case "monthly": return (.monthly, false)
        case "yearly": return (.yearly, false)
        default: return nil
        }
    }

    private static func task(_ reader: inout JSONReader) throws -> Task {
        var task = Task()
        let weekdays: [String: Weekday] = [
            "m": .monday, "t": .tuesday, "w": .wednesday, "th": .thursday, "f": .friday, "s": .saturday, "su": .sunday,
        ]
        try reader.readObject { reader, key in
            switch key {
            case "_id": task.id = try reader.readString()
            case "text": task.text = try reader.readString()
            case "notes": task.notes = try reader.readOptional { try $0.readString() } ?? ""
            case "tags": try reader.readArray { reader, _ in task.tags.append(try reader.readString()) }
            case "frequency": task.frequency = try reader.readString()
            case "everyX": task.everyX = try reader.readNumber()
            case "up": task.up = try reader.readBool()
            case "down": task.down = try reader.readBool()
            case "value": task.value = try reader.readNumber()
            case "startDate":
                task.startDate = try reader.readOptional { reader in
                    let text = try reader.readString()
                    guard let moment = isoMoment(text) else { throw reader.error(.expected(.utcTime)) }
                    return moment
                }
            case "repeat":
                try reader.readObject { reader, key in
                    let on = try reader.readBool()
                    if on, let day = weekdays[key] { task.repeatDays.insert(WeekdaySet(day)) }
                }
            case "history":
                try reader.readArray { reader, _ in
                    var point = Point()
                    try reader.readObject { reader, key in
                        switch key {
                        case "date": point.moment = try reader.readNumber()
                        case "completed": point.completed = try reader.readBool()
                        case "scoredUp": point.scoredUp = try reader.readNumber()
                        case "scoredDown": point.scoredDown = try reader.readNumber()
                        default: try reader.skipValue()
                        }
                    }
                    task.history.append(point)
                }
            default: try reader.skipValue()
            }
        }
        return task
    }

    /// `2025-01-01T05:00:00.000Z`, its fraction of a second dropped.
    static func isoMoment(_ text: String) -> Date? {
        var text = Substring(text)
        if let dot = text.firstIndex(of: "."), text.hasSuffix("Z") { text = text[..<dot] + "Z" }
        return Timestamp.parseUTC(String(text))
    }
}
