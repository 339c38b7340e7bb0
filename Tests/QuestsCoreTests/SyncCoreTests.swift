import Foundation
import Testing

@testable import QuestsCore

@Suite struct SyncCoreTests {
    @Test func sha1MatchesTheStandardVectors() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(NameUUID.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(NameUUID.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(NameUUID.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test func nameBasedIdentitiesAreStableVersion5UUIDs() {
        let id = NameUUID.packQuest(pack: "morning-routine", title: "Drink a glass of water")
        #expect(id == NameUUID.packQuest(pack: "morning-routine", title: "drink a glass of WATER"))
        #expect(id != NameUUID.packQuest(pack: "fitness", title: "Drink a glass of water"))
        #expect(id.uuidString.dropFirst(14).first == "5")
        let day = LocalDay(year: 2026, month: 11, day: 21)!
        #expect(NameUUID.completion(quest: id, day: day) == NameUUID.completion(quest: id, day: day))
        #expect(NameUUID.completion(quest: id, day: day) != NameUUID.completion(quest: id, day: day.adding(days: 1)))
    }

    /// A completion's and a skip's identity is the UUID of a name, `completion:` or `skip:`, the quest's
    /// UUID text and the day: stores and backups hold them, so the bytes hashed may never change.
    @Test func questDayIdentitiesAreTheUUIDsOfTheirNames() throws {
        let quest = try #require(UUID(uuidString: "CE392893-C023-4C7E-95A8-B352EF4022EE"))
        let day = try #require(LocalDay(year: 2026, month: 11, day: 21))
        #expect(NameUUID.completion(quest: quest, day: day).uuidString == "729C26BF-DC2B-5624-B256-076EB6ECE117")
        for quest in [quest, UUID(), UUID()] {
            for day in [day, day.adding(days: -4_000), day.adding(days: 31)] {
                #expect(
                    NameUUID.completion(quest: quest, day: day)
                        == NameUUID.make("completion:\(quest.uuidString)/\(day)"))
                #expect(NameUUID.skip(quest: quest, day: day) == NameUUID.make("skip:\(quest.uuidString)/\(day)"))
            }
        }
    }

    @Test func stampsOrderByTimeThenCounterThenReplicaAndTheirTextSortsTheSame() {
        let a = HybridTime(milliseconds: 5, counter: 2, replica: "B")
        let stamps = [
            HybridTime(milliseconds: 5, counter: 2, replica: "A"), a,
            HybridTime(milliseconds: 5, counter: 10, replica: "A"),
            HybridTime(milliseconds: 1_763_712_000_000, counter: 0, replica: "A"),
        ]
        #expect(stamps == stamps.sorted())
        #expect(stamps.map(\.description) == stamps.map(\.description).sorted())
        #expect(stamps.map { HybridTime($0.description) } == stamps)
        #expect(HybridTime("12.3.A") == nil)
        #expect(HybridTime(HybridTime.base.description) == .base)
        for malformed in [
            "0001763712000000.000000.", "+001763712000000.000000.A", "0001763712000000-000000.A",
            "000176371200000x.000000.A", "0001763712000000.00000a.A", "0001763712000000.0000000.A", "",
        ] {
            #expect(HybridTime(malformed) == nil, "\(malformed)")
        }
    }

    @Test func theClockNeverGoesBackAndMovesPastWhatItSaw() {
        let clock = HybridTime(milliseconds: 10_000, counter: 0, replica: "A")
        #expect(
            clock.tick(at: Date(timeIntervalSince1970: 5)) == HybridTime(milliseconds: 10_000, counter: 1, replica: "A")
        )
        #expect(
            clock.tick(at: Date(timeIntervalSince1970: 11))
                == HybridTime(milliseconds: 11_000, counter: 0, replica: "A"))
        let seen = clock.witnessing(HybridTime(milliseconds: 20_000, counter: 3, replica: "B"))
        #expect(
            seen.tick(at: Date(timeIntervalSince1970: 12)) > HybridTime(milliseconds: 20_000, counter: 3, replica: "B"))
    }

    @Test func lastWriterWinsAndTheEarliestCreationDay() {
        let early = HybridTime(milliseconds: 1, counter: 0, replica: "A")
        let late = HybridTime(milliseconds: 2, counter: 0, replica: "A")
        let title = SyncChange(stamp: late, kind: "quest", key: "k", field: "title", value: "New")
        #expect(title.wins(over: nil))
        #expect(title.wins(over: ("Old", early)))
        #expect(!title.wins(over: ("Newer", HybridTime(milliseconds: 2, counter: 0, replica: "B"))))
        #expect(!title.wins(over: ("New", late)))
        let created = SyncChange(stamp: late, kind: "quest", key: "k", field: "created", value: "2026-11-20")
        #expect(created.wins(over: ("2026-11-22", early)))
        #expect(
            !SyncChange(stamp: late, kind: "quest", key: "k", field: "created", value: "2026-11-23").wins(
                over: ("2026-11-22", early)))
    }

    @Test func syncFilesRoundTripAndRefuseWhatTheyDoNotKnow() throws {
        let file = SyncFile(
            replica: "R1",
            changes: [
                SyncChange(
                    stamp: HybridTime(milliseconds: 7, counter: 1, replica: "R1"), kind: "quest", key: "K",
                    field: "notes", value: "a\n\"b\""),
                SyncChange(
                    stamp: HybridTime(milliseconds: 8, counter: 0, replica: "R1"), kind: "version", key: "K/2026-11-21",
                    field: "time", value: nil),
            ])
        #expect(try SyncFile.decode(file.encoded()) == file)
        #expect(throws: JSONError.self) { try SyncFile.decode(Array(#"{"format":"quests-backup","version":1}"#.utf8)) }
        #expect(throws: JSONError.self) {
            try SyncFile.decode(Array(#"{"format":"quests-sync","version":2,"replica":"R","changes":[]}"#.utf8))
        }
        #expect(throws: JSONError.self) {
            try SyncFile.decode(Array(#"{"format":"quests-sync","version":1,"replica":"R"}"#.utf8))
        }
        #expect(throws: JSONError.self) {
            try SyncFile.decode(Array(String(decoding: file.encoded(), as: UTF8.self).dropLast(5).utf8))
        }
    }
}
