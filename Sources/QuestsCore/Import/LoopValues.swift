/// What Loop Habit Tracker's numbers mean, the same in its SQLite backup (`LoopDatabase`) and its CSV export
/// (`LoopCSV`): a habit's type, target and frequency (`Habit.kt`), and a day's value (`Entry.kt`).
public enum LoopValues {
    /// A manual check, an implied one, an explicit miss, a skip, a day with only a note (`Entry.kt`). A
    /// numerical habit's value is its amount in thousandths instead (2500 is 2.5), but for a skip.
    public static let yesManual = 2
    public static let yesAuto = 1
    public static let no = 0
    public static let skip = 3
    public static let unknown = -1

    /// Makes `habit` a counted (`atMost` false) or limit habit of `target` units (a `REAL` in the backup,
    /// `10.0` in the CSV) in `unit`. A numerical habit's frequency is its target's period (1, 7 or 30 days,
    /// `freq_den`); quests measures each day, as Loop's own streaks do, so a counted habit keeps its cadence
    /// (once in the period) and a limit habit is judged every day, each against the target; over a longer
    /// period either is the nearest quests can say. Refuses a target quests cannot keep.
    public static func measure(
        _ habit: inout ForeignHistory.Habit, atMost: Bool, target: Double, unit: String, period: Int
    ) throws(ImportError) {
        guard let amount = Amount(rounding: target) else { throw ImportError(habit.row, .badValue("\(target)")) }
        if atMost {
            habit.measure = .atMost(limit: amount, unit: unit)
            habit.cadence = .daily
        } else {
            habit.measure = .atLeast(target: amount, unit: unit)
        }
        if period > 1 { habit.cadenceIsExact = false }
    }

    /// What a day's `value` is: a check, a skip, an amount (a numerical habit's thousandths, exactly), only a
    /// note (when `note` is not empty), or nil for nothing (an implied check, a miss, an unknown day; a
    /// numerical habit's 0). Refuses a numerical value below 0 other than `unknown`, and one over what
    /// quests keeps.
    public static func entry(_ value: Int, numeric: Bool, note: String, at row: ImportRow) throws(ImportError)
        -> (mark: ForeignHistory.Mark, amount: Amount?)?
    {
        switch value {
        case skip: return (.skip, nil)
        case yesManual where !numeric: return (.done, nil)
        case _ where numeric && value > no:
            guard let amount = Amount(thousandths: value) else { throw ImportError(row, .badValue("\(value)")) }
            return (.done, amount)
        case _ where numeric && value < unknown: throw ImportError(row, .badValue("\(value)"))
        default: return note.isEmpty ? nil : (.noteOnly, nil)
        }
    }
}
