extension QuestStore {
    /// The language `quests config language` chose on this machine, or nil to follow the environment. It is
    /// this machine's own, kept beside the sync folder (`sync_state`): never synced, never in a backup, so a
    /// German and a Japanese machine each keep theirs.
    public func chosenLanguage() throws -> String? {
        try inDatabase { try $0.state("language") }
    }

    /// Remembers the language of this machine; nil follows the environment again.
    public func setChosenLanguage(_ code: String?) throws {
        try write { db in
            if let code {
                try db.setState("language", code)
            } else {
                try db.cached("DELETE FROM sync_state WHERE key = 'language'").run([])
            }
        }
    }
}
