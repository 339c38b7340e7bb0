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

    /// Version 3 writes a record's fields at one stamp as one entry, its own stamps without its replica id,
    /// other replicas' stamps (carried after `sync --forget`) whole; the header still refuses a newer version.
    @Test func version3WritesOneEntryPerRecordAndStampAndLeavesOutItsOwnReplicaId() throws {
        let own = HybridTime(milliseconds: 1_795_168_800_000, counter: 2, replica: "R1")
        let other = HybridTime(milliseconds: 1_795_168_800_000, counter: 2, replica: "R2")
        let completion = ["at": "2026-11-20T10:00:00Z", "done": "1", "note": "", "paid": "5"].sorted { $0.key < $1.key }
        let file = SyncFile(
            replica: "R1",
            records: [
                SyncRecord(kind: "quest", key: "Q", fields: [SyncField("title", "Run"), SyncField("notes", nil)])
            ],
            changes: completion.map {
                SyncChange(stamp: own, kind: "completion", key: "Q/1", field: $0.key, value: $0.value)
            }
                + [
                    SyncChange(stamp: own, kind: "completion", key: "Q/2", field: "done", value: "0"),
                    SyncChange(stamp: other, kind: "completion", key: "Q/2", field: "done", value: "1"),
                    SyncChange(stamp: other, kind: "quest", key: "Q", field: "notes", value: nil),
                ])
        let bytes = file.encoded()
        #expect(try SyncFile.decode(bytes) == file)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.contains(#""stamp":"#) }
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""stamp":"0001795168800000.000002","values":{"at":"#))
        #expect(lines[2].contains(#""stamp":"0001795168800000.000002.R2""#))
        #expect(text.contains(#""version": 3"#))
        // The stamps of the file's replica are read as its own wherever the replica stands in the document.
        let replicaLast = text.replacingOccurrences(of: #"  "replica": "R1",\#n"#, with: "").replacingOccurrences(
            of: "\n}", with: #",\#n  "replica": "R1"\#n}"#)
        #expect(replicaLast != text)
        #expect(try SyncFile.decode(Array(replicaLast.utf8)) == file)
        for refused in [
            text.replacingOccurrences(of: #""version": 3"#, with: #""version": 4"#),
            text.replacingOccurrences(of: #""stamp":"0001795168800000.000002","#, with: #""stamp":"1795168800000.2","#),
            text.replacingOccurrences(of: #""replica": "R1""#, with: #""replica": """#),
            text.replacingOccurrences(of: #""records": ["#, with: #""snapshot": ["#),
        ] {
            #expect(throws: JSONError.self) { try SyncFile.decode(Array(refused.utf8)) }
        }
        do {
            _ = try SyncFile.decode(Array(text.replacingOccurrences(of: #""version": 3"#, with: #""version": 4"#).utf8))
        } catch let error as JSONError {
            #expect(error.problem == .newerSyncFile)
        }
        #expect(SyncFile.header.newestVersion == 3)
        // A change's place in its replica's counter travels with its entry; carried for another replica, none.
        var numbered = file
        for index in numbered.changes.indices { numbered.changes[index].seq = 40 + index / 4 }
        #expect(try SyncFile.decode(numbered.encoded()) == numbered)
        #expect(String(decoding: numbered.encoded(), as: UTF8.self).contains(#"{"seq":40,"kind":"completion""#))
        #expect(SyncFile.carried([numbered], by: "R3").changes.allSatisfy { $0.seq == nil })
        // A reader leaves out, unread, the entries whose place it applied before, quotes and brackets in their
        // text included.
        let skipped = try SyncFile.decode(numbered.encoded(), skipping: ("R1", { $0 == 40 || $0 == 42 }))
        #expect(skipped.changes == numbered.changes.filter { $0.seq == 41 })
        var awkward = numbered
        awkward.changes[3].value = #"5"}]{\"#
        let awkwardBytes = awkward.encoded()
        #expect(
            try SyncFile.decode(awkwardBytes, skipping: ("R1", { $0 == 40 })).changes == Array(awkward.changes[4...]))
        #expect(
            try SyncFile.decode(awkwardBytes, skipping: ("R1", { $0 == 41 })).changes == Array(awkward.changes[..<4]))
        #expect(try SyncFile.decode(awkwardBytes, skipping: ("R2", { _ in true })) == awkward)
        #expect(SyncFile.folded([numbered], replica: "R1").changes.contains { $0.seq != nil })
        #expect(HybridTime("0001795168800000.000002", replica: "R1") == own)
        #expect(HybridTime("0001795168800000.000002") == nil)
        #expect(own.text(omitting: "R1") == "0001795168800000.000002")
        #expect(own.text(omitting: "R2") == own.description)
    }
}
