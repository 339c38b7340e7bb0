import Foundation

extension Backup {
    /// Checks that the document is consistent on its own: settings of the right form, no UUID or number
    /// used twice, every reference pointing at a record in the document, one completion per quest and
    /// day, and a ledger whose balance never goes below zero.
    public func validate() throws(BackupError) {
        func fail(_ path: String, _ message: String) -> BackupError {
            .invalid(JSONError(path: path, message: message))
        }
        func checkUnique<Key: Hashable>(_ keys: [Key], _ path: (Int) -> String, _ what: String) throws(BackupError) {
            var first: [Key: Int] = [:]
            first.reserveCapacity(keys.count)
            for (index, key) in keys.enumerated() {
                if let earlier = first.updateValue(index, forKey: key) {
                    throw fail(path(index), "\(what) as \(path(earlier).split(separator: ".").first ?? "")")
                }
            }
        }

        var probe = Settings()
        for (key, value) in settings {
            do { try probe.set(key, to: value) } catch { throw fail("settings.\(key.rawValue)", error.localizedDescription) }
        }

        try checkUnique(quests.map(\.id), { "quests[\($0)].uuid" }, "the same UUID is used")
        try checkUnique(quests.map(\.number), { "quests[\($0)].number" }, "the same number is used")
        for (index, quest) in quests.enumerated() {
            guard let first = quest.versions.first else { throw fail("quests[\(index)].schedule", "needs at least one entry") }
            guard first.effectiveFrom == quest.createdDay else {
                throw fail("quests[\(index)].schedule", "the first entry must start on the quest's createdDay \(quest.createdDay)")
            }
            try checkUnique(quest.versions.map(\.effectiveFrom), { "quests[\(index)].schedule[\($0)].from" }, "the same day is used")
        }
        try checkUnique(rewards.map(\.id), { "rewards[\($0)].uuid" }, "the same UUID is used")
        try checkUnique(rewards.map(\.number), { "rewards[\($0)].number" }, "the same number is used")

        let questIDs = Set(quests.map(\.id))
        try checkUnique(completions.map(\.id), { "completions[\($0)].uuid" }, "the same UUID is used")
        for (index, completion) in completions.enumerated() where !questIDs.contains(completion.quest) {
            throw fail("completions[\(index)].quest", "no quest in the backup has this UUID")
        }
        try checkUnique(completions.map { QuestDay(quest: $0.quest, day: $0.day.dayNumber) }, { "completions[\($0)]" },
                        "the quest is completed twice that day")

        try checkUnique(ledger.map(\.id), { "ledger[\($0)].uuid" }, "the same UUID is used")
        var balance = 0
        for (index, entry) in ledger.enumerated() {
            balance += entry.amount
            guard balance >= 0 else { throw fail("ledger[\(index)]", "takes the balance below zero (\(balance) DD)") }
        }

        let rewardIDs = Set(rewards.map(\.id))
        try checkUnique(redemptions.map(\.id), { "redemptions[\($0)].uuid" }, "the same UUID is used")
        for (index, redemption) in redemptions.enumerated() where !rewardIDs.contains(redemption.reward) {
            throw fail("redemptions[\(index)].reward", "no reward in the backup has this UUID")
        }
        try checkUnique(achievements.map(\.achievement.id), { "achievements[\($0)].id" }, "the same achievement is listed")
        try checkUnique(celebrations, { "celebrations[\($0)]" }, "the same day is listed")
    }

    private struct QuestDay: Hashable {
        let quest: UUID
        let day: Int
    }
}
