import FoundationEssentials
import QuestsCore

/// Small shared wordings for terminal output.
enum Format {
    /// `20 DD`.
    static func dd(_ amount: Int) -> String { Message.formatDd(amount: amount) }

    /// A balance: `30 DD` (`balance 30 DD` when `labelled`), or `debt 30 DD` when a sync left it below zero.
    static func balance(_ amount: Int, labelled: Bool = false) -> String {
        amount < 0
            ? Message.formatDebt(amount: dd(-amount))
            : labelled ? Message.formatBalance(amount: dd(amount)) : dd(amount)
    }

    /// `Balance: 30 DD`, or `Debt: 30 DD`: the heading line of wallet, shop and ledger.
    static func balanceHeading(_ amount: Int, style: TextStyle) -> String {
        amount < 0
            ? Message.formatDebtHeading(amount: style.bold(dd(-amount)))
            : Message.formatBalanceHeading(amount: style.bold(dd(amount)))
    }

    /// `+20 DD` / `-20 DD`.
    static func signedDD(_ amount: Int) -> String { (amount >= 0 ? "+" : "-") + dd(abs(amount)) }

    /// `07:00`, or `any time`.
    static func time(_ time: TimeOfDay?) -> String { time?.description ?? Message.formatAnyTime }

    /// How often `schedule` is due, in the reader's language: `daily`, `weekdays`, `mon,wed,fri`, `3/week`,
    /// `every 3 days`.
    static func days(_ schedule: Schedule) -> String {
        switch schedule.kind {
        case .every(1, _): return Message.scheduleDaily
        case .every(let days, _): return Message.scheduleEvery(count: days)
        case .quota(let times, .week): return Message.scheduleQuotaWeek(count: times)
        case .quota(let times, .month): return Message.scheduleQuotaMonth(count: times)
        case .weekdays:
            switch schedule.weekdays {
            case .daily: return Message.scheduleDaily
            case .weekdays: return Message.scheduleWeekdays
            case .weekends: return Message.scheduleWeekends
            default:
                // The language's short names, as typed after --days: `mon,wed,fri`, `mo,mi,fr`, `lun,mer,ven`.
                return schedule.weekdays.days.map { day in
                    var name = Catalog.language.calendar.shortWeekday(day).lowercased()
                    if name.hasSuffix(".") { name.removeLast() }
                    return name
                }.joined(separator: ",")
            }
        }
    }

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

    /// A weekday's short name, as a calendar's column heading: `Mon`, `Mo`, `月`.
    static func shortWeekday(_ day: Weekday) -> String { Catalog.language.calendar.shortWeekday(day) }

    /// A month of a year in the language: `November 2026`, `novembre 2026`, `2026年11月`.
    static func month(_ month: Month) -> String { Catalog.language.calendar.month(month) }

    /// `bytes` for people, in SI units with one decimal under 100 and the language's decimal separator:
    /// `812 B`, `12.4 kB`, `16,6 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var tenths = (bytes + 50) / 100
        var unit = 0
        while tenths >= 10_000, unit < units.count - 1 {
            tenths = (tenths + 500) / 1000
            unit += 1
        }
        let whole = tenths / 10
        let number =
            whole >= 100
            ? number((tenths + 5) / 10) : "\(whole)\(Catalog.language.calendar.decimalSeparator)\(tenths % 10)"
        return "\(number) \(units[unit])"
    }

    /// A whole number grouped as the language writes it: `1,234`, `1.234`.
    static func number(_ value: Int) -> String { Message.number(value) }

    /// A percentage as the language writes it: `80%`, `80 %`.
    static func percent(_ value: Int) -> String { Catalog.language.calendar.percent(value) }

    /// A moment as local wall-clock text: `2026-11-21 08:30` (the day as the language writes it).
    static func localTime(_ moment: Date, zone: Zone) -> String {
        let offset = zone.secondsFromGMT(for: moment)
        let text = Timestamp.utcString(moment.addingTimeInterval(TimeInterval(offset)))
        let day = LocalDay(text.prefix(10)).map(date) ?? String(text.prefix(10))
        return day + " " + text.dropFirst(11).prefix(5)
    }

    /// `text` padded with spaces to `width` terminal cells.
    static func pad(_ text: String, _ width: Int) -> String { DisplayWidth.pad(text, width) }

    /// `text` right-aligned in `width` terminal cells.
    static func padLeft(_ text: String, _ width: Int) -> String { DisplayWidth.padLeft(text, width) }

    /// `All 3 quests done`, or `The only quest is done` for one (a different sentence, not a plural form).
    static func allDone(_ count: Int) -> String {
        count == 1 ? Message.formatOnlyQuestDone : Message.formatAllQuestsDone(count: count)
    }

    /// A completion rate: "80% (24 of 30)", or "– (nothing due)".
    static func rate(_ rate: CompletionRate) -> String {
        rate.percent.map { Message.formatRate(percent: percent($0), done: rate.done, due: rate.due) }
            ?? Message.formatRateNothingDue
    }

    /// `2026-12-24 – 2027-01-02`, or one day alone.
    static func span(_ days: ClosedRange<LocalDay>) -> String {
        days.lowerBound == days.upperBound
            ? date(days.lowerBound) : date(days.lowerBound) + " – " + date(days.upperBound)
    }

    /// A flexible quest's progress through its quota: `2/3 this week`, `8/8 this month`.
    static func quotaProgress(_ progress: Board.QuotaProgress) -> String {
        switch progress.period.per {
        case .week: Message.formatQuotaWeek(done: progress.done, times: progress.period.times)
        case .month: Message.formatQuotaMonth(done: progress.done, times: progress.period.times)
        }
    }
}

extension Format {
    /// An amount in the language's digits and decimal separator, with its unit as typed: `2,5 km`, `8`.
    static func amount(_ amount: Amount, unit: String = "") -> String {
        let digits = amount.text(decimalSeparator: Catalog.language.calendar.decimalSeparator)
        return unit.isEmpty ? digits : digits + " " + Sanitized.line(unit)
    }

    /// Where a day's `total` stands against `measure`: `3/8 glasses`, `1 of at most 2 cups`; a target of
    /// nothing (any amount makes the day, as harsh's habits do) shows the total alone: `3 glasses`.
    static func progress(_ total: Amount, _ measure: QuestMeasure) -> String {
        switch measure.kind {
        case .target where measure.amount == .zero: return amount(total, unit: measure.unit)
        case .target: return amount(total) + "/" + amount(measure.amount, unit: measure.unit)
        case .atMost:
            return Message.formatLimitProgress(total: amount(total), limit: amount(measure.amount, unit: measure.unit))
        }
    }

    /// A counted quest's target or a limit quest's limit: `8 glasses`, `at most 2 cups`.
    static func measure(_ measure: QuestMeasure) -> String {
        switch measure.kind {
        case .target: return amount(measure.amount, unit: measure.unit)
        case .atMost: return Message.formatAtMost(limit: amount(measure.amount, unit: measure.unit))
        }
    }

    /// Reads an amount typed in the reader's language: `2.5`, or `2,5` where the language writes so.
    static func parseAmount(_ text: String) throws(QuestsError) -> Amount {
        try Amount.parse(text, decimalSeparator: Catalog.language.calendar.decimalSeparator.first ?? ".")
    }
}
