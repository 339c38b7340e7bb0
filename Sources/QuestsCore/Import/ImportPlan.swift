import FoundationEssentials

/// Another tracker's history as a quests backup document, ready for the one merge every import goes
/// through (`Backups.importBackup`), with what it left behind and which schedules are the nearest quests
/// can say.
public struct ImportPlan: Sendable {
    public let backup: Backup
    /// What was not brought, by reason, with how many.
    public let leftBehind: [LeftBehindReason: Int]
    /// The titles of quests whose schedule is the nearest to the source's.
    public let nearestSchedules: [String]

    /// The plan for `history`: every habit a quest whose UUID derives from the source's id
    /// (`loop:<id>`), every done day a completion for that day (its UUID from quest and day, as any
    /// completion's), every skip a skip. A counted or limit habit is a counted or limit quest, each of its
    /// days an amount entry (its UUID from quest and day too): the store derives the completions and their
    /// pay from the amounts when the merge settles those days (`Backups.importBackup`), as every machine that
    /// syncs them does, so without `pay` such a quest's schedule pays 0 until the day of the import. With
    /// `pay`, each completion pays its quest's reward in a ledger entry of its own. A later entry for the
    /// same habit and day replaces an earlier one. Refuses a record quests cannot keep (an empty or overlong
    /// title or unit, an entry for a habit the source lacks), naming its row.
    public init(_ history: ForeignHistory, clock: ImportClock, pay: Bool, appVersion: String, exportedAt: Date)
        throws(ImportError)
    {
        var left: [LeftBehindReason: Int] = [:]
        var nearest: [String] = []
        for reason in history.leftBehind { left[reason, default: 0] += 1 }

        var latest: [String: [Int: ForeignHistory.Entry]] = [:]
        for entry in history.entries { latest[entry.habit, default: [:]][entry.day.dayNumber] = entry }
        let known = Set(history.habits.map(\.id))
        if let stray = history.entries.first(where: { !known.contains($0.habit) }) {
            throw ImportError(stray.row, .unknownHabit(stray.habit))
        }

        var backup = Backup(appVersion: appVersion, exportedAt: exportedAt)
        var paid: [(Completion<UUID>, reward: Int, title: String)] = []
        for habit in history.habits {
            let title = habit.title.trimmingWhitespace()
            guard !title.isEmpty else { throw ImportError(habit.row, .emptyTitle) }
            if let problem = UserText.problem(with: title, as: .title) { throw ImportError(habit.row, .text(problem)) }
            if let problem = UserText.problem(with: habit.notes, as: .notes) {
                throw ImportError(habit.row, .text(problem))
            }
            let entries = (latest[habit.id] ?? [:]).values.sorted { $0.day < $1.day }
            // A harsh heading or Habitica tag is the quest's group.
            let group = (habit.group ?? "").trimmingWhitespace()
            if let problem = UserText.problem(with: group, as: .title) { throw ImportError(habit.row, .text(problem)) }
            let measure: QuestMeasure?
            switch habit.measure {
            case .yesNo: measure = nil
            case .atLeast(let target, let unit):
                measure = QuestMeasure(.target, target, unit: unit.trimmingWhitespace())
            case .atMost(let limit, let unit): measure = QuestMeasure(.atMost, limit, unit: unit.trimmingWhitespace())
            }
            if let problem = UserText.problem(with: measure?.unit ?? "", as: .title) {
                throw ImportError(habit.row, .text(problem))
            }
            let id = NameUUID.make("\(history.source.rawValue):\(habit.id)")
            let today = clock.day(of: exportedAt)
            let created = min(habit.createdDay ?? entries.first?.day ?? today, entries.first?.day ?? today)
            let (kind, weekdays, exact) = Self.schedule(habit.cadence, from: created)
            if !(exact && habit.cadenceIsExact) { nearest.append(title) }
            let schedule = Schedule(weekdays: weekdays, kind: kind, measure: measure).anchored(at: created)
            let paysFrom = measure == nil || pay ? created : max(created, today)
            var unpaid = schedule
            unpaid.reward = 0
            var versions = [ScheduleVersion(effectiveFrom: created, schedule: paysFrom > created ? unpaid : schedule)]
            let end =
                habit.archived || habit.endDay != nil
                ? habit.endDay.map { $0.adding(days: 1) } ?? (entries.last?.day.adding(days: 1) ?? created) : nil
            if paysFrom > created, end.map({ paysFrom < $0 }) ?? true {
                versions.append(ScheduleVersion(effectiveFrom: paysFrom, schedule: schedule))
            }
            if let end {
                var archived = schedule  // brought back, it pays
                archived.archived = true
                if end <= created {
                    versions = [ScheduleVersion(effectiveFrom: created, schedule: archived)]
                } else {
                    versions.append(ScheduleVersion(effectiveFrom: end, schedule: archived))
                }
            }
            backup.quests.append(
                Quest(
                    id: id, number: backup.quests.count + 1, title: title, notes: habit.notes, createdDay: created,
                    versions: versions, group: group))
            for entry in entries {
                if let problem = UserText.problem(with: entry.note, as: .notes) {
                    throw ImportError(entry.row, .text(problem))
                }
                let at = entry.at ?? Self.noon(of: entry.day, clock)
                switch entry.mark {
                case .done where measure != nil:
                    backup.amounts.append(
                        AmountEntry(
                            id: NameUUID.make("import-amount:\(id.uuidString)/\(entry.day)"), quest: id, day: entry.day,
                            amount: entry.amount ?? .zero, recordedAt: at))
                    if !entry.note.isEmpty { left[.noteWithAmount, default: 0] += 1 }
                case .done:
                    let completion = Completion(
                        id: NameUUID.completion(quest: id, day: entry.day), quest: id, day: entry.day,
                        completedAt: at, note: entry.note)
                    backup.completions.append(completion)
                    paid.append((completion, schedule.reward, title))
                case .skip:
                    backup.skips.append(
                        Skip(
                            id: NameUUID.skip(quest: id, day: entry.day), quest: id, day: entry.day, reason: entry.note,
                            skippedAt: at))
                case .noteOnly:
                    left[.noteWithoutCheck, default: 0] += 1
                }
            }
        }
        for reward in history.rewards {
            let title = reward.title.trimmingWhitespace()
            guard !title.isEmpty else { throw ImportError(reward.row, .emptyTitle) }
            if let problem = UserText.problem(with: title, as: .title) { throw ImportError(reward.row, .text(problem)) }
            if let problem = UserText.problem(with: reward.notes, as: .notes) {
                throw ImportError(reward.row, .text(problem))
            }
            let price = Int(min(max(reward.price.rounded(), 1), Double(QuestsCore.Reward.maximumPrice)))
            backup.rewards.append(
                QuestsCore.Reward(
                    id: NameUUID.make("\(history.source.rawValue):reward:\(reward.id)"),
                    number: backup.rewards.count + 1, title: title, notes: reward.notes, price: price))
        }
        if pay {
            for (completion, reward, title) in paid.sorted(by: { $0.0.completedAt < $1.0.completedAt }) where reward > 0
            {
                backup.ledger.append(
                    LedgerEntry(
                        id: NameUUID.make("import-reward:\(completion.id.uuidString)"), at: completion.completedAt,
                        amount: reward, kind: .questReward, reference: completion.id,
                        memo: LedgerMemo.about(title, on: completion.day, note: completion.note)))
            }
        }
        self.backup = backup
        self.leftBehind = left
        self.nearestSchedules = nearest
    }

