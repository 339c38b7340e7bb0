import FoundationEssentials

/// harsh's two text files: `habits` (`! Heading`, `Name: frequency[: end date]`, `#` comments) and `log`
/// (`YYYY-MM-DD : Name : y|n|s[ : comment[ : amount]]`). A habit's id is its name, as harsh has no other; a
/// habit whose log has amounts is a counted one.
public enum Harsh: ForeignFormat {
    public static let trackerName = "harsh"
    public static let layout = ExportLayout.files(["habits", "log"])

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        var history = ForeignHistory(source: .harsh)
        let habitsFile = files.displayName("habits")
        var heading: String?
        for (number, line) in try lines(files.file("habits"), habitsFile) {
            let row = ImportRow(file: habitsFile, row: number)
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            if line.hasPrefix("!") {
                guard let range = line.firstRange(of: "! ") else { throw ImportError(row, .badValue(line)) }
                heading = String(line[range.upperBound...]).trimmingWhitespace()
                continue
            }
            let fields = line.split(separator: ": ", omittingEmptySubsequences: false).map {
                String($0).trimmingWhitespace()
            }
            guard fields.count == 2 || fields.count == 3, !fields[0].isEmpty else {
                throw ImportError(row, .badValue(line))
            }
            guard let (cadence, exact) = frequency(fields[1]) else { throw ImportError(row, .badValue(fields[1])) }
            var habit = ForeignHistory.Habit(id: fields[0], title: fields[0], cadence: cadence, row: row)
            habit.cadenceIsExact = exact
            habit.group = heading.flatMap { $0.isEmpty ? nil : $0 }
            if fields.count == 3 {
                guard let end = LocalDay(fields[2]) else { throw ImportError(row, .badDate(fields[2])) }
                habit.endDay = end
            }
            history.habits.append(habit)
        }
        let logFile = files.displayName("log")
        for (number, line) in try lines(files.file("log"), logFile) {
            let row = ImportRow(file: logFile, row: number)
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: " : ", omittingEmptySubsequences: false).map(String.init)
            guard (3...5).contains(fields.count) else { throw ImportError(row, .badValue(line)) }
            let dayText = fields[0].trimmingWhitespace()
            guard let day = LocalDay(dayText) else { throw ImportError(row, .badDate(dayText)) }
            let name = fields[1].trimmingWhitespace()
            let note = fields.count > 3 ? fields[3].trimmingWhitespace() : ""
            var amount: Amount?
            if fields.count == 5, !fields[4].trimmingWhitespace().isEmpty {
                guard let value = Double(fields[4].trimmingWhitespace()).flatMap(Amount.init(rounding:)) else {
                    throw ImportError(row, .badValue(fields[4]))
                }
                if value != .zero { amount = value }
            }
            let mark: ForeignHistory.Mark
            switch fields[2].trimmingWhitespace() {
            case "y": mark = .done
            case "s": mark = .skip
            case "n":
                // A miss is a day with no completion; only its note has somewhere to be left behind.
                guard !note.isEmpty else { continue }
                mark = .noteOnly
            default: throw ImportError(row, .badValue(fields[2]))
            }
            history.entries.append(
                ForeignHistory.Entry(
                    habit: name, day: day, mark: mark, amount: mark == .done ? amount : nil, note: note, row: row))
        }
        // A habit with amounts counts them: harsh has no targets, and any day it says done is done (target 0).
        let counted = Set(history.entries.filter { $0.amount != nil }.map(\.habit))
        for index in history.habits.indices where counted.contains(history.habits[index].id) {
            history.habits[index].measure = .atLeast(target: .zero, unit: "")
        }
        return history
    }

    /// `N` (once in N days), `Nw` (N weeks), `T/I` (T times in I days, I may be `Nw`), `0` (tracking only);
    /// nil for anything else, or T above I.
    static func frequency(_ text: String) -> (ForeignHistory.Cadence, exact: Bool)? {
        func days(_ text: Substring) -> Int? {
            let text = String(text).trimmingWhitespace()
            if text.hasSuffix("w") { return Int(text.dropLast()).flatMap { $0 > 0 && $0 <= 520 ? $0 * 7 : nil } }
            return Int(text).flatMap { $0 >= 0 && $0 <= 3650 ? $0 : nil }
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 {
            guard let window = days(parts[0]) else { return nil }
            return window == 0 ? (.trackingOnly, true) : (.times(1, inDays: window), true)
        }
        guard parts.count == 2, let times = Int(String(parts[0]).trimmingWhitespace()), times > 0,
            let window = days(parts[1]), window > 0, times <= window
        else { return nil }
        return (.times(times, inDays: window), true)
    }

    /// The lines of a text file, numbered from 1; refused unless UTF-8.
    static func lines(_ bytes: [UInt8], _ file: String) throws(ImportError) -> [(Int, String)] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(file: file, .notThisFormat(.harsh))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            ($0.offset + 1, String($0.element.hasSuffix("\r") ? $0.element.dropLast() : $0.element))
        }
    }
}
