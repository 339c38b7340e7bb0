import Foundation
import QuestsCore
import Testing

@Suite struct HeatmapTests {
    /// 2026-09-24 .. 2026-10-14: a month boundary, every level, a day with nothing scheduled.
    let tallies: [DayTally] = (0..<21).map { offset in
        let day = Fixtures.day("2026-09-24").adding(days: offset)
        switch offset % 5 {
        case 0: return DayTally(day: day, scheduled: 0, completed: 0)
        case 1: return DayTally(day: day, scheduled: 4, completed: 0)
        case 2: return DayTally(day: day, scheduled: 4, completed: 1)
        case 3: return DayTally(day: day, scheduled: 4, completed: 2)
        default: return DayTally(day: day, scheduled: 4, completed: 4)
        }
    }

    @Test func levelsComeFromTheCompletedShare() {
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 0, completed: 0)) == .nothingScheduled)
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 0)) == .none)
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 1)) == .some)
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 2)) == .most)
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 2, completed: 1)) == .most)
        #expect(HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 3)) == .all)
        // Set aside: a vacation day or a day of skips with nothing done; something done on one counts.
        let vacation = DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 0, isVacation: true)
        #expect(HeatLevel(vacation) == .setAside)
        #expect(
            HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 0, completed: 0, skipped: 2)) == .setAside)
        #expect(
            HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 1, isVacation: true)) == .some)
        // So is a missed day a streak freeze covered.
        #expect(
            HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 0, isFrozen: true))
                == .setAside)
        #expect(
            HeatLevel(DayTally(day: Fixtures.day("2026-01-01"), scheduled: 3, completed: 1, isFrozen: true)) == .some)
    }

    @Test func plainMondayStart() {
        // 2026-09-24 is a Thursday; Oct 1 falls in the second week column.
        let expected = """
                  Oct
            Mon   █ ░ ▓
            Tue   · ▒ █
            Wed   ░ ▓ ·
            Thu · ▒ █
            Fri ░ ▓ ·
            Sat ▒ █ ░
            Sun ▓ · ▒

                · nothing scheduled  ░ none  ▒ some  ▓ most  █ all  ~ vacation, skipped or frozen
            """
        #expect(Heatmap(tallies: tallies, weekStart: .monday, labels: .english).render() == expected)
    }

    @Test func plainSundayStart() {
        let expected = """
                  Oct
            Sun   ▓ · ▒
            Mon   █ ░ ▓
            Tue   · ▒ █
            Wed   ░ ▓ ·
            Thu · ▒ █
            Fri ░ ▓ ·
            Sat ▒ █ ░

                · nothing scheduled  ░ none  ▒ some  ▓ most  █ all  ~ vacation, skipped or frozen
            """
        #expect(Heatmap(tallies: tallies, weekStart: .sunday, labels: .english).render() == expected)
    }

    @Test func monthLabelsSitOverTheWeekWhereTheMonthStarts() {
        let days = (0..<70).map {
            DayTally(day: Fixtures.day("2026-01-01").adding(days: $0), scheduled: 1, completed: 1)
        }
        let firstLine = Heatmap(tallies: days, weekStart: .monday, labels: .english).render().split(separator: "\n")[0]
        // 2026-01-01 is a Thursday: column 0 is Jan; Feb 1 (a Sunday) is in column 4, Mar 1 in column 8.
        #expect(firstLine == "    Jan     Feb     Mar")
        // A range starting on the 1st keeps its label even when the next month follows quickly.
        let short = (0..<40).map {
            DayTally(day: Fixtures.day("2026-02-01").adding(days: $0), scheduled: 1, completed: 1)
        }
        #expect(
            Heatmap(tallies: short, weekStart: .monday, labels: .english).render().split(separator: "\n")[0]
                == "    Feb     Mar")
    }
}

extension Heatmap.Labels {
    /// English labels, one column a character, as the command line gives them in English.
    static let english = Heatmap.Labels(
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        levels: ["nothing scheduled", "none", "some", "most", "all", "vacation, skipped or frozen"], width: { $0.count }
    )
}
