import FoundationEssentials

/// The user's preferences, kept in the store so that they travel with backups.
public struct Settings: Hashable, Sendable {
    /// When a quest day begins; completions before it count for the previous day.
    public var dayStart: TimeOfDay = .midnight
    /// The first day of the week in the heatmap.
    public var weekStart: Weekday = .monday
    /// How many days back a missed quest may still be completed.
    public var backfillDays: Int = 7
    /// The Daily Dollars a streak freeze costs (`quests freeze buy`).
    public var freezePrice: Int = 50
    /// How many focus tasks a day may hold (1 to `FocusRules.maximumLimit`).
    public var focusLimit: Int = 3
    /// The Daily Dollars a focus task pays by default (`quests focus add --reward` overrides).
    public var focusTaskReward: Int = 10
    /// The Daily Dollars achieving a day's main quest pays.
    public var focusGoalReward: Int = 25
    /// When `quests remind` sends a check-in on a day with a focus (`12:00,17:00`), in order; none by default.
    public var focusCheckins: [TimeOfDay] = []
    /// The quest that the day's first journal entry completes (`quests add --journal`); none by default.
    public var journalQuest: UUID?
    /// When `quests remind` may send the day's nudge after missed days (docs/journal.md).
    public var nudgeAt = TimeOfDay(minutes: 18 * 60) ?? .midnight
    /// Whether `quests remind` sends nudges at all (`config nudges off`).
    public var nudges = true

    public init() {}

    /// The name users type for each setting.
    public enum Key: String, CaseIterable, Sendable {
        case dayStart = "day-start"
        case weekStart = "week-start"
        case backfillDays = "backfill-days"
        case freezePrice = "freeze-price"
        case focusLimit = "focus-limit"
        case focusTaskReward = "focus-task-reward"
        case focusGoalReward = "focus-goal-reward"
        case focusCheckins = "focus-checkins"
        case journalQuest = "journal-quest"
        case nudgeAt = "nudge-at"
        case nudges

        /// Parses a key name.
        public static func parse(_ text: String) throws(QuestsError) -> Key {
            guard let key = Key(rawValue: text.lowercased()) else { throw .unknownSetting(text) }
            return key
        }
    }

    /// The value of `key` as text, in the form `set` accepts.
    public func value(for key: Key) -> String {
        switch key {
        case .dayStart: return dayStart.description
        case .weekStart: return weekStart.lowercaseName
        case .backfillDays: return String(backfillDays)
        case .freezePrice: return String(freezePrice)
        case .focusLimit: return String(focusLimit)
        case .focusTaskReward: return String(focusTaskReward)
        case .focusGoalReward: return String(focusGoalReward)
        case .focusCheckins:
            return focusCheckins.isEmpty ? "none" : focusCheckins.map(\.description).joined(separator: ",")
        case .journalQuest: return journalQuest?.uuidString ?? "none"
        case .nudgeAt: return nudgeAt.description
        case .nudges: return nudges ? "on" : "off"
        }
    }

    /// Sets `key` from text, refusing a value of the wrong form.
    public mutating func set(_ key: Key, to text: String) throws(QuestsError) {
        switch key {
        case .dayStart:
            guard let time = try? TimeOfDay.parse(text) else {
                throw .invalidSetting(key, value: text)
            }
            dayStart = time
        case .weekStart:
            switch text.lowercased() {
            case "monday", "mon": weekStart = .monday
            case "sunday", "sun": weekStart = .sunday
            default: throw .invalidSetting(key, value: text)
            }
        case .backfillDays:
            guard let days = Int(text), (0...3650).contains(days) else {
                throw .invalidSetting(key, value: text)
            }
            backfillDays = days
        case .freezePrice:
            guard let price = try? Reward.parsePrice(text) else { throw .invalidSetting(key, value: text) }
            freezePrice = price
        case .focusLimit:
            guard let limit = FocusRules.parseLimit(text) else { throw .invalidSetting(key, value: text) }
            focusLimit = limit
        case .focusTaskReward, .focusGoalReward:
            guard let reward = try? Schedule.parseReward(text) else { throw .invalidSetting(key, value: text) }
            if key == .focusTaskReward { focusTaskReward = reward } else { focusGoalReward = reward }
        case .focusCheckins:
            guard let times = FocusRules.parseCheckins(text) else { throw .invalidSetting(key, value: text) }
            focusCheckins = times
        case .journalQuest:
            if text.lowercased() == "none" {
                journalQuest = nil
            } else {
                guard let id = UUID(uuidString: text) else { throw .invalidSetting(key, value: text) }
                journalQuest = id
            }
        case .nudgeAt:
            guard let time = try? TimeOfDay.parse(text) else { throw .invalidSetting(key, value: text) }
            nudgeAt = time
        case .nudges:
            switch text.lowercased() {
            case "on", "yes", "true": nudges = true
            case "off", "no", "false": nudges = false
            default: throw .invalidSetting(key, value: text)
            }
        }
    }
}

extension RecordKind {
    /// The settings the user changed, by key.
    public static let settings = RecordKind(
        "settings", key: "settings", table: "setting", synced: [Synced(name: "setting", strategy: .lastWriterPerField)],
        summary: .never, count: { $0.settings.count },
        backupField: { .init("settings", \.settings, Backup.settingsCodec) },
        // Each of the form its key takes.
        check: { backup throws(BackupError) in
            var probe = Settings()
            for (key, value) in backup.settings {
                do throws(QuestsError) { try probe.set(key, to: value) } catch {
                    throw .invalid(JSONError(path: "settings.\(key.rawValue)", problem: .invalidSetting(error)))
                }
            }
        })
}
