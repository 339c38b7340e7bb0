import Foundation
import QuestsCore

/// Small shared wordings for terminal output.
enum Format {
    /// `20 DD`.
    static func dd(_ amount: Int) -> String { "\(amount) DD" }

    /// A balance: `30 DD` (after `label` when given: `balance 30 DD`), or `debt 30 DD` when a sync left it
    /// below zero.
    static func balance(_ amount: Int, label: String? = nil) -> String {
        amount < 0 ? "debt " + dd(-amount) : (label.map { $0 + " " } ?? "") + dd(amount)
    }

    /// `Balance: 30 DD`, or `Debt: 30 DD`: the heading line of wallet, shop and ledger.
    static func balanceHeading(_ amount: Int, style: TextStyle) -> String {
        amount < 0 ? "Debt: " + style.bold(dd(-amount)) : "Balance: " + style.bold(dd(amount))
    }

    /// `+20 DD` / `-20 DD`.
    static func signedDD(_ amount: Int) -> String { (amount >= 0 ? "+" : "-") + dd(abs(amount)) }

    /// `07:00`, or `any time`.
    static func time(_ time: TimeOfDay?) -> String { time?.description ?? "any time" }

    /// `Saturday 2026-11-21`, with `(today)`/`(yesterday)`/`(tomorrow)` when it applies.
    static func day(_ day: LocalDay, today: LocalDay) -> String {
        let relative: String
        switch today.days(to: day) {
        case 0: relative = Message.relativeToday
        case -1: relative = Message.relativeYesterday
        case 1: relative = Message.relativeTomorrow
        default: relative = ""
        }
        return Message.dayHeading(weekday: weekday(day.weekday), date: date(day), relative: relative)
    }

    /// A day in digits as the language writes it: `2026-11-21` (English keeps ISO days), `21.11.2026`.
    static func date(_ day: LocalDay) -> String { Catalog.language.calendar.day(day) }

    /// A weekday's name in the language: `Saturday`, `Samstag`, `土曜日`.
    static func weekday(_ day: Weekday) -> String { Catalog.language.calendar.weekday(day) }

    /// A month of a year in the language: `November 2026`, `novembre 2026`, `2026年11月`.
    static func month(_ month: Month) -> String { Catalog.language.calendar.month(month) }

    /// A whole number grouped as the language writes it: `1,234`, `1.234`.
    static func number(_ value: Int) -> String { Message.number(value) }

    /// A moment as local wall-clock text: `2026-11-21 08:30`.
    static func localTime(_ moment: Date, zone: Zone) -> String {
        let offset = zone.secondsFromGMT(for: moment)
        let text = Timestamp.utcString(moment.addingTimeInterval(TimeInterval(offset)))
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// `text` padded with spaces to `width` terminal cells.
    static func pad(_ text: String, _ width: Int) -> String { DisplayWidth.pad(text, width) }

    /// `text` right-aligned in `width` terminal cells.
    static func padLeft(_ text: String, _ width: Int) -> String { DisplayWidth.padLeft(text, width) }

    /// `All 3 quests done`, or `The only quest is done` for one.
    static func allDone(_ count: Int) -> String { count == 1 ? "The only quest is done" : "All \(count) quests done" }

    /// `1 quest` / `3 quests`.
    /// A completion rate: "80% (24 of 30)", or "– (nothing due)".
    static func rate(_ rate: CompletionRate) -> String {
        rate.percent.map { "\($0)% (\(rate.done) of \(rate.due))" } ?? "– (nothing due)"
    }

    /// `2026-12-24 – 2027-01-02`, or one day alone.
    static func span(_ days: ClosedRange<LocalDay>) -> String {
        days.lowerBound == days.upperBound ? days.lowerBound.description : "\(days.lowerBound) – \(days.upperBound)"
    }

    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    /// A flexible quest's progress through its quota: `2/3 this week`, `8/8 this month`.
    static func quotaProgress(_ progress: Board.QuotaProgress) -> String {
        "\(progress.done)/\(progress.period.times) this \(progress.period.per.rawValue)"
    }
}
