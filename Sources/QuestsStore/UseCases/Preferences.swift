import QuestsCore

/// The settings, the day they place a moment on, and this machine's language.
public struct Preferences {
    private let store: QuestStore

    /// The use cases of `store`.
    public init(_ store: QuestStore) { self.store = store }

    /// The stored settings, with defaults for the ones never set.
    public func settings() throws -> Settings {
        try store.inDatabase { try $0.settings() }
    }

    /// Where `now` falls among the user's quest days, with the stored day start.
    public func position(at now: Now) throws -> DayPosition {
        try store.inDatabase { try $0.position(at: now) }
    }

    /// Changes one setting.
    public func set(_ key: Settings.Key, to value: String) throws -> Settings {
        try store.write { db in
            var settings = try db.settings()
            try settings.set(key, to: value)
            try db.save(key, of: settings)
            return settings
        }
    }

    /// The language `quests config language` chose on this machine, or nil to follow the environment. It is
    /// this machine's own, kept beside the sync folder (`sync_state`): never synced, never in a backup, so a
    /// German and a Japanese machine each keep theirs.
    public func chosenLanguage() throws -> String? {
        try store.inDatabase { try $0.state("language") }
    }

    /// Remembers the language of this machine; nil follows the environment again.
    public func setChosenLanguage(_ code: String?) throws {
        try store.write { db in
            if let code {
                try db.setState("language", code)
            } else {
                try db.cached("DELETE FROM sync_state WHERE key = 'language'").run([])
            }
        }
    }
}
