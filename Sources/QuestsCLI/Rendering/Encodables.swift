import QuestsCore
import QuestsStore

/// The JSON shapes scripts rely on (SPEC §10). Keys are part of the contract.
enum JSONShapes {
    struct BoardQuest: JSONShape {
        let id: Int
        let uuid: String
        let title: String
        let state: String
        let time: Nullable<String>
        let reward: Int
        let notes: String
        /// A flexible quest's progress through its quota; nil for fixed quests.
        let quota: Nullable<Quota>
        /// A counted quest's target, a limit quest's limit, their unit and the day's total; null for a yes/no
        /// quest (SPEC 18).
        let target: Nullable<Double>
        let atMost: Nullable<Double>
        let unit: Nullable<String>
        let amount: Nullable<Double>
        /// The quest's group, null when none.
        let group: Nullable<String>

        struct Quota: JSONShape {
            let done: Int
            let times: Int
            let per: String
            let from: String
            let through: String
        }

        init(_ entry: Board.Entry) {
            id = entry.quest.number
            uuid = entry.quest.id.uuidString
            title = entry.quest.title
            state = entry.state.rawValue
            time = Nullable(entry.schedule.time?.description)
            reward = entry.reward
            notes = entry.quest.notes
            let measure = entry.schedule.measure
            target = Nullable(measure?.target.map(JSONShapes.number))
            atMost = Nullable(measure?.atMost.map(JSONShapes.number))
            unit = Nullable(measure?.unit)
            amount = Nullable(entry.amount.map(JSONShapes.number))
            group = Nullable(entry.quest.group.isEmpty ? nil : entry.quest.group)
            quota = Nullable(
                entry.quota.map {
                    Quota(
                        done: $0.done, times: $0.period.times, per: $0.period.per.rawValue,
                        from: $0.period.days.lowerBound.description, through: $0.period.days.upperBound.description)
                })
        }

    }

    struct BoardDocument: JSONShape {
        let date: String
        let today: String
        let balance: Int
        let done: Int
        let total: Int
        let streak: Int
        /// The vacation holding today, or null.
        let vacation: Nullable<VacationRecord>
        let quests: [BoardQuest]
        /// The day's focus, the object `quests focus --json` prints.
        let focus: FocusDocument

        init(_ snapshot: BoardSnapshot) {
            date = snapshot.board.day.description
            today = snapshot.now.day.description
            balance = snapshot.balance
            done = snapshot.board.completedCount
            total = snapshot.board.countedCount
            streak = snapshot.streak
            vacation = Nullable(snapshot.vacation.map(VacationRecord.init))
            quests = snapshot.board.entries.map(BoardQuest.init)
            focus = FocusDocument(snapshot.focus)
        }
    }

    struct ListQuest: JSONShape {
        let id: Int
        let uuid: String
        let title: String
        let time: Nullable<String>
        let days: [String]
        /// `weekdays`, `3/week`, `8/month` or `every 3 from 2026-11-02`.
        let kind: String
        let reward: Int
        let notes: String
        let archived: Bool
        let created: String
        /// The quest's group and, for a counted or limit quest, its target or limit and unit; null when none.
        let group: Nullable<String>
        let target: Nullable<Double>
        let atMost: Nullable<Double>
        let unit: Nullable<String>

        init(_ quest: Quest, on day: LocalDay) {
            let schedule = quest.schedule(asOf: day)
            group = Nullable(quest.group.isEmpty ? nil : quest.group)
            target = Nullable(schedule.measure?.target.map(JSONShapes.number))
            atMost = Nullable(schedule.measure?.atMost.map(JSONShapes.number))
            unit = Nullable(schedule.measure?.unit)
            id = quest.number
            uuid = quest.id.uuidString
            title = quest.title
            time = Nullable(schedule.time?.description)
            days = schedule.weekdays.days.map(\.shortName)
            kind = schedule.kind.description
            reward = schedule.reward
            notes = quest.notes
            archived = schedule.archived
            created = quest.createdDay.description
        }

    }

