/// How full a heatmap cell is, from a day's completed / scheduled ratio.
public enum HeatLevel: Int, CaseIterable, Sendable {
    case nothingScheduled, none, some, most, all, setAside

    /// The level of `tally`: some is under half, most is half or more but not all. A day whose quests were
    /// all skipped, or a vacation day or one a streak freeze covered with nothing done, was set aside.
    public init(_ tally: DayTally) {
        if (tally.isExcused || tally.isFrozen) && tally.completed == 0 {
            self = .setAside
        } else if tally.scheduled == 0 {
            self = .nothingScheduled
        } else if tally.completed == 0 {
            self = .none
        } else if tally.completed >= tally.scheduled {
            self = .all
        } else {
            self = tally.completed * 2 >= tally.scheduled ? .most : .some
        }
    }

    /// The level's key in `--json`: `nothing scheduled`, `none`, `some`, `most`, `all`, `set aside`.
    public var name: String {
        switch self {
        case .nothingScheduled: return "nothing scheduled"
        case .none: return "none"
        case .some: return "some"
        case .most: return "most"
        case .all: return "all"
        case .setAside: return "set aside"
        }
    }
}

/// Draws days as a contribution-graph grid: weekday rows, week columns, month labels and a legend.
/// Pure: returns text, each day drawn by `cell` from its level (the command line colours them).
public struct Heatmap: Sendable {
    public let tallies: [DayTally]
    public let weekStart: Weekday
    /// Draws one day of a level, one column wide (the grid adds a space after it).
    public let cell: @Sendable (HeatLevel) -> String
    public let labels: Labels

    /// The words around the grid, in the reader's language, and how many terminal columns a text takes.
    public struct Labels: Sendable {
        /// A short month name over the week it starts in (`Nov`, `11月`), January first.
        public let months: [String]
        /// A short weekday name before its row (`Mon`, `Mo.`, `月`), Monday first.
        public let weekdays: [String]
        /// The legend's word for each level, in `HeatLevel.allCases` order.
        public let levels: [String]
        /// The terminal columns `text` takes (a wide character takes two).
        public let width: @Sendable (String) -> Int

        /// The columns before the grid: the widest weekday label and a space (`Mon `).
        public var rowLabelWidth: Int { (weekdays.map(width).max() ?? 3) + 1 }

        public init(
            months: [String], weekdays: [String], levels: [String], width: @escaping @Sendable (String) -> Int
        ) {
            self.months = months
            self.weekdays = weekdays
            self.levels = levels
            self.width = width
        }
    }

    /// - Parameter tallies: consecutive days, oldest first.
    public init(
        tallies: [DayTally], weekStart: Weekday, labels: Labels,
        cell: @escaping @Sendable (HeatLevel) -> String = Heatmap.plainCell
    ) {
        self.tallies = tallies
        self.weekStart = weekStart
        self.labels = labels
        self.cell = cell
    }

    /// A level as a plain shade: `·` for nothing scheduled, then `░ ▒ ▓ █`, and `~` for a day set aside.
    public static func plainCell(_ level: HeatLevel) -> String {
        switch level {
        case .nothingScheduled: return "·"
        case .none: return "░"
        case .some: return "▒"
        case .most: return "▓"
        case .all: return "█"
        case .setAside: return "~"
        }
    }

    /// The grid as lines of text, its legend wrapped to `width` terminal columns.
    public func render(width: Int = .max) -> String {
        guard let first = tallies.first else { return "" }
        let lead = first.day.weekday.daysSince(weekStart)
        let gridStart = first.day.adding(days: -lead)
        let columns = (lead + tallies.count + 6) / 7
        let byDay = Dictionary(uniqueKeysWithValues: tallies.map { ($0.day.dayNumber, $0) })
        let labelWidth = labels.rowLabelWidth

        // A label goes over the week where a month starts; the first week gets its month's label too
        // unless the next month starts too soon after it for both to fit.
        var monthLabels: [(column: Int, month: Int)] = []
        for column in 0..<columns {
            let days = (0..<7).map { gridStart.adding(days: column * 7 + $0) }.filter { byDay[$0.dayNumber] != nil }
            if let start = days.first(where: { $0.components.day == 1 }) {
                monthLabels.append((column, start.components.month))
            } else if column == 0, let first = days.first {
                monthLabels.append((column, first.components.month))
            }
        }
        if monthLabels.count > 1, monthLabels[0].column == 0, monthLabels[1].column < 3,
            let firstDay = byDay.keys.min(), LocalDay(dayNumber: firstDay).components.day != 1
        {
            monthLabels.removeFirst()
        }
        var monthLine = ""
        var lineEnd = 0
        for label in monthLabels {
            let position = labelWidth + label.column * 2
            guard position >= lineEnd + (lineEnd == 0 ? 0 : 1) else { continue }
            let name = labels.months[label.month - 1]
            monthLine += String(repeating: " ", count: position - lineEnd) + name
            lineEnd = position + labels.width(name)
        }
        var lines = [monthLine]

        for (row, weekday) in Weekday.week(startingOn: weekStart).enumerated() {
            let name = labels.weekdays[weekday.rawValue - 1]
            var line = name + String(repeating: " ", count: labelWidth - labels.width(name))
            for column in 0..<columns {
                let day = gridStart.adding(days: column * 7 + row)
                line += byDay[day.dayNumber].map { cell(HeatLevel($0)) + " " } ?? "  "
            }
            lines.append(String(line).trimmingTrailingSpaces())
        }
        // The legend under the grid, wrapped between its items to `width`.
        lines.append("")
        let indent = String(repeating: " ", count: labelWidth)
        var legend = indent
        for level in HeatLevel.allCases {
            let item = cell(level) + " " + labels.levels[level.rawValue]
            let itemWidth = labels.width(labels.levels[level.rawValue]) + 2
            if legend != indent, labels.width(legend) + 2 + itemWidth > width {
                lines.append(legend)
                legend = indent
            }
            legend += (legend == indent ? "" : "  ") + item
        }
        lines.append(legend)
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string without trailing spaces.
    public func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
