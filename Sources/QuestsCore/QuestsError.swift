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
    case noPurchaseToRefund(LocalDay)
    case alreadyRefunded(reward: String)

    public var errorDescription: String? {
        switch self {
        case .invalidWeekdays(let text):
            return "invalid days \"\(text)\": use daily, weekdays, weekends or a list such as mon,wed,fri"
        case .invalidTime(let text):
            return "invalid time \"\(text)\": use HH:MM on a 24-hour clock, such as 07:30 or 21:00"
        case .invalidDay(let text):
            return "invalid date \"\(text)\": use YYYY-MM-DD, today, yesterday or a weekday name such as mon"
        case .invalidReward(let text):
            return "invalid reward \"\(text)\": use a whole number of Daily Dollars from 0 to 1000000"
        case .emptyTitle:
            return "a quest needs a title"
        case .duplicateTitle(let title, let number):
            return "a quest called \"\(title)\" already exists (#\(number)); pick another title"
        case .noMatch(let kind, let reference, let suggestions):
            if suggestions.isEmpty {
                return "no \(kind.rawValue) matches \"\(reference)\"; see '\(kind == .quest ? "quests list --all" : "quests shop")'"
            }
            return "no \(kind.rawValue) matches \"\(reference)\"; did you mean \(suggestions.joined(separator: " or "))?"
        case .ambiguous(let kind, let reference, let candidates):
            return "\"\(reference)\" matches several \(kind.rawValue)s: \(candidates.joined(separator: ", ")); use its number"
        case .notScheduled(let quest, let day):
            return "\"\(quest)\" is not scheduled on \(day.weekday.name) \(day)"
        case .notYetOpen(let quest, let opensAt):
            return "\"\(quest)\" opens at \(opensAt); use --early to complete it now"
        case .futureDay(let day):
            return "\(day) is in the future; only today or past days can be completed"
        case .outsideBackfillWindow(let day, let window):
            return "\(day) is more than \(window) days ago; raise the window with 'quests config backfill-days N'"
        case .notCompleted(let quest, let day):
            return "\"\(quest)\" is not completed for \(day); nothing to undo"
        case .undoWouldOverdraw(let quest, let credited, let balance):
            return "cannot undo \"\(quest)\": it credited \(credited) DD but the balance is \(balance) DD (already spent)"
        case .alreadyArchived(let quest):
            return "\"\(quest)\" is already archived"
        case .nothingToChange:
            return "nothing to change: give at least one of --title, --at, --any-time, --days, --reward, --notes"
        case .invalidPrice(let text):
            return "invalid price \"\(text)\": use a whole number of Daily Dollars from 1 to 1000000"
        case .duplicateReward(let title, let number):
            return "the shop already has \"\(title)\" (#\(number)); pick another title"
        case .cannotAfford(let reward, let price, let balance):
            return "\"\(reward)\" costs \(price) DD, you have \(balance) DD (\(price - balance) more needed)"
        case .nothingToChangeInReward:
            return "nothing to change: give at least one of --title, --price, --notes"
        case .unknownSetting(let key):
            return "unknown setting \"\(key)\": use day-start, week-start or backfill-days"
        case .invalidSetting(let key, let value, let expected):
            return "invalid value \"\(value)\" for \(key): expected \(expected)"
        case .noPack(let name, let available):
            return "no bundled pack named \"\(name)\"; choose one of \(available.joined(separator: ", ")) or give a file ending in .json"
        case .invalidPack(let source, let problem):
            return "pack \(source) is not valid, nothing was added: \(problem)"
        case .noPurchaseToRefund(let day):
            return "no purchase made today (\(day)) to refund; only today's most recent purchase can be undone"
        case .alreadyRefunded(let reward):
            return "today's most recent purchase, \"\(reward)\", is already refunded"
        }
    }
}