    struct LedgerLine: JSONShape {
        let id: String
        let at: String
        let amount: Int
        let kind: String
        let reference: Nullable<String>
        let memo: String
        let balance: Int

        init(_ line: (entry: LedgerEntry, balanceAfter: Int)) {
            id = line.entry.id.uuidString
            at = Timestamp.utcString(line.entry.at)
            amount = line.entry.amount
            kind = line.entry.kind.rawValue
            reference = Nullable(line.entry.reference?.uuidString)
            memo = line.entry.memo
            balance = line.balanceAfter
        }

    }
}

extension JSONShapes {
    struct ShopReward: JSONShape {
        let id: Int
        let uuid: String
        let title: String
        let price: Int
        let notes: String
        let affordable: Bool
        let missing: Int
    }

    struct ShopDocument: JSONShape {
        let balance: Int
        let rewards: [ShopReward]

        init(_ shop: ShopSnapshot) {
            balance = shop.balance
            rewards = shop.rewards.map { reward in
                let missing = reward.shortfall(balance: shop.balance)
                return ShopReward(
                    id: reward.number, uuid: reward.id.uuidString, title: reward.title, price: reward.price,
                    notes: reward.notes, affordable: missing == 0, missing: missing)
            }
        }
    }

    struct RedemptionLine: JSONShape {
        let id: String
        let reward: Int
        let title: String
        let price: Int
        let at: String
        let day: String
        let refunded: Bool
        /// "reward", or "freeze" for a streak freeze (its `reward` is 0).
        let kind: String

        init(_ redemption: Redemption) {
            id = redemption.id.uuidString
            reward = redemption.rewardNumber
            title = redemption.title
            price = redemption.price
            at = Timestamp.utcString(redemption.at)
            day = redemption.day.description
            refunded = redemption.refunded
            kind = redemption.isFreeze ? "freeze" : "reward"
        }
    }
}

extension JSONShapes {
    struct StreakDocument: JSONShape {
        let current: Int
        let longest: Int
        let currentStart: Nullable<String>
        let longestStart: Nullable<String>
        let longestEnd: Nullable<String>
        let today: String
        let date: String
        /// Streak freezes bought and not used yet.
        let freezesOwned: Int
        /// The missed days freezes covered, oldest first.
        let frozenDays: [String]

        init(_ streak: StreakSummary, freezes: FreezeCoverage, today: LocalDay) {
            freezesOwned = freezes.owned.count
            frozenDays = freezes.covered.map(\.day.description)
            current = streak.current
            longest = streak.longest
            currentStart = Nullable(streak.currentStart?.description)
            longestStart = Nullable(streak.longestStart?.description)
            longestEnd = Nullable(streak.longestEnd?.description)
            self.today = streak.today.rawValue
            date = today.description
        }
    }

    /// What `quests freeze buy --json` prints.
    struct FreezeDocument: JSONShape {
        let id: String
        let day: String
        let price: Int
        let balance: Int
        let owned: Int
    }

    struct AchievementLine: JSONShape {
        let id: String
        let title: String
        let description: String
        let kind: String
        let threshold: Int
        let earned: Nullable<String>
        let progress: Int
    }

    struct AchievementsDocument: JSONShape {
        let earned: [AchievementLine]
        let next: [AchievementLine]

        init(earned: [EarnedAchievement], next: [Achievement], facts: ProgressFacts) {
            let line = { (achievement: Achievement, day: LocalDay?) in
                AchievementLine(
                    id: achievement.id, title: achievement.title, description: achievement.summary,
                    kind: achievement.kind.rawValue, threshold: achievement.threshold,
                    earned: Nullable(day?.description), progress: facts.value(of: achievement.kind))
            }
            self.earned = earned.map { line($0.achievement, $0.day) }
            self.next = next.map { line($0, nil) }
        }
    }

    struct HeatmapDay: JSONShape {
        let date: String
        let scheduled: Int
        let completed: Int
        let level: String
    }

