import Foundation
import Testing

@testable import QuestsCLI
@testable import QuestsCore

@Suite struct BackupDocumentTests {
    static let quest = "11111111-1111-4111-8111-111111111111"
    static let completion = "22222222-2222-4222-8222-222222222222"
    static let entry = "33333333-3333-4333-8333-333333333333"
    static let reward = "44444444-4444-4444-8444-444444444444"

    /// A small valid document; `replace` swaps text in it to make it wrong in one way.
    func document(_ replacements: [(String, String)] = [], extraLedger: String = "") -> [UInt8] {
        var text = """
            {"format": "quests-backup", "schemaVersion": 1, "appVersion": "0.2.0", "exportedAt": "2026-11-21T08:00:00Z",
             "settings": {"day-start": "03:00"},
             "quests": [{"uuid": "\(Self.quest)", "number": 1, "title": "Read", "notes": "", "createdDay": "2026-11-01",
                         "schedule": [{"from": "2026-11-01", "time": "21:00", "weekdays": ["mon", "fri"], "reward": 10, "archived": false}]}],
             "rewards": [{"uuid": "\(Self.reward)", "number": 1, "title": "Cake", "notes": "", "price": 5, "removed": false}],
             "completions": [{"uuid": "\(Self.completion)", "quest": "\(Self.quest)", "day": "2026-11-20", "completedAt": "2026-11-20T21:00:00Z"}],
             "ledger": [{"uuid": "\(Self.entry)", "at": "2026-11-20T21:00:00Z", "amount": 10, "kind": "quest-reward", "reference": "\(Self.completion)", "memo": "Read"}\(extraLedger)],
             "redemptions": [],
             "achievements": [{"uuid": "6532BFC7-AA2F-474C-A762-C0354C5D592F", "id": "completions-1", "earnedDay": "2026-11-20", "recordedAt": "2026-11-20T21:00:00Z"}],
             "celebrations": ["2026-11-20"]}
            """
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        return Array(text.utf8)
    }

    func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try Backup.decode(bytes)
            return nil
        } catch {
            return Quests.failureMessage(error)
        }
    }

    @Test func aValidDocumentDecodesEveryRecord() throws {
        let backup = try Backup.decode(document())
        #expect(
            backup.quests.first?.versions.first?.schedule
                == Schedule(time: TimeOfDay(hour: 21, minute: 0), weekdays: WeekdaySet([.monday, .friday]), reward: 10))
        #expect(backup.completions.first?.day.description == "2026-11-20")
        #expect(backup.ledger.first?.reference?.uuidString == Self.completion)
        #expect(backup.settings == [.dayStart: "03:00"])
        #expect(backup.achievements.first?.achievement.title == "First Step")
        // Encoding and decoding again gives the same backup.
        #expect(try Backup.decode(backup.encoded()) == backup)
    }

    @Test func theHeaderMayComeAfterTheRecords() throws {
        let moved = document([
            (#""format": "quests-backup", "schemaVersion": 1, "#, ""),
            (
                #""celebrations": ["2026-11-20"]}"#,
                #""celebrations": ["2026-11-20"], "schemaVersion": 1, "format": "quests-backup"}"#
            ),
        ])
        #expect(try Backup.decode(moved).quests.count == 1)
    }

    @Test func newerAndUnknownDocumentsAreRefusedByName() {
        let newer = Backup.schemaVersion + 1
        #expect(
            refusal(document([(#""schemaVersion": 1"#, "\"schemaVersion\": \(newer)")]))?
                .contains(
                    "newer quests (backup schema version \(newer); this quests reads up to \(Backup.schemaVersion))")
                == true)
        #expect(
            refusal(document([(#""schemaVersion": 1"#, #""schemaVersion": 0"#)]))
                == "schemaVersion: must be a whole number from 1")
        #expect(
            refusal(document([(#""quests-backup""#, #""todo-export""#)]))
                == #"not a quests backup (its format is "todo-export")"#)
        #expect(refusal(Array("PK\u{03}\u{04} zip file".utf8))?.hasPrefix("not a quests backup") == true)
        #expect(refusal(Array("[]".utf8))?.hasPrefix("not a quests backup") == true)
    }

    @Test func inconsistentDocumentsNameTheRecordAndTheProblem() {
        let unknownQuest = "99999999-9999-4999-8999-999999999999"
        let cases: [([UInt8], String)] = [
            (
                document([(#""quest": "\#(Self.quest)""#, #""quest": "\#(unknownQuest)""#)]),
                "completions[0].quest: no quest in the backup has this UUID"
            ),
            (
                document(
                    extraLedger:
                        #", {"uuid": "\#(Self.entry)", "at": "2026-11-20T22:00:00Z", "amount": 5, "kind": "bonus", "reference": null, "memo": ""}"#
                ),
                "ledger[1].uuid: the same UUID is used as ledger[0]"
            ),
            (
                document(
                    extraLedger:
                        #", {"uuid": "55555555-5555-4555-8555-555555555555", "at": "2026-11-20T22:00:00Z", "amount": -11, "kind": "redemption", "reference": null, "memo": ""}"#
                ),
                "ledger[1]: takes the balance below zero (-1 DD)"
            ),
            (document([(#""amount": 10"#, #""amount": 0"#)]), "ledger[0].amount: must be a non-zero whole number"),
            (document([(#""kind": "quest-reward""#, #""kind": "gift""#)]), #"ledger[0].kind: unknown kind "gift""#),
            (
                document([(#""id": "completions-1""#, #""id": "streak-7""#)]),
                #"achievements[0].uuid: is not the UUID of achievement "streak-7""#
            ),
            (
                document([(#""id": "completions-1""#, #""id": "streak-8""#)]),
                #"achievements[0].id: unknown achievement "streak-8""#
            ),
            (
                document([(#""day-start": "03:00""#, #""day-start": "3 am""#)]),
                #"settings.day-start: invalid value "3 am""#
            ),
            (document([(#""day-start""#, #""night-start""#)]), "settings.night-start: unknown field"),
            (
                document([(#""from": "2026-11-01""#, #""from": "2026-11-02""#)]),
                "quests[0].schedule: the first entry must start on the quest's createdDay"
            ),
            (
                document([(#""weekdays": ["mon", "fri"]"#, #""weekdays": ["mon", "funday"]"#)]),
                #"quests[0].schedule[0].weekdays[1]: unknown weekday "funday""#
            ),
            (
                document([(#""day": "2026-11-20""#, #""day": "2026-11-31""#)]),
                "completions[0].day: expected a date YYYY-MM-DD"
            ),
            (document([(#""price": 5"#, #""price": 0"#)]), "rewards[0].price: must be from 1 to 1,000,000"),
            (document([(#", "memo": "Read"}"#, "}")]), "ledger[0].memo: missing"),
            (document([(#""redemptions": [],"#, "")]), "redemptions: missing"),
            (
                document([(#""celebrations": ["2026-11-20"]"#, #""celebrations": ["2026-11-20", "2026-11-20"]"#)]),
                "celebrations[1]: the same day is listed"
            ),
        ]
        for (bytes, expected) in cases {
            let message = refusal(bytes)
            #expect(message?.contains(expected) == true, "got \(message ?? "no refusal"), expected \(expected)")
        }
    }
}
