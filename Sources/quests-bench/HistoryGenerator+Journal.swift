import Foundation
import QuestsCore
import QuestsTestSupport

extension HistoryGenerator {
    /// A journal on most days of the history (five in six), one to three entries each, as a backup holds it.
    func journal(now: Date) -> [JournalEntry] {
        var random = SplitMix(seed: seed ^ 0x70A2)
        let today = LocalDay(dayNumber: Int(now.timeIntervalSince1970 / 86_400))
        let first = today.adding(days: -365 * years - years / 4)
        var entries: [JournalEntry] = []
        for dayNumber in first.dayNumber...today.dayNumber where Int.random(in: 0..<6, using: &random) > 0 {
            let day = LocalDay(dayNumber: dayNumber)
            for index in 0..<Int.random(in: 1...3, using: &random) {
                let moment = Date(timeIntervalSince1970: Double(dayNumber) * 86_400 + Double(20 * 3600 + index))
                entries.append(
                    JournalEntry(
                        id: UUID(), day: day, text: "Thankful for day \(day), thing \(index + 1): café au soleil",
                        createdAt: min(moment, now), updatedAt: min(moment, now)))
            }
        }
        return entries
    }
}
