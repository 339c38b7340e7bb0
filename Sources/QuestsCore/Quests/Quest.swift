import FoundationEssentials

/// A recurring habit. Its schedule is versioned so that past days keep the schedule and reward they had.
public struct Quest: Hashable, Sendable, Identifiable {
    /// Stable identity across machines (backups merge by it).
    public internal(set) var id: UUID
    /// The short number users type; assigned by the store, never reused.
    public internal(set) var number: Int
    public var title: String
    public var notes: String
    /// The first day the quest exists.
    public internal(set) var createdDay: LocalDay
    /// Schedule versions in increasing `effectiveFrom` order; the first starts on `createdDay`.
    public internal(set) var versions: [ScheduleVersion]
    /// The group it is in (Health, Work), as typed; empty for none (SPEC 18).
    public var group: String

    public init(
        id: UUID, number: Int, title: String, notes: String = "", createdDay: LocalDay, versions: [ScheduleVersion],
        group: String = ""
    ) {
        self.group = group
        self.id = id
        self.number = number
        self.title = title
        self.notes = notes
        self.createdDay = createdDay
        self.versions = Self.inOrder(versions)
    }

    /// `versions` in increasing `effectiveFrom` order, as a quest keeps them.
    static func inOrder(_ versions: [ScheduleVersion]) -> [ScheduleVersion] {
        versions.sorted { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// The schedule in force on `day`, or nil before the quest existed.
    public func schedule(on day: LocalDay) -> Schedule? {
        guard day >= createdDay else { return nil }
        return versions.last(where: { $0.effectiveFrom <= day })?.schedule
    }

    /// Whether any of the quest's schedules, from any day on, counts or limits an amount.
    public var everMeasuresAmounts: Bool {
        versions.contains { $0.schedule.measure != nil }
    }

    /// The schedule to show and edit as of `day`: the one in force, or the first for a quest created later.
    public func schedule(asOf day: LocalDay) -> Schedule {
        schedule(on: day) ?? versions.first?.schedule ?? Schedule()
    }

    /// The runs of days the quest is scheduled on: one per schedule version that is not archived and not
    /// flexible, from the day it takes effect (never before the quest existed) to the day before the next
    /// version. The one statement of what "scheduled" means; `isScheduled(on:)` and the history's fast
    /// counts read it. (A flexible quest is never scheduled: it is due when completed, or when a period
    /// ends short of its quota; see `quotaRuns`.)
    public var scheduledRuns: [ScheduledRun] {
        versions.indices.compactMap(scheduledRun(ofVersion:))
    }

    /// The run of days version `index` schedules (see `scheduledRuns`), if any.
    private func scheduledRun(ofVersion index: Int) -> ScheduledRun? {
        let version = versions[index]
        guard !version.schedule.archived else { return nil }
        var from = max(version.effectiveFrom, createdDay)
        let through = index + 1 < versions.count ? versions[index + 1].effectiveFrom.adding(days: -1) : nil
        var every = 1
        var anchor = from
        switch version.schedule.kind {
        case .weekdays: break
        case .quota: return nil
        case .every(let days, let start):
            every = days
            anchor = start ?? version.effectiveFrom
            from = max(from, anchor)
        }
        if let through, through < from { return nil }
        let weekdays = every == 1 ? version.schedule.weekdays : .daily
        return ScheduledRun(from: from, through: through, weekdays: weekdays, every: every, anchor: anchor)
    }

    /// The runs of days under one quota, for a flexible quest: consecutive versions that are not archived
    /// and share the quota (a change of time or reward does not start a new run), from the day the first
    /// takes effect (never before the quest existed) to the day before the next change.
    public var quotaRuns: [QuotaRun] {
        var runs: [QuotaRun] = []
        for index in versions.indices {
            let version = versions[index]
            let through = index + 1 < versions.count ? versions[index + 1].effectiveFrom.adding(days: -1) : nil
            let from = max(version.effectiveFrom, createdDay)
            guard !version.schedule.archived, let quota = version.schedule.kind.quota,
                through.map({ from <= $0 }) ?? true
            else { continue }
            if let last = runs.last, last.times == quota.times, last.per == quota.per,
                last.through?.adding(days: 1) == from
            {
                runs[runs.count - 1] = QuotaRun(from: last.from, through: through, times: quota.times, per: quota.per)
            } else {
                runs.append(QuotaRun(from: from, through: through, times: quota.times, per: quota.per))
            }
        }
        return runs
    }

    /// The quota period that holds `day`, when the quest is flexible that day: its days, its quota, and
    /// whether it is judged (see `QuotaRun.isJudged`).
    public func quotaPeriod(containing day: LocalDay, weekStart: Weekday) -> QuotaPeriodInfo? {
        guard let run = quotaRuns.first(where: { $0.from <= day && $0.through.map { day <= $0 } ?? true }) else {
            return nil
        }
        let days = run.per.days(containing: day, weekStart: weekStart)
        return QuotaPeriodInfo(days: days, times: run.times, per: run.per, isJudged: run.covers(days))
    }

    /// Whether the quest is scheduled on `day`: it existed, was not archived, and `day` is one of its
    /// weekdays under the version in force. (What is due on a day also counts completions: `DayRule`.)
    public func isScheduled(on day: LocalDay) -> Bool {
        // `scheduledRuns`, one run at a time: asked for day after day, it builds no array.
        versions.indices.contains { scheduledRun(ofVersion: $0)?.contains(day) == true }
    }

    /// Whether the quest is archived as of `day`.
    public func isArchived(on day: LocalDay) -> Bool {
        schedule(on: day)?.archived ?? false
    }

    /// The quest with `schedule` applying from `day` on; an earlier change made the same day is replaced.
    public func applying(_ schedule: Schedule, from day: LocalDay) -> (quest: Quest, version: ScheduleVersion) {
        let start = max(day, createdDay)
        let version = ScheduleVersion(effectiveFrom: start, schedule: schedule.anchored(at: start))
        var copy = self
        copy.versions.removeAll { $0.effectiveFrom >= start }
        copy.versions.append(version)
        return (copy, version)
    }

    /// Checks and tidies a title for a new or renamed quest among `others`.
    public static func validatedTitle(_ title: String, among others: [Quest], on day: LocalDay) throws(QuestsError)
        -> String
    {
        let trimmed = title.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle(.quest) }
        try UserText.check(trimmed, as: .title)
        if let clash = others.first(where: { !$0.isArchived(on: day) && $0.title.lowercased() == trimmed.lowercased() })
        {
            throw .duplicateTitle(clash.title, number: clash.number)
        }
        return trimmed
    }

    /// A group's name as kept: trimmed, no longer than a title may be (empty: no group).
    public static func validatedGroup(_ name: String) throws(QuestsError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard UserText.problem(with: trimmed, as: .title) == nil else { throw .groupTooLong }
        return trimmed
    }
}

/// Days on which a quest is scheduled: those from `from` through `through` (nil: no end) on `weekdays`,
/// and every `every` days counted from `anchor`.
public struct ScheduledRun: Hashable, Sendable {
    public let from: LocalDay
    public let through: LocalDay?
    public let weekdays: WeekdaySet
    /// 1 for a weekday schedule; N for `--every N`.
    public let every: Int
    /// The day `every` counts from (on or before `from`).
    public let anchor: LocalDay

