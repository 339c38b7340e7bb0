import Foundation
import QuestsCore

extension QuestStore {
    /// The month `month` names (nil: this month) as `quests month` draws it: its focus tasks and main
    /// quests, and which of its days cleared their quests, as of `now`.
    public func focusMonth(_ month: Month? = nil, now: Now) throws -> FocusMonth {
        try read { db in
            let settings = try db.settings()
            let today = now.position(dayStart: settings.dayStart).day
            let month = month ?? Month(containing: today)
            // Days after today are not judged: nothing of theirs is cleared yet.
            let through = min(month.last, today)
            let tallies =
                through < month.first
                ? []
                : try db.history(since: month.first, through: through, zone: now.zone, settings: settings).tallies(
                    from: month.first, through: through)
            return FocusMonth(
                month: month, weekStart: settings.weekStart, today: today,
                goals: try db.focusGoals(from: month.first, through: month.last),
                tasks: try db.focusTasks(from: month.first, through: month.last), tallies: tallies)
        }
    }
}