    struct HeatmapDocument: JSONShape {
        let from: String
        let to: String
        let weekStart: String
        let days: [HeatmapDay]

        init(tallies: [DayTally], weekStart: Weekday) {
            from = tallies.first?.day.description ?? ""
            to = tallies.last?.day.description ?? ""
            self.weekStart = weekStart.lowercaseName
            days = tallies.map {
                HeatmapDay(
                    date: $0.day.description, scheduled: $0.scheduled, completed: $0.completed,
                    level: HeatLevel($0).name)
            }
        }
    }

    struct PackSummary: JSONShape {
        let id: String
        let name: String
        let description: String
        let version: Int
        let quests: Int

        init(_ pack: QuestPack) {
            id = pack.id
            name = pack.name
            description = pack.description
            version = pack.version
            quests = pack.quests.count
        }
    }

    struct PackQuestLine: JSONShape {
        let title: String
        let time: Nullable<String>
        let days: [String]
        let kind: String
        let reward: Int
        let notes: String
    }

    struct PackDetail: JSONShape {
        let id: String
        let name: String
        let description: String
        let version: Int
        let quests: [PackQuestLine]

        init(_ pack: QuestPack) {
            id = pack.id
            name = pack.name
            description = pack.description
            version = pack.version
            quests = pack.quests.map {
                PackQuestLine(
                    title: $0.title, time: Nullable($0.schedule.time?.description),
                    days: $0.schedule.weekdays.days.map(\.shortName), kind: $0.schedule.kind.description,
                    reward: $0.schedule.reward, notes: $0.notes)
            }
        }
    }

    struct ImportDocument: JSONShape {
        let dryRun: Bool
        let added: [String: Int]
        let present: [String: Int]
        let skipped: [String: Int]
        let scheduleChanges: Int
        let undoneCompletions: Int
        let balanceBefore: Int
        let balanceAfter: Int
        /// For another tracker's export: its name (`loop`), what was left behind by reason, and the quests
        /// whose schedule is the nearest quests can say.
        var source: String?
        var leftBehind: [String: Int]?
        var nearestSchedules: [String]?

        init(_ report: ImportReport, dryRun: Bool, plan: ImportPlan, source: ImportSource) {
            self.init(report, dryRun: dryRun)
            self.source = source.rawValue
            leftBehind = Dictionary(uniqueKeysWithValues: plan.leftBehind.map { ($0.key.rawValue, $0.value) })
            nearestSchedules = plan.nearestSchedules
        }

        init(_ report: ImportReport, dryRun: Bool) {
            self.dryRun = dryRun
            let rows = Quests.Import.rows(report)
            added = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.counts.added) })
            present = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.counts.present) })
            skipped = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.counts.skipped) })
            scheduleChanges = report.scheduleChanges
            undoneCompletions = report.undoneCompletions
            balanceBefore = report.balanceBefore
            balanceAfter = report.balanceAfter
        }
    }
}

extension JSONShapes {
    /// A vacation: `{id, start, end, reason}`.
    struct VacationRecord: JSONShape {
        let id: String
        let start: String
        let end: String
        let days: Int
        let reason: String

        init(_ vacation: Vacation) {
            id = vacation.id.uuidString
            start = vacation.days.lowerBound.description
            end = vacation.days.upperBound.description
            days = vacation.dayCount
            reason = vacation.reason
        }
    }

    /// `vacation list --json`.
    struct VacationListDocument: JSONShape {
        let vacations: [VacationRecord]
    }
}

extension JSONShapes {
    /// One schedule version of a quest, with the days it covers (`until` is null for the one in force).
    struct ScheduleLine: JSONShape {
        let from: String
        let until: Nullable<String>
        let time: Nullable<String>
        let days: [String]
        let kind: String
        let reward: Int
        let archived: Bool
    }

