import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI

/// Bundled packs speak the reader's language, and a pack quest is the same quest in every language.
@Suite struct PackLanguageTests {
    @Test func theCatalogHasEveryBundledPacksEnglishWords() {
        // The catalog's English must be the packs' own: a pack file edited without its messages fails here.
        for pack in QuestPack.bundled {
            let key = { (part: String) in "pack-\(pack.id)-\(part)" }
            #expect(Message.keyed(key("name")) == pack.name)
            #expect(Message.keyed(key("description")) == pack.description)
            for quest in pack.quests {
                #expect(Message.keyed(key(quest.slug)) == quest.title, "\(pack.id) \(quest.title)")
                if !quest.notes.isEmpty { #expect(Message.keyed(key(quest.slug + "-notes")) == quest.notes) }
            }
        }
    }

    @Test func aPackAddedInTwoLanguagesIsOneSetOfQuests() throws {
        let german = try Sandbox()
        try german.ok("pack", "add", "morning-routine", extra: ["LANG": "de_DE.UTF-8"])
        let japanese = try Sandbox()
        try japanese.ok("pack", "add", "morning-routine", extra: ["LANG": "ja_JP.UTF-8"])
        let english = try Sandbox()
        try english.ok("pack", "add", "morning-routine")
        func quests(_ sandbox: Sandbox) throws -> [(uuid: String, title: String)] {
            let list = try #require(try sandbox.json("list", "--json")["quests"] as? [[String: Any]])
            return list.map { ($0["uuid"] as? String ?? "", $0["title"] as? String ?? "") }
        }
        let (de, ja, en) = (try quests(german), try quests(japanese), try quests(english))
        #expect(de.count == en.count && ja.count == en.count && !en.isEmpty)
        // The same quests: the same identities, each titled in the language it was added in.
        #expect(de.map(\.uuid) == en.map(\.uuid) && ja.map(\.uuid) == en.map(\.uuid))
        #expect(de.map(\.title) != en.map(\.title) && ja.map(\.title) != en.map(\.title))
        #expect(en.map(\.title).contains("Drink a glass of water"))
        // Adding it again in another language adds nothing: its quests are already there.
        let again = try german.ok("pack", "add", "morning-routine")
        #expect(try quests(german).count == de.count, "\(again)")
        // A pack is found by its name in the reader's language too.
        let shown = try german.ok("pack", "show", "Morgenroutine", extra: ["LANG": "de_DE.UTF-8"])
        #expect(shown.contains("Morgenroutine (morning-routine"))
        // Machine output stays the pack's own words.
        let detail = try german.ok("pack", "show", "morning-routine", "--json", extra: ["LANG": "de_DE.UTF-8"])
        #expect(detail.contains("Drink a glass of water"))
    }
}
