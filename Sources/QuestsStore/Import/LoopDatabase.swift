import Foundation
import QuestsCore

/// Loop Habit Tracker's SQLite backup (`Loop Habits Backup … .db`).
enum LoopDatabase {
    static func read(_ path: String) throws(ImportError) -> ForeignHistory {
        throw ImportError(file: path, .notThisFormat(.loop))
    }
}