    /// `quests show QUEST --json`.
    struct QuestDocument: JSONShape {
        let id: Int
        let uuid: String
        let title: String
        let notes: String
        let created: String
        let today: String
        let state: Nullable<String>
        let completions: Int
        let lastCompleted: Nullable<String>
        let schedule: [ScheduleLine]
        let completionNotes: [CompletionNote]
        let streak: StreakFigures
        let rates: Rates
        let heatmap: HeatmapDocument
        /// Today's target or limit and unit of a counted or limit quest, today's total, and the group; null
        /// when none (SPEC 18).
        let target: Nullable<Double>
        let atMost: Nullable<Double>
        let unit: Nullable<String>
        let amount: Nullable<Double>
        let group: Nullable<String>
        /// A counted or limit quest's amounts over the last days, with each day that counts; null for a yes/no
        /// quest.
        let amounts: Nullable<AmountFigures>

        struct CompletionNote: JSONShape {
            let date: String
            let note: String
        }

        struct StreakFigures: JSONShape {
            let current: Int
            let longest: Int
            /// What the streak counts: "day", or "week" / "month" for a flexible quest.
            let unit: String
        }

        struct Rates: JSONShape {
            let last30: RateFigures
            let last90: RateFigures
            let allTime: RateFigures
        }

        init(_ details: QuestDetails) {
            let quest = details.quest
            let measure = quest.schedule(asOf: details.now.day).measure
            target = Nullable(measure?.target.map(JSONShapes.number))
            atMost = Nullable(measure?.atMost.map(JSONShapes.number))
            unit = Nullable(measure?.unit)
            amount = Nullable(details.today?.amount.map(JSONShapes.number) ?? measure.map { _ in 0 })
            group = Nullable(quest.group.isEmpty ? nil : quest.group)
            amounts = Nullable(details.amounts.map { AmountFigures($0, listingDays: true) })
            id = quest.number
            uuid = quest.id.uuidString
            title = quest.title
            notes = quest.notes
            created = quest.createdDay.description
            today = details.now.day.description
            state = Nullable(details.state?.rawValue)
            completions = details.completions
            lastCompleted = Nullable(details.lastCompleted?.description)
            schedule = quest.scheduleSpans.map { span in
                ScheduleLine(
                    from: span.from.description, until: Nullable(span.until?.description),
                    time: Nullable(span.schedule.time?.description), days: span.schedule.weekdays.days.map(\.shortName),
                    kind: span.schedule.kind.description, reward: span.schedule.reward, archived: span.schedule.archived
                )
            }
            completionNotes = details.notes.map { CompletionNote(date: $0.day.description, note: $0.note) }
            streak = StreakFigures(
                current: details.streak.current, longest: details.streak.longest, unit: details.streak.unit.rawValue)
            rates = Rates(
                last30: RateFigures(details.rates.last30), last90: RateFigures(details.rates.last90),
                allTime: RateFigures(details.rates.allTime))
            heatmap = HeatmapDocument(tallies: details.recent, weekStart: details.weekStart)
        }
    }

    /// A completion rate: quest-days due and done, and the percentage (null when nothing was due).
    struct RateFigures: JSONShape {
        let due: Int
        let done: Int
        let percent: Nullable<Int>

        init(_ rate: CompletionRate) {
            due = rate.due
            done = rate.done
            percent = Nullable(rate.percent)
        }
    }
}

extension JSONShapes {
    /// The `focus` object (SPEC §15): `quests focus --json` prints it, `board --json` carries it.
    struct FocusDocument: JSONShape {
        let date: String
        let limit: Int
        let goal: Nullable<Goal>
        let tasks: [Task]
        let offered: Nullable<Offer>

        struct Goal: JSONShape {
            let title: String
            /// `open` or `achieved`; `achievedByItself` and `notYet` tell how.
            let state: String
            let achievedByItself: Bool
            let notYet: Bool
            let carriedOver: Bool
            let reward: Int
        }

        struct Task: JSONShape {
            let position: Int
            let uuid: String
            let title: String
            let priority: String
            /// `in-focus`, `next-up` or `completed`.
            let state: String
            let carriedOver: Bool
            let at: Nullable<String>
            let until: Nullable<String>
            let reward: Int
        }

        struct Offer: JSONShape {
            let from: String
            let goal: Nullable<String>
            let tasks: [String]
        }