    /// Noon of `day`: when a source that records days alone is taken to have recorded it.
    private static func noon(of day: LocalDay, _ clock: ImportClock) -> Date {
        clock.zone.startOfDay(for: day, dayStart: .midnight).addingTimeInterval(12 * 3600)
    }

    /// The quests schedule for `cadence` from `day`, and whether it says the same.
    static func schedule(_ cadence: ForeignHistory.Cadence, from day: LocalDay) -> (
        ScheduleKind, WeekdaySet, exact: Bool
    ) {
        switch cadence {
        case .daily: return (.weekdays, .daily, true)
        case .every(let days) where days <= 1: return (.weekdays, .daily, true)
        case .every(let days):
            return (
                .every(days: min(days, ScheduleKind.maximumInterval), from: nil), .daily,
                days <= ScheduleKind.maximumInterval
            )
        case .weekdays(let set) where set.isEmpty: return (.quota(times: 1, per: .week), .daily, false)
        case .weekdays(let set): return (.weekdays, set, true)
        case .everyWeeks(let weeks, let set) where weeks <= 1: return schedule(.weekdays(set), from: day)
        case .everyWeeks(let weeks, let set):
            guard set.days.count == 1, weeks * 7 <= ScheduleKind.maximumInterval else {
                let (kind, weekdays, _) = schedule(.weekdays(set), from: day)
                return (kind, weekdays, false)
            }
            let first = (0..<7).map { day.adding(days: $0) }.first { set.contains($0.weekday) } ?? day
            return (.every(days: weeks * 7, from: first), .daily, true)
        case .times(let times, let window) where times >= window: return (.weekdays, .daily, true)
        case .times(1, let window): return schedule(.every(days: window), from: day)
        case .times(let times, 7): return (.quota(times: times, per: .week), .daily, true)
        case .times(let times, let window) where (28...31).contains(window):
            return (.quota(times: min(times, QuotaPeriod.month.maximumTimes), per: .month), .daily, true)
        case .times(let times, let window):
            let perWeek = min(max(Int((Double(times) * 7 / Double(window)).rounded()), 1), 7)
            return (.quota(times: perWeek, per: .week), .daily, false)
        case .monthly: return (.quota(times: 1, per: .month), .daily, false)
        case .yearly: return (.every(days: ScheduleKind.maximumInterval, from: nil), .daily, false)
        case .trackingOnly: return (.quota(times: 1, per: .month), .daily, false)
        }
    }
}
