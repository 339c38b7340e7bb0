import Foundation

/// Everything the domain refuses, each with a short message a person can act on.
public enum QuestsError: Error, Equatable, Sendable, LocalizedError {
    case invalidWeekdays(String)
    case invalidTime(String)
    case invalidDay(String)
    case invalidReward(String)
    case emptyTitle
    case duplicateTitle(String, number: Int)
    case noMatch(NameableKind, String, suggestions: [String])
    case ambiguous(NameableKind, String, candidates: [String])
    case notScheduled(quest: String, day: LocalDay)
    case notYetOpen(quest: String, opensAt: TimeOfDay)
    case nonexistentDay(LocalDay, timeZone: String)
    case futureDay(LocalDay)
    case outsideBackfillWindow(LocalDay, windowDays: Int)
    case notCompleted(quest: String, day: LocalDay)
    case undoWouldOverdraw(quest: String, credited: Int, balance: Int)
    case alreadyArchived(String)
    case nothingToChange
    case invalidPrice(String)
    case duplicateReward(String, number: Int)
    case cannotAfford(reward: String, price: Int, balance: Int)
    case nothingToChangeInReward
    case unknownSetting(String)
    case invalidSetting(key: String, value: String, expected: String)
    case noPack(String, available: [String])
    case invalidPack(source: String, problem: JSONError)
    case futureUndo(LocalDay)
    case notArchived(String)
    case ambiguousPack(String, candidates: [String])
    case invalidText(UserText.Field, UserText.Problem)
    case noPurchaseToRefund(LocalDay)
    case alreadyRefunded(reward: String)
    case noteOnCompletedDay(quest: String, day: LocalDay)
    case invalidMonth(String)
    case futureMonth(String)

    public var errorDescription: String? {
        let quoted = UserText.quoted
        switch self {
        case .invalidWeekdays(let text):
            return "invalid days \(quoted(text)): use daily, weekdays, weekends or a list such as mon,wed,fri"
        case .invalidTime(let text):
            return "invalid time \(quoted(text)): use HH:MM on a 24-hour clock, such as 07:30 or 21:00"
        case .invalidDay(let text):
            return "invalid date \(quoted(text)): use YYYY-MM-DD, today, yesterday or a weekday name such as mon"
        case .invalidReward(let text):
            return "invalid reward \(quoted(text)): use a whole number of Daily Dollars from 0 to 1000000"
        case .emptyTitle:
            return "a quest needs a title"
        case .duplicateTitle(let title, let number):
            return "a quest called \(quoted(title)) already exists (#\(number)); pick another title"
        case .noMatch(let kind, let reference, let suggestions):
            if suggestions.isEmpty {
                return "no \(kind.rawValue) matches \(quoted(reference)); see '\(kind == .quest ? "quests list --all" : "quests shop")'"
            }
            return "no \(kind.rawValue) matches \(quoted(reference)); did you mean \(suggestions.joined(separator: " or "))?"
        case .ambiguous(let kind, let reference, let candidates):
            return "\(quoted(reference)) matches several \(kind.rawValue)s: \(candidates.joined(separator: ", ")); use its number"
        case .notScheduled(let quest, let day):
            return "\(quoted(quest)) is not scheduled on \(day.weekday.name) \(day)"
        case .notYetOpen(let quest, let opensAt):
            return "\(quoted(quest)) opens at \(opensAt); use --early to complete it now"
        case .nonexistentDay(let day, let timeZone):
            return "\(day) did not happen in \(timeZone) (the clocks skipped it); nothing can be completed for it"
        case .futureDay(let day):
            return "\(day) is in the future; only today or past days can be completed"
        case .outsideBackfillWindow(let day, let window):
            return "\(day) is more than \(window) days ago; raise the window with 'quests config backfill-days N'"
        case .notCompleted(let quest, let day):
            return "\(quoted(quest)) is not completed for \(day); nothing to undo"
        case .undoWouldOverdraw(let quest, let credited, let balance):
            return "cannot undo \(quoted(quest)): it credited \(credited) DD but the balance is \(balance) DD (already spent)"
        case .alreadyArchived(let quest):
            return "\(quoted(quest)) is already archived"
        case .nothingToChange:
            return "nothing to change: give at least one of --title, --at, --any-time, --days, --reward, --notes"
        case .invalidPrice(let text):
            return "invalid price \(quoted(text)): use a whole number of Daily Dollars from 1 to 1000000"
        case .duplicateReward(let title, let number):
            return "the shop already has \(quoted(title)) (#\(number)); pick another title"
        case .cannotAfford(let reward, let price, let balance):
            return "\(quoted(reward)) costs \(price) DD, you have \(balance) DD (\(price - balance) more needed)"
        case .nothingToChangeInReward:
            return "nothing to change: give at least one of --title, --price, --notes"
        case .unknownSetting(let key):
            return "unknown setting \(quoted(key)): use day-start, week-start or backfill-days"
        case .invalidSetting(let key, let value, let expected):
            return "invalid value \(quoted(value)) for \(key): expected \(expected)"
        case .noPack(let name, let available):
            return "no bundled pack named \(quoted(name)); choose one of \(available.joined(separator: ", ")) or give a file ending in .json"
        case .invalidPack(let source, let problem):
            return "pack \(source) is not valid, nothing was added: \(problem)"
        case .futureUndo(let day):
            return "\(day) is in the future; there is no completion to undo on it"
        case .notArchived(let quest):
            return "\(quoted(quest)) is not archived; nothing to unarchive"
        case .ambiguousPack(let reference, let candidates):
            return "\(quoted(reference)) matches several packs: \(candidates.joined(separator: ", ")); give more of its id"
        case .invalidText(let field, let problem):
            return "the \(field.rawValue) \(problem)"
        case .noPurchaseToRefund(let day):
            return "no purchase made today (\(day)) to refund; only today's most recent purchase can be undone"
        case .alreadyRefunded(let reward):
            return "today's most recent purchase, \(quoted(reward)), is already refunded"
        case .noteOnCompletedDay(let quest, let day):
            return "\(quoted(quest)) is already completed for \(day); a note goes with a new completion (undo it first to add one)"
        case .invalidMonth(let text):
            return "invalid month \(quoted(text)): use YYYY-MM, such as 2026-11"
        case .futureMonth(let month):
            return "\(month) has not started yet; pick the current month or an earlier one"
        }
    }
}
