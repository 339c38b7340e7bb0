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
        try write { db in
            let today = try db.position(at: now).day
            let quests = try db.quests()
            var (new, present) = pack.split(against: quests, on: today)
            // A pack quest's identity comes from the pack and its key (the title it was written with, in
            // whatever language it is added), so a pack added on two machines is one set of quests once they
            // sync; one already here (even archived) is not added again.
            let byID = Dictionary(quests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            present += new.compactMap { quest in
                byID[NameUUID.packQuest(pack: pack.id, title: quest.key)].map { (quest, $0) }
            }
            new.removeAll { byID[NameUUID.packQuest(pack: pack.id, title: $0.key)] != nil }
            let added = try new.map { quest in
                try db.addQuest(
                    id: NameUUID.packQuest(pack: pack.id, title: quest.key), title: quest.title, notes: quest.notes,
                    createdDay: today, schedule: quest.schedule)
            }
            return PackOutcome(pack: pack, added: added, present: present.map(\.1))
        }
    }
}
