import FoundationEssentials

/// A tracker whose history `quests import --from` reads.
public enum ImportSource: String, CaseIterable, Sendable {
    case loop
    case harsh
    case habitica
    case taskwarrior
}

/// Where in the source a record was read (a file and its line or row, or its place in a JSON document), for
/// a refusal to name.
public struct ImportRow: Hashable, Sendable {
    public let file: String
    /// 1-based line or row; nil for the file as a whole.
    public let row: Int?
    /// The record's path in a JSON document (`tasks.dailys[2]`).
    public let field: String?

    public init(file: String, row: Int? = nil, field: String? = nil) {
        self.file = file
        self.row = row
        self.field = field
    }
}

/// What an importer read from another tracker, in the source's own terms, before it becomes a quests
/// backup document (`ImportPlan`). Every record keeps the source's own id, from which its UUID derives.
public struct ForeignHistory: Equatable, Sendable {
    public var source: ImportSource
    public var habits: [Habit] = []
    public var entries: [Entry] = []
    public var rewards: [Reward] = []
    /// What the reader saw but cannot bring (an averaged history point, a to-do), one reason each.
    public var leftBehind: [LeftBehindReason] = []

    public init(source: ImportSource) {
        self.source = source
    }

    /// A habit, daily, task series: what becomes a quest.
    public struct Habit: Equatable, Sendable {
        /// The source's own id, unique within the source.
        public var id: String
        public var title: String
        public var notes: String = ""
        public var cadence: Cadence
        /// False when the reader already had to pick the nearest cadence quests can say.
        public var cadenceIsExact = true
        public var measure: Measure = .yesNo
        /// The group (a harsh heading, Habitica tags) it belongs to.
        public var group: String?
        public var archived = false
        /// The last day it ran, when the source says (harsh's end date).
        public var endDay: LocalDay?
        /// The day the source says it began.
        public var createdDay: LocalDay?
        public var row: ImportRow

        public init(id: String, title: String, cadence: Cadence, row: ImportRow) {
            self.id = id
            self.title = title
            self.cadence = cadence
            self.row = row
        }
    }

    /// How often a habit is due, as the source says it.
    public enum Cadence: Hashable, Sendable {
        case daily
        case every(days: Int)
        case weekdays(WeekdaySet)
        /// On `weekdays`, every `weeks` weeks.
        case everyWeeks(Int, WeekdaySet)
        /// `times` in each rolling window of `days` days.
        case times(Int, inDays: Int)
        /// Days of the month or weeks of the month (Habitica's monthly), or once a year.
        case monthly
        case yearly
        /// Recorded, never due (harsh's `0`).
        case trackingOnly
    }

    /// What a day of the habit holds: a check, or an amount against a target or a limit. Amounts are
    /// exact thousandths (`Amount`): a reader makes them from the source's own encoding once (Loop's
    /// thousandths as they are, harsh's decimals rounded), and nothing after it scales them.
    public enum Measure: Hashable, Sendable {
        case yesNo
        /// At least `target` a day in `unit`; 0 when any amount recorded is the day done (harsh's).
        case atLeast(target: Amount, unit: String)
        /// At most `limit` a day.
        case atMost(limit: Amount, unit: String)
    }

    /// One day of one habit as the source recorded it.
    public struct Entry: Equatable, Sendable {
        /// The habit's source id.
        public var habit: String
        public var day: LocalDay
        /// When it was recorded, when the source says.
        public var at: Date?
        public var mark: Mark
        /// The amount recorded with it, in the habit's unit: nil for a yes/no habit, and for a done day of a
        /// counted or limit habit that recorded none (an amount of 0).
        public var amount: Amount?
        public var note: String = ""
        public var row: ImportRow

        public init(
            habit: String, day: LocalDay, at: Date? = nil, mark: Mark, amount: Amount? = nil, note: String = "",
            row: ImportRow
        ) {
            self.habit = habit
            self.day = day
            self.at = at
            self.mark = mark
            self.amount = amount
            self.note = note
            self.row = row
        }
    }

    public enum Mark: Hashable, Sendable {
        /// Done; for a counted or limit habit, its amount recorded.
        case done
        case skip
        /// Only a note, no check.
        case noteOnly
    }

    /// A reward the source sells (Habitica's), at its price.
    public struct Reward: Equatable, Sendable {
        public var id: String
        public var title: String
        public var notes: String = ""
        public var price: Double
        public var row: ImportRow

        public init(id: String, title: String, notes: String = "", price: Double, row: ImportRow) {
            self.id = id
            self.title = title
            self.notes = notes
            self.price = price
            self.row = row
        }
    }
}

/// Why an import left something behind.
public enum LeftBehindReason: String, CaseIterable, Sendable {
    /// A note on a day with no check.
    case noteWithoutCheck = "note-without-check"
    /// A note on a day of a counted or limit habit: quests keeps amounts without notes.
    case noteWithAmount = "note-with-amount"
    /// A day of − on a Habitica habit that also has +: the quest counts the + days.
    case downOnTwoWayHabit = "down-on-two-way-habit"
    /// History the source kept only as averages (Habitica's older history).
    case averagedHistory = "averaged-history"
    /// A one-off task (a to-do) rather than a habit.
    case oneOffTasks = "one-off-tasks"
}