        init(_ focus: FocusDay) {
            date = focus.day.description
            limit = focus.limit
            goal = Nullable(
                focus.goal.map {
                    Goal(
                        title: $0.title, state: $0.state.isAchieved ? "achieved" : "open",
                        achievedByItself: $0.state == .achievedByItself,
                        notYet: $0.state == .notYet, carriedOver: $0.carriedFrom != nil, reward: $0.reward)
                })
            tasks = focus.entries.map {
                Task(
                    position: $0.position, uuid: $0.task.id.uuidString, title: $0.task.title,
                    priority: $0.task.priority.rawValue,
                    state: $0.standing.rawValue, carriedOver: $0.task.carriedFrom != nil,
                    at: Nullable($0.task.at?.description),
                    until: Nullable($0.task.until?.description), reward: $0.task.reward)
            }
            offered = Nullable(
                focus.offer.map {
                    Offer(from: $0.from.description, goal: Nullable($0.goal?.title), tasks: $0.tasks.map(\.title))
                })
        }
    }
}

extension JSONShapes {
    /// `quests month --json`: the month's focus day by day, with its counts.
    struct MonthDocument: JSONShape {
        let month: String
        let weekStart: String
        let tasks: Int
        let tasksDone: Int
        let goals: Int
        let goalsAchieved: Int
        let clearedDays: Int
        let days: [Day]

        struct Day: JSONShape {
            let date: String
            /// The main quest: `open` or `achieved`.
            let goal: Nullable<Goal>
            /// Whether every quest due that day was completed.
            let cleared: Bool
            let tasks: [Task]
        }

        struct Goal: JSONShape {
            let title: String
            let state: String
        }

        struct Task: JSONShape {
            let title: String
            let priority: String
            /// `done` or `open`.
            let state: String
        }

        init(_ month: FocusMonth) {
            self.month = month.month.description
            weekStart = month.weekStart.lowercaseName
            tasks = month.taskCount
            tasksDone = month.tasksDone
            goals = month.goalDays
            goalsAchieved = month.goalsAchieved
            clearedDays = month.clearedDays
            days = month.days.map { day in
                Day(
                    date: day.day.description,
                    goal: Nullable(
                        day.goal.map { Goal(title: $0.title, state: $0.state.isAchieved ? "achieved" : "open") }),
                    cleared: day.cleared,
                    tasks: day.marks.map {
                        Task(title: $0.title, priority: $0.priority.rawValue, state: $0.done ? "done" : "open")
                    })
            }
        }
    }
}

extension JSONShapes {
    /// A counted or limit quest's amounts over a span (`AmountHistory`): the days that count, their total,
    /// the average per day (null when no day counts), the best day (null when no day measured against a
    /// target holds an amount) and the days over a limit; with `listingDays`, each day that counts, oldest first.
    struct AmountFigures: JSONShape {
        let from: String
        let through: String
        let countedDays: Int
        let total: Double
        let average: Nullable<Double>
        let best: Nullable<DayAmount>
        let daysOver: Int
        let days: [DayAmount]?

        struct DayAmount: JSONShape {
            let date: String
            let amount: Double
        }

        init(_ amounts: AmountHistory, listingDays: Bool = false) {
            from = amounts.from.description
            through = amounts.through.description
            countedDays = amounts.days.count
            total = JSONShapes.number(amounts.total)
            average = Nullable(amounts.average.map(JSONShapes.number))
            best = Nullable(
                amounts.best.map { DayAmount(date: $0.day.description, amount: JSONShapes.number($0.total)) })
            daysOver = amounts.daysOver
            days =
                listingDays
                ? amounts.days.map { DayAmount(date: $0.day.description, amount: JSONShapes.number($0.total)) } : nil
        }
    }
}

extension JSONShapes {
    /// An amount as a JSON number (`2.5`): thousandths over a thousand, which prints back exactly.
    static func number(_ amount: Amount) -> Double { Double(amount.thousandths) / 1000 }
}