    /// Whether `day` is one of the run's days.
    public func contains(_ day: LocalDay) -> Bool {
        from <= day && (through.map { day <= $0 } ?? true) && weekdays.contains(day.weekday)
            && anchor.days(to: day) % every == 0
    }
}

/// Days under one quota of a flexible quest: from `from` through `through` (nil: no end), `times`
/// completions due in each `per` period.
public struct QuotaRun: Hashable, Sendable {
    public let from: LocalDay
    public let through: LocalDay?
    public let times: Int
    public let per: QuotaPeriod

    /// Whether a period is judged: only one the run covers whole. A period the quest was created,
    /// changed to or from this quota, or archived in, neither fails nor counts short.
    public func covers(_ days: ClosedRange<LocalDay>) -> Bool {
        from <= days.lowerBound && (through.map { days.upperBound <= $0 } ?? true)
    }

    /// The judged periods that end from `start` through `end`, oldest first.
    public func judgedPeriods(endingFrom start: LocalDay, through end: LocalDay, weekStart: Weekday) -> [ClosedRange<
        LocalDay
    >] {
        var periods: [ClosedRange<LocalDay>] = []
        var day = max(from, per.days(containing: start, weekStart: weekStart).lowerBound)
        let last = min(through ?? end, end)
        while day <= last {
            let period = per.days(containing: day, weekStart: weekStart)
            if covers(period), period.upperBound >= start, period.upperBound <= end { periods.append(period) }
            day = period.upperBound.adding(days: 1)
        }
        return periods
    }
}

/// The quota period of a flexible quest that holds some day.
public struct QuotaPeriodInfo: Hashable, Sendable {
    public let days: ClosedRange<LocalDay>
    public let times: Int
    public let per: QuotaPeriod
    /// Whether the period counts: a period ending short of `times` is a missed day (`QuotaRun.covers`).
    public let isJudged: Bool

