import Foundation
import QuestsCore

/// What adding a pack did: the quests it created and the ones already on the board.
public struct PackOutcome: Sendable {
    public let pack: QuestPack
    public let added: [Quest]
    /// Pack quests skipped because an active quest has their title, with that quest.
    public let present: [Quest]
}

extension QuestStore {
    /// Adds the pack's quests that are not already active, all created today, in one transaction.
    public func addPack(_ pack: QuestPack, now: Now) throws -> PackOutcome {
        try write {
            let today = try position(at: now).day
            let (new, present) = pack.split(against: try quests(), on: today)
            let added = try new.map { quest in
                try addQuest(id: UUID(), title: quest.title, notes: quest.notes, createdDay: today, schedule: quest.schedule)
            }
            return PackOutcome(pack: pack, added: added, present: present.map(\.1))
        }
    }
}
