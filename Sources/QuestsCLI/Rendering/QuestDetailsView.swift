import QuestsCore
import QuestsStore

/// One quest as `quests show` prints it: a heading, its notes, a few facts (its streaks and rates among
/// them), the notes of its latest completions, its schedule history and its heatmap, one section after another.
struct QuestDetailsView {
    let details: QuestDetails
    let style: TextStyle
    /// The columns a line may take: notes wrap, other long lines are shortened.
    var width = Terminal.columns()

    func render() -> String {
        [heading(), notes(), facts(), amounts(), completionNotes(), scheduleHistory(), heatmap()]
            .filter { !$0.isEmpty }
            .map { $0.joined(separator: "\n") }
            .joined(separator: "\n\n")
    }

    private var quest: Quest { details.quest }

    private func heading() -> [String] {
        let number = "#\(quest.number) "
        return [number + style.bold(DisplayWidth.truncate(Sanitized.line(quest.title), to: width - number.count))]
    }

    private func notes() -> [String] {
        quest.notes.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { DisplayWidth.wrap(Sanitized.line(String($0)), to: width) }
    }

    private func facts() -> [String] {
        let today = details.now.day
        let state: String
        if let entry = details.today, entry.state == .completed, !entry.completedThatDay, let quota = entry.quota {
            // Met by other days of its period: not done today.
            state = Message.boardQuotaMet + " · " + Format.quotaProgress(quota)
        } else if let current = details.state {
            let schedule = quest.schedule(asOf: today)
            state = "\(Self.stateName(current)) · \(Format.time(schedule.time)) · \(Format.signedDD(schedule.reward))"
        } else {
            state =
                quest.isArchived(on: today)
                ? Message.detailsArchivedHint(number: String(quest.number)) : Message.detailsNotScheduledToday
        }
        let completed =
            details.lastCompleted.map {
                Message.detailsCompletedTimes(count: details.completions, day: Format.day($0, today: today))
            } ?? Message.detailsNever
        let own = details.streak
        let streak = Message.detailsStreak(
            current: Self.beats(own.current, own.unit), longest: Self.beats(own.longest, own.unit))
        // The number is this machine's; the id is the quest's on every machine (docs/sync.md).
        let rows = [
            (Message.detailsId, quest.id.uuidString.lowercased()),
            (Message.detailsCreated, Format.day(quest.createdDay, today: today)),
            (Message.detailsToday, state), (Message.detailsCompleted, completed),
            (Message.detailsStreakLabel, streak), (Message.details30Days, Format.rate(details.rates.last30)),
            (Message.details90Days, Format.rate(details.rates.last90)),
            (Message.detailsAllTime, Format.rate(details.rates.allTime)),
        ]
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        return rows.map { DisplayWidth.truncate("\(Format.pad($0.0, labelWidth))  \($0.1)", to: width) }
    }

    /// A counted or limit quest's amounts: the average per day, the best day of a counted quest or the days
    /// a limit quest went over, and the totals of the latest days, newest first; nothing for a yes/no quest.
    private func amounts() -> [String] {
        guard let amounts = details.amounts, let measure = quest.schedule(asOf: details.now.day).measure else {
            return []
        }
        var rows = [
            (
                Message.detailsAverage,
                amounts.average.map { Message.formatPerDay(amount: Format.amount($0, unit: measure.unit)) } ?? "–"
            )
        ]
        switch measure.kind {
        case .target:
            rows.append(
                (
                    Message.detailsBestDay,
                    amounts.best.map { Format.amount($0.total, unit: $0.measure.unit) + " · " + Format.date($0.day) }
                        ?? "–"
                ))
        case .atMost:
            rows.append(
                (Message.detailsDaysOver, Message.detailsDaysOverOf(over: amounts.daysOver, count: amounts.days.count)))
        }
        rows += amounts.days.suffix(Self.amountDaysShown).reversed().map { day in
            let progress = Format.progress(day.total, day.measure)
            let styled =
                day.measure.isOver(day.total)
                ? style.red(progress) : day.measure.isReached(by: day.total) ? style.green(progress) : progress
            return (Format.date(day.day), styled)
        }
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let count = amounts.from.days(to: amounts.through) + 1
        return [style.bold(Message.detailsAmounts(count: count))]
            + rows.map { DisplayWidth.truncateStyled("  \(Format.pad($0.0, labelWidth))  \($0.1)", to: width) }
    }

    /// How many of the latest days `amounts()` lists.
    static let amountDaysShown = 7

    /// The notes of the latest completions; `quests log` has them all.
    private func completionNotes() -> [String] {
        guard !details.notes.isEmpty else { return [] }
        let shown = details.notes.prefix(Self.notesShown)
        let lines = shown.map {
            DisplayWidth.truncate("  \(Format.date($0.day))  " + Sanitized.line($0.note), to: width)
        }
        let more =
            details.notes.count > shown.count
            ? ["  " + style.dim(Message.detailsMoreNotes(count: details.notes.count - shown.count))] : []
        return [style.bold(Message.detailsNotes)] + lines + more
    }

    static let notesShown = 5

    private func heatmap() -> [String] {
        let tallies = Quests.Heatmap.fitting(details.recent, weekStart: details.weekStart, width: width)
        return [
            style.bold(Message.detailsLastDays(count: tallies.count)),
            QuestsCore.Heatmap(
                tallies: tallies, weekStart: details.weekStart, labels: HeatmapWording.labels,
                cell: { [style] in style.heatCell($0) }
            )
            .render(width: width),
        ]
    }

    private func scheduleHistory() -> [String] {
        let spans = quest.scheduleSpans
        let rows = spans.map { span -> [String] in
            let dates = "\(Format.date(span.from)) – \(span.until.map(Format.date) ?? Message.detailsNow)"
            guard !span.schedule.archived else { return [dates, Message.detailsArchived] }
            return [
                dates, Format.time(span.schedule.time), Format.days(span.schedule), Format.dd(span.schedule.reward),
            ]
        }
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.compactMap { column < $0.count ? DisplayWidth.of($0[column]) : nil }.max() ?? 0
        }
        let lines = rows.map { row in
            DisplayWidth.truncate(
                "  " + zip(row, widths).map { Format.pad($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces(),
                to: width)
        }
        return [style.bold(Message.detailsScheduleHistory)] + lines
    }

    /// A quest's state today, as its facts say it.
    static func stateName(_ state: QuestState) -> String {
        switch state {
        case .available: Message.detailsAvailable
        case .upcoming: Message.detailsUpcoming
        case .missed: Message.detailsMissed
        case .over: Message.boardOverRow
        case .completed: Message.detailsCompletedState
        case .skipped: Message.detailsSkipped
        }
    }

    /// `3 days`, `1 week`, `2 months`: a streak's length in its beats.
    static func beats(_ count: Int, _ unit: QuestStreak.Unit) -> String {
        switch unit {
        case .day: Message.detailsStreakDays(count: count)
        case .week: Message.detailsStreakWeeks(count: count)
        case .month: Message.detailsStreakMonths(count: count)
        }
    }
}
