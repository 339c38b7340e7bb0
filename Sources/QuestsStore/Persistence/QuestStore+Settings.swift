import QuestsCore

extension Database {
    /// The stored settings, with defaults for the ones never set.
    func settings() throws -> Settings {
        var settings = Settings()
        try cached("SELECT key, value FROM setting").rows { row in
            guard let key = Settings.Key(rawValue: row.text(0)) else { return }
            do {
                try settings.set(key, to: row.text(1))
            } catch {
                throw StoreError.damagedRecord(.record(.settings, .text(key.rawValue), field: "value"))
            }
        }
        return settings
    }

    /// Where `now` falls among the user's quest days, with the stored day start.
    func position(at now: Now) throws -> DayPosition {
        now.position(dayStart: try settings().dayStart)
    }

    /// Stores one setting's value, as `Settings.value(for:)` writes it.
    func save(_ key: Settings.Key, of settings: Settings) throws {
        try prepare("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            .run([.text(key.rawValue), .text(settings.value(for: key))])
    }
}
