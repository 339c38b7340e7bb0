import QuestsCore

/// The JSON shapes of `quests log` and `quests stats`.
extension JSONShapes {
    struct LogDocument: JSONShape {
        let months: [LogMonth]

        init(months: [MonthLog]) {
            self.months = months.map { entry in
                LogMonth(
                    month: entry.month.description, summary: SummaryFigures(entry.summary),
                    days: entry.days.map { LogDay(date: $0.day.description, events: $0.happenings.map(LogEvent.init)) })
            }
        }
    }

    struct LogMonth: JSONShape {
        let month: String
        let summary: SummaryFigures
        let days: [LogDay]
    }

    struct LogDay: JSONShape {
        let date: String
        let events: [LogEvent]
    }

    struct LogEvent: JSONShape {
        let kind: String
        let title: String
        let amount: Int
        let note: String
        /// Only for a main quest (kind `focus-goal`): whether it was achieved.
        let achieved: Bool?
        /// Only for a vacation: its last day.
        let through: String?
        /// Only for an amount recorded (kind `amount`): the amount, its unit as typed, the day's total once it
        /// was recorded, and whether it was undone.
        let quantity: Double?
        let unit: String?
        let total: Double?
        let undone: Bool?

        init(_ happening: Happening) {
            kind = happening.kindName
            title = happening.title
            amount = happening.amount
            note = happening.note
            achieved = happening.kind == .mainQuest ? happening.isAchieved : nil
            through = happening.lastDay?.description
            let recorded = happening.recorded
            quantity = recorded.map { JSONShapes.number($0.amount) }
            unit = recorded?.measure.unit
            total = recorded.map { JSONShapes.number($0.total) }
            undone = recorded?.undone
        }
    }

    /// A span's summary: days with anything due and cleared, quest-days due and done, completions, DD.
    struct SummaryFigures: JSONShape {
        let from: String
        let through: String
        let scheduledDays: Int
        let clearedDays: Int
        let due: Int
        let done: Int
        let percent: Nullable<Int>
        let completions: Int
        let earned: Int
        let spent: Int
        let purchases: Int
        let mainQuests: Int
        let mainQuestsAchieved: Int
        let focusTasksDone: Int

        init(_ summary: PeriodSummary) {
            from = summary.from.description
            through = summary.through.description
            scheduledDays = summary.scheduledDays
            clearedDays = summary.clearedDays
            due = summary.rate.due
            done = summary.rate.done
            percent = Nullable(summary.rate.percent)
            completions = summary.completions
            earned = summary.earned
            spent = summary.spent
            purchases = summary.purchases
            mainQuests = summary.mainQuests
            mainQuestsAchieved = summary.mainQuestsAchieved
            focusTasksDone = summary.focusTasksDone
        }
    }
}

extension JSONShapes {
    /// `quests stats`: the month's figures, the previous month's, and each change.
    struct StatsDocument: JSONShape {
        let month: String
        let current: SummaryFigures
        let previous: SummaryFigures
        let change: Changes
        let quests: [QuestRate]
        /// Each group's rate (SPEC 18); empty when no quest is in a group.
        let groups: [GroupRate]
        /// Each counted or limit quest's amounts, against the previous month's (SPEC 18).
        let amounts: [QuestAmounts]
        let weekdays: [WeekdayRate]
        let best: Nullable<String>
        let worst: Nullable<String>
        let weeks: [WeekRate]

        struct Changes: JSONShape {
            let percent: Nullable<Int>
            let clearedDays: Int
            let completions: Int
            let earned: Int
            let spent: Int
            let purchases: Int
            let mainQuestsAchieved: Int
            let focusTasksDone: Int
        }

        struct QuestRate: JSONShape {
            let id: Int
            let title: String
            let due: Int
            let done: Int
            let percent: Nullable<Int>
            let change: Nullable<Int>
        }

        struct GroupRate: JSONShape {
            let group: String
            let due: Int
            let done: Int
            let percent: Nullable<Int>
            let change: Nullable<Int>
        }

        /// A quest's amounts in its unit as typed, and the previous month's; `change` is the total's and the
        /// average per day's against it (null when either month had no day that counts).
        struct QuestAmounts: JSONShape {
            let id: Int
            let title: String
            let unit: String
            let current: AmountFigures
            let previous: Nullable<AmountFigures>
            let change: Nullable<AmountChange>
        }

        struct AmountChange: JSONShape {
            let total: Double
            let average: Double
        }

        struct WeekdayRate: JSONShape {
            let weekday: String
            let due: Int
            let done: Int
            let percent: Nullable<Int>
            let change: Nullable<Int>
        }

        struct WeekRate: JSONShape {
            let start: String
            let due: Int
            let done: Int
            let percent: Nullable<Int>
        }

        init(_ comparison: StatsComparison) {
            let now = comparison.current
            let before = comparison.previous
            month = comparison.month.description
            current = SummaryFigures(now.summary)
            previous = SummaryFigures(before.summary)
            change = Changes(
                percent: Nullable(StatsComparison.points(now.summary.rate, before.summary.rate)),
                clearedDays: now.summary.clearedDays - before.summary.clearedDays,
                completions: now.summary.completions - before.summary.completions,
                earned: now.summary.earned - before.summary.earned, spent: now.summary.spent - before.summary.spent,
                purchases: now.summary.purchases - before.summary.purchases,
                mainQuestsAchieved: now.summary.mainQuestsAchieved - before.summary.mainQuestsAchieved,
                focusTasksDone: now.summary.focusTasksDone - before.summary.focusTasksDone)
            quests = now.questRates.map { entry in
                QuestRate(
                    id: entry.quest.number, title: entry.quest.title, due: entry.rate.due, done: entry.rate.done,
                    percent: Nullable(entry.rate.percent),
                    change: Nullable(StatsComparison.points(entry.rate, comparison.previousRate(of: entry.quest))))
            }
            groups = now.groupRates.map { entry in
                GroupRate(
                    group: entry.group, due: entry.rate.due, done: entry.rate.done,
                    percent: Nullable(entry.rate.percent),
                    change: Nullable(StatsComparison.points(entry.rate, comparison.previousRate(ofGroup: entry.group))))
            }
            amounts = now.questAmounts.map { entry in
                let previous = comparison.previousAmounts(of: entry.quest)
                return QuestAmounts(
                    id: entry.quest.number, title: entry.quest.title, unit: entry.amounts.unit,
                    current: AmountFigures(entry.amounts), previous: Nullable(previous.map { AmountFigures($0) }),
                    change: Nullable(
                        StatsComparison.change(entry.amounts, previous).map {
                            AmountChange(total: Double($0.total) / 1000, average: Double($0.average) / 1000)
                        }))
            }
            weekdays = now.weekdayRates.map { entry in
                WeekdayRate(
                    weekday: entry.weekday.lowercaseName, due: entry.rate.due, done: entry.rate.done,
                    percent: Nullable(entry.rate.percent),
                    change: Nullable(StatsComparison.points(entry.rate, comparison.previousRate(on: entry.weekday))))
            }
            best = Nullable(now.bestWeekday?.weekday.lowercaseName)
            worst = Nullable(now.worstWeekday?.weekday.lowercaseName)
            weeks = now.weeks.map {
                WeekRate(
                    start: $0.start.description, due: $0.rate.due, done: $0.rate.done,
                    percent: Nullable($0.rate.percent))
            }
        }
    }
}
