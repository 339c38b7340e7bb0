import QuestsCore

/// A bundled pack in the reader's language, from the catalog's `pack-<id>-…` messages (Languages/, the
/// Packs section); a pack file of the user's own is shown as written.
enum PackWording {
    static func worded(_ pack: QuestPack) -> QuestPack {
        guard QuestPack.bundled.contains(pack) else { return pack }
        return pack.worded { Message.keyed("pack-\(pack.id)-\($0)") }
    }
}
