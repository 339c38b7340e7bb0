import QuestsCore
import QuestsStore

/// `quests log` as text: month by month, newest first, each opening with its summary, then each day with
/// what happened on it, newest first. Text people typed is sanitised; every line fits `width`.
struct LogView {
    let months: [MonthLog]
    let style: TextStyle
    var width = Terminal.columns()

    func lines() -> [String] {
        // Worded once: a line per happening, and a long log has thousands.
        let labelWidth = Self.labelWidth
        var lines: [String] = []
        for (index, entry) in months.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.bold(Format.month(entry.month)))
            lines += Self.joined(Self.summaryParts(entry.summary), width: width, indent: "  ").map { style.dim($0) }
            if entry.days.isEmpty { lines.append("  " + Message.logViewNothingHappened) }
            for (day, happenings) in entry.days {
                let heading = Message.dayHeading(
                    weekday: Format.weekday(day.weekday), date: Format.date(day), relative: "")
                lines.append(DisplayWidth.truncate("  " + heading, to: width))
                for happening in happenings { lines += self.lines(for: happening, labelWidth: labelWidth) }
            }
        }
        return lines
    }

    static func summaryParts(_ summary: PeriodSummary) -> [String] {
        // The focus only in a month that had one.
        let focus =
            summary.mainQuests == 0 && summary.focusTasksDone == 0
            ? []
            : [
                Message.logViewMainQuestsAchieved(achieved: summary.mainQuestsAchieved, count: summary.mainQuests),
                Message.logViewFocusTasksDone(count: summary.focusTasksDone),
            ]
        return [
            Message.logViewClearedDays(cleared: summary.clearedDays, count: summary.scheduledDays),
            Message.logViewCompletions(count: summary.completions),
        ] + focus
            + [
                Message.logViewEarned(amount: Format.dd(summary.earned)),
                Message.logViewSpent(amount: Format.dd(summary.spent)),
                Message.logViewPurchases(count: summary.purchases),
            ]
    }

    /// `parts` joined with " · ", starting a new line (after `indent`) rather than going past `width`.
    static func joined(_ parts: [String], width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            let candidate = line.isEmpty ? indent + part : line + " · " + part
            if !line.isEmpty, DisplayWidth.of(candidate) > width {
                lines.append(line)
                line = indent + part
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }

    /// The cells of the column saying what happened: 12, or the widest word a language needs.
    static var labelWidth: Int {
        let labels = [
            Message.logViewVacation, Message.logViewFrozen, Message.logViewTaskDone, Message.logViewDone,
            Message.logViewRecorded,
            Message.logViewSkipped,
            Message.logViewBought,
            Message.logViewRefunded, Message.logViewLedger, Message.logViewAchievement, Message.logViewAllClear,
        ]
        return (labels + LedgerKind.allCases.map(LedgerView.kind)).map(DisplayWidth.of).reduce(12, max)
    }

    /// The lines of `happening`, what happened in a column of `labelWidth` cells.
    private func lines(for happening: Happening, labelWidth: Int) -> [String] {
        let title = Sanitized.line(happening.title)
        if happening.kind == .mainQuest {
            // The day's headline: it stands out from the tasks under it.
            let state =
                happening.isAchieved
                ? " · \(Message.focusViewAchieved) · \(Format.signedDD(happening.amount))"
                : " · " + Message.logViewNotAchieved
            let line = DisplayWidth.truncate(
                "    " + (happening.isAchieved ? "★" : "☆") + " \(Message.focusViewMainQuest)  " + title + state,
                to: width)
            return [happening.isAchieved ? style.yellow(style.bold(line)) : style.bold(line)]
        }
        // What happened, in a column as wide as its widest word (12 cells in English), then a space.
        func labelled(_ label: String, _ rest: String) -> String { Format.pad(label, labelWidth) + " " + rest }
        let amount = " · " + Format.signedDD(happening.amount)
        let text: String
        switch happening.kind {
        case .mainQuest: return []
        case .vacation:
            let last = happening.lastDay.map(Format.date) ?? ""
            text = labelled(Message.logViewVacation, Message.logViewVacationThrough(date: last))
        case .frozen: text = labelled(Message.logViewFrozen, Message.logViewFreezeUsed)
        case .focusTask: text = labelled(Message.logViewTaskDone, title + amount)
        case .completion: text = labelled(Message.logViewDone, title + amount)
        case .amount:
            guard let recorded = happening.recorded else { return [] }
            let added = Format.amount(recorded.amount, unit: recorded.measure.unit)
            // An undone amount under the undo label, as an undone completion's ledger entry is; the others with
            // where the day stood once they were recorded, against the target or limit without its unit again.
            text =
                recorded.undone
                ? labelled(LedgerView.kind(.undo), title + " · +" + added)
                : labelled(
                    Message.logViewRecorded,
                    title + " · "
                        + Message.logViewAmountProgress(
                            amount: added,
                            progress: Format.progress(
                                recorded.total, QuestMeasure(recorded.measure.kind, recorded.measure.amount))))
        case .skip: text = labelled(Message.logViewSkipped, title)
        case .purchase: text = labelled(Message.logViewBought, title + amount)
        case .refund: text = labelled(Message.logViewRefunded, title + amount)
        case .ledger:
            // The label says the entry's kind in the reader's language; its memo names what it is about.
            let words = happening.ledgerKind.map { Sanitized.line(LedgerWording.subject($0, memo: happening.title)) }
            text = labelled(
                happening.ledgerKind.map(LedgerView.kind) ?? Message.logViewLedger, (words ?? title) + amount)
        case .achievement:
            let achievement = Achievement.all.first { $0.id == happening.achievementID }
            text = labelled(Message.logViewAchievement, achievement.map(AchievementWording.title) ?? title)
        case .celebration: text = labelled(Message.logViewAllClear, Message.logViewEveryQuestDone)
        }
        let line = DisplayWidth.truncate("    " + text, to: width)
        guard !happening.note.isEmpty else { return [line] }
        let indent = 4 + labelWidth + 1
        let notes = happening.note.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { DisplayWidth.wrap(Sanitized.line(String($0)), to: max(10, width - indent)) }
            .map { style.dim(String(repeating: " ", count: indent) + $0) }
        return [line] + notes
    }
}
