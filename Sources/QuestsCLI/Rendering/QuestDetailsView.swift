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
        [heading(), notes(), facts(), completionNotes(), scheduleHistory(), heatmap()]
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
            state = "quota met · \(Format.quotaProgress(quota))"
        } else if let current = details.state {
            let schedule = quest.schedule(asOf: today)
            state = "\(current.rawValue) · \(Format.time(schedule.time)) · \(Format.signedDD(schedule.reward))"
        } else {
            state =
                quest.isArchived(on: today)
                ? "archived (quests unarchive \(quest.number) brings it back)" : "not scheduled today"
        }
        let completed =
            details.lastCompleted.map {
                "\(Format.count(details.completions, "time")), last for \(Format.day($0, today: today))"
            } ?? "never"
        let own = details.streak
        let streak =
            "\(Format.count(own.current, own.unit.rawValue)) (longest \(Format.count(own.longest, own.unit.rawValue)))"
        // The number is this machine's; the id is the quest's on every machine (docs/sync.md).
        let rows = [
            ("Id", quest.id.uuidString.lowercased()), ("Created", Format.day(quest.createdDay, today: today)),
            ("Today", state), ("Completed", completed),
            ("Streak", streak), ("30 days", Format.rate(details.rates.last30)),
            ("90 days", Format.rate(details.rates.last90)), ("All time", Format.rate(details.rates.allTime)),
        ]
        let labelWidth = rows.map(\.0.count).max() ?? 0
        return rows.map { DisplayWidth.truncate("\(Format.pad($0.0, labelWidth))  \($0.1)", to: width) }
    }

    /// The notes of the latest completions; `quests log` has them all.
    private func completionNotes() -> [String] {
        guard !details.notes.isEmpty else { return [] }
        let shown = details.notes.prefix(Self.notesShown)
        let lines = shown.map { DisplayWidth.truncate("  \($0.day)  " + Sanitized.line($0.note), to: width) }
        let more =
            details.notes.count > shown.count
            ? ["  " + style.dim("\(details.notes.count - shown.count) more in quests log")] : []
        return [style.bold("Notes")] + lines + more
    }

    static let notesShown = 5

    private func heatmap() -> [String] {
        let tallies = Quests.Heatmap.fitting(details.recent, weekStart: details.weekStart, width: width)
        return [
            style.bold("Last \(Format.count(tallies.count, "day"))"),
            QuestsCore.Heatmap(tallies: tallies, weekStart: details.weekStart, labels: HeatmapWording.labels, cell: { [style] in style.heatCell($0) })
                .render(),
        ]
    }

    private func scheduleHistory() -> [String] {
        let spans = quest.scheduleSpans
        let rows = spans.map { span -> [String] in
            let dates = "\(span.from) – \(span.until?.description ?? "now")"
            guard !span.schedule.archived else { return [dates, "archived"] }
            return [dates, Format.time(span.schedule.time), span.schedule.daysSummary, Format.dd(span.schedule.reward)]
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
        return [style.bold("Schedule history")] + lines
    }
}