    /// The period as a whole, seen on `today`, given `done` completions in it: done once its quota is met,
    /// not due when it is not judged, missed once it ended short, due while it runs (a per-quest streak
    /// of a flexible quest counts its periods met in a row). An `excused` period (holding a vacation day or a
    /// skip of the quest: `NeutralDays.excuses`) is not due unless met.
    public func status(done: Int, today: LocalDay, excused: Bool = false) -> QuestDayStatus {
        if done >= times { return .done }
        guard isJudged, !excused else { return .notDue }
        return days.upperBound < today ? .missed : .due
    }
}

extension Quest {
    /// Its schedule versions: rows of `quest_version` whose `quest` holds the quest's number, in the order
    /// they take effect; in backups its `schedule`.
    public static let schedule = RecordDeclaration<Quest>.Children(
        ScheduleVersion.declaration, column: "quest", { $0.versions }, { $0.versions = inOrder($1) }, key: "schedule")

    /// Its table, backup fields and sync registers (the key is its UUID; its number is this store's own),
    /// with its schedule versions (`schedule`). Whether it was deleted is the sync kind's own register.
    public static let declaration = RecordDeclaration<Quest>(
        table: "quest",
        blank: Quest(id: .blank, number: 0, title: "", createdDay: LocalDay(dayNumber: 0), versions: []),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init(
                "number", { $0.number }, { $0.number = $1 }, .int(in: 1...Backup.maximumNumber), key: "number",
                register: nil),
            .init("title", { $0.title }, { $0.title = $1 }, .title, key: "title", register: "title"),
            // A register without notes (none is written so) reads as none.
            .init(
                "notes", { $0.notes }, { $0.notes = $1 }, .text(.notes), key: "notes", register: "notes",
                registerMayLack: true),
            .init(
                "created_day", { $0.createdDay }, { $0.createdDay = $1 }, .day, key: "createdDay", register: "created"),
            // Since version 6; a quest from a replica that sends none is in no group.
            .init(
                "group_name", { $0.group }, { $0.group = $1 }, .text(.title), key: "group", since: 6, register: "group",
                registerMayLack: true),
        ], holding: schedule)

    /// Whether it is in the group `name` (in any case).
    public func isIn(group name: String) -> Bool {
        !group.isEmpty && group.lowercased() == name.trimmingWhitespace().lowercased()
    }
}

extension RecordKind {
    /// Quests with their schedule versions; a deleted quest stays a tombstone while history points at it.
    public static let quests = RecordKind(
        "quests", \.quests, Quest.declaration, key: "quests",
        synced: [
            Synced(name: "quest", strategy: .tombstoned), Synced(name: "version", strategy: .lastWriterPerField),
        ], summary: .always,
        // Its schedule starts on the day it was created, and changes at most once a day.
        checks: .keys(.uuid, .number) { quest, path in
            guard let first = quest.versions.first else {
                return JSONError(path: path + ".schedule", problem: .noScheduleEntries)
            }
            guard first.effectiveFrom == quest.createdDay else {
                return JSONError(
                    path: path + ".schedule", problem: .firstScheduleEntryNotOn(createdDay: quest.createdDay))
            }
            var days: [LocalDay: Int] = [:]
            for (index, version) in quest.versions.enumerated() {
                if days.updateValue(index, forKey: version.effectiveFrom) != nil {
                    return JSONError(path: path + ".schedule[\(index)].from", problem: .duplicate(.day, earlier: path))
                }
            }
            return nil
        })
}
