import QuestsCore
import QuestsStore

/// One quest as `quests show` prints it: a heading, its notes, a few facts and its schedule history, one
/// section after another, so that new sections (streaks, rates, a heatmap) slot in as functions.
struct QuestDetailsView {
    let details: QuestDetails
    let style: TextStyle
    /// The columns a line may take: notes wrap, other long lines are shortened.
    var width = Terminal.columns()

    func render() -> String {
        [heading(), notes(), facts(), scheduleHistory()]
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
        if let current = details.state {
            let schedule = quest.schedule(asOf: today)
            state = "\(current.rawValue) · \(Format.time(schedule.time)) · \(Format.signedDD(schedule.reward))"
        } else {
            state = quest.isArchived(on: today) ? "archived (quests unarchive \(quest.number) brings it back)" : "not scheduled today"
        }
        let completed = details.lastCompleted.map {
            "\(Format.count(details.completions, "time")), last for \(Format.day($0, today: today))"
        } ?? "never"
        let rows = [("Created", Format.day(quest.createdDay, today: today)), ("Today", state), ("Completed", completed)]
        let labelWidth = rows.map(\.0.count).max() ?? 0
        return rows.map { DisplayWidth.truncate("\(Format.pad($0.0, labelWidth))  \($0.1)", to: width) }
    }

    private func scheduleHistory() -> [String] {
        let spans = quest.scheduleSpans
        let rows = spans.map { span -> [String] in
            let dates = "\(span.from) – \(span.until?.description ?? "now")"
            guard !span.schedule.archived else { return [dates, "archived"] }
            return [dates, Format.time(span.schedule.time), span.schedule.daysSummary, Format.dd(span.schedule.reward)]
        }
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.compactMap { column < $0.count ? DisplayWidth.of($0[column]) : nil }.max() ?? 0 }
        let lines = rows.map { row in
            DisplayWidth.truncate("  " + zip(row, widths).map { Format.pad($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces(), to: width)
        }
        return [style.bold("Schedule history")] + lines
    }
}
