import Foundation
import QuestsCore
import QuestsStore
import QuestsTestSupport

extension HistoryGenerator {
    /// Gives a third of the history's days a focus, through the use cases `quests focus` calls, each at its
    /// moment of that day: every third day through today, the morning carries what the last focus day left
    /// (one time in two), sets a main quest if none came with it and adds tasks up to one to three; over the
    /// day most tasks are done (the last one done achieves the main quest by itself), a few dropped, and now
    /// and then the main quest is said achieved. Deterministic for a seed (drawn apart from the backup's, and
    /// new tasks take their UUIDs from it). Returns the days given a focus and the tasks added or carried.
    func addFocus(to path: String, now: Date, calendar: Calendar) throws -> (days: Int, tasks: Int) {
        var random = SplitMix(seed: seed ^ 0xF0C05)
        let store = try QuestStore(path: path, ids: Self.seededIDs(seed ^ 0x1D5))
        let today = LocalDay(dayNumber: Int(now.timeIntervalSince1970 / 86_400))
        let first = today.adding(days: -365 * years - years / 4)
        func at(_ day: LocalDay, _ minutes: Int) -> Now {
            let instant = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + Double(minutes) * 60)
            return Now(instant: min(instant, now), calendar: calendar)
        }
        let priorities: [FocusPriority] = [.high, .medium, .medium, .low]
        var days = 0
        var tasks = 0
        for dayNumber in stride(from: today.dayNumber, through: first.dayNumber, by: -3).reversed() {
            let day = LocalDay(dayNumber: dayNumber)
            let morning = at(day, 7 * 60 + Int.random(in: 0...90, using: &random))
            var focus = try FocusPlanner(store).focus(now: morning).focus
            if focus.offer != nil, Bool.random(using: &random) {
                let outcome = try FocusPlanner(store).carry(now: morning)
                focus = outcome.focus
                if case .carried(_, let brought, _, _) = outcome.action { tasks += brought.count }
            }
            if focus.goal == nil {
                focus = try FocusPlanner(store).setGoal("Main quest of \(day)", now: morning).focus
            }
            let wanted = Int.random(in: 1...3, using: &random)
            while focus.entries.count < wanted {
                // One task in three has a time.
                let time =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? TimeOfDay(minutes: Int.random(in: 36...76, using: &random) * 15) : nil
                focus = try FocusPlanner(store).addTask(
                    "Task \(focus.entries.count + 1) of \(day)",
                    priority: priorities.randomElement(using: &random) ?? .medium,
                    at: time.map { (at: $0, until: nil) }, now: morning
                ).focus
                tasks += 1
            }
            days += 1
            // Over the day: each open task done (three in four), dropped (one in twenty) or left open; one
            // main quest in ten is said achieved at the end of the day, whatever is left.
            var minute = 10 * 60
            for entry in focus.entries where entry.task.state == .open {
                minute += Int.random(in: 30...150, using: &random)
                let moment = at(day, min(minute, 23 * 60))
                let draw = Int.random(in: 0..<20, using: &random)
                let reference = ItemReference(entry.task.title)
                if draw < 15 {
                    _ = try FocusPlanner(store).completeTask(reference, now: moment)
                } else if draw == 15 {
                    _ = try FocusPlanner(store).dropTask(reference, now: moment)
                }
            }
            if Int.random(in: 0..<10, using: &random) == 0, day < today {
                _ = try FocusPlanner(store).achieveGoal(now: at(day, 23 * 60))
            }
        }
        return (days, tasks)
    }

    /// UUIDs drawn from `seed`, the same every run.
    private static func seededIDs(_ seed: UInt64) -> IDs {
        let generator = SeededUUIDs(seed: seed)
        return IDs { generator.next() }
    }
}

/// Version 4 UUIDs from a seeded generator, safe to call from any thread.
private final class SeededUUIDs: @unchecked Sendable {
    private var random: SplitMix
    private let lock = NSLock()

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    func next() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        return HistoryGenerator.uuid(&random)
    }
}
