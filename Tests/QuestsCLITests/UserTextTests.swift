import Foundation
import Testing

@testable import QuestsCLI
@testable import QuestsCore

/// Text people give quests is stored exactly or refused (a NUL, too long), the same way wherever it
/// enters; quoted input in messages is cut; numbers in backups are bounded.
@Suite struct UserTextTests {
    @Test func aNULOrTooMuchTextIsRefusedAndTheLimitItselfIsFine() {
        #expect(UserText.problem(with: "Ta\u{0}b", as: .title) == .containsNUL)
        #expect(UserText.problem(with: "\u{0}Walk", as: .notes) == .containsNUL)
        #expect(UserText.problem(with: String(repeating: "é", count: 200), as: .title) == nil)
        #expect(UserText.problem(with: String(repeating: "é", count: 201), as: .title) == .tooLong(limit: 200))
        #expect(UserText.problem(with: String(repeating: "n", count: 5_000), as: .notes) == nil)
        #expect(UserText.problem(with: String(repeating: "n", count: 5_001), as: .notes) == .tooLong(limit: 5_000))
        // One character of a million combining marks is still a million characters.
        #expect(
            UserText.problem(with: "a" + String(repeating: "\u{301}", count: 1_000_000), as: .title)
                == .tooLong(limit: 200))
    }

    @Test func questAndRewardTitlesFollowTheRule() {
        let day = LocalDay(year: 2026, month: 11, day: 21)!
        #expect(throws: QuestsError.invalidText(.title, .containsNUL)) {
            try Quest.validatedTitle("\u{0}Read", among: [], on: day)
        }
        #expect(throws: QuestsError.invalidText(.title, .tooLong(limit: 200))) {
            try Reward.validatedTitle(String(repeating: "x", count: 201), among: [])
        }
    }

    @Test func quotedInputIsCutToAReadableLength() {
        #expect(UserText.quoted("short") == "\"short\"")
        #expect(UserText.quoted(String(repeating: "a", count: 60)) == "\"" + String(repeating: "a", count: 60) + "\"")
        #expect(UserText.quoted(String(repeating: "a", count: 61)) == "\"" + String(repeating: "a", count: 60) + "…\"")
    }

    func backup(_ replacements: [(String, String)]) -> [UInt8] {
        BackupDocumentTests().document(replacements)
    }

    func refusal(_ bytes: [UInt8]) -> String? {
        BackupDocumentTests().refusal(bytes)
    }

    @Test func backupTextIsStoredExactlyOrRefusedNeverCut() throws {
        let cases: [([UInt8], String)] = [
            (
                backup([(#""title": "Read""#, #""title": "Ta\u0000b""#)]),
                "quests[0].title: must not contain a NUL character"
            ),
            (
                backup([(#""title": "Read""#, #""title": "\u0000Read""#)]),
                "quests[0].title: must not contain a NUL character"
            ),
            (
                backup([(#""title": "Cake""#, #""title": "\#(String(repeating: "c", count: 201))""#)]),
                "rewards[0].title: must have at most 200 characters"
            ),
            (
                backup([(#""notes": """#, #""notes": "\#(String(repeating: "n", count: 5_001))""#)]),
                "quests[0].notes: must have at most 5,000 characters"
            ),
            (
                backup([(#""memo": "Read""#, #""memo": "Re\u0000ad""#)]),
                "ledger[0].memo: must not contain a NUL character"
            ),
            (
                backup([(#""appVersion": "0.2.0""#, #""appVersion": "0.2\u0000""#)]),
                "appVersion: must not contain a NUL character"
            ),
        ]
        for (bytes, expected) in cases {
            let message = refusal(bytes)
            #expect(message?.contains(expected) == true, "got \(message ?? "no refusal"), expected \(expected)")
        }
        // Text within the rule comes back exactly, and a backup → decode → backup round trip is identical.
        let exact = try Backup.decode(backup([(#""title": "Read""#, #""title": "Read \u00e9\ud83d\udc4b""#)]))
        #expect(exact.quests.first?.title == "Read é👋")
        #expect(try Backup.decode(exact.encoded()).encoded() == exact.encoded())
    }

    @Test func backupNumbersAreBoundedWithTheFieldPath() {
        let cases: [([UInt8], String)] = [
            (
                backup([(#""number": 1, "title": "Read""#, #""number": 9223372036854775807, "title": "Read""#)]),
                "quests[0].number: must be from 1 to 1,000,000,000"
            ),
            (
                backup([(#""number": 1, "title": "Cake""#, #""number": 1000000001, "title": "Cake""#)]),
                "rewards[0].number: must be from 1 to 1,000,000,000"
            ),
            (
                backup([(#""reward": 10"#, #""reward": 9223372036854775807"#)]),
                "quests[0].schedule[0].reward: must be from 0 to 1,000,000"
            ),
            (
                backup([(#""price": 5"#, #""price": -9223372036854775807"#)]),
                "rewards[0].price: must be from 1 to 1,000,000"
            ),
            (
                backup([(#""amount": 10"#, #""amount": 9223372036854775807"#)]),
                "ledger[0].amount: must be from -1,000,000,000 to 1,000,000,000"
            ),
        ]
        for (bytes, expected) in cases {
            let message = refusal(bytes)
            #expect(message?.contains(expected) == true, "got \(message ?? "no refusal"), expected \(expected)")
        }
    }

    @Test func backupErrorsQuoteHugeInputCut() {
        let huge = String(repeating: "k", count: 1_000_000)
        for bytes in [
            backup([(#""kind": "quest-reward""#, #""kind": "\#(huge)""#)]),
            backup([(#""memo": "Read""#, #""memo": "Read", "\#(huge)": 1"#)]),
            backup([(#""weekdays": ["mon", "fri"]"#, #""weekdays": ["mon", "\#(huge)"]"#)]),
            backup([(#""quests-backup""#, "\"\(huge)\"")]),
        ] {
            let message = refusal(bytes) ?? ""
            #expect(!message.isEmpty && message.count < 250, "\(message.prefix(300))")
        }
    }

    @Test func packTextFollowsTheSameRule() {
        func problem(_ json: String) -> String? { QuestPackTests().problem(json) }
        func pack(_ quests: String) -> String { QuestPackTests().pack(quests: quests) }
        #expect(
            problem(pack(#"{"title": "Walk\u0000 the dog", "weekdays": ["mon"]}"#))
                == "quests[0].title: must not contain a NUL character")
        #expect(
            problem(
                pack(#"{"title": "Walk", "weekdays": ["mon"], "notes": "\#(String(repeating: "n", count: 5_001))"}"#))
                == "quests[0].notes: must have at most 5,000 characters")
        #expect(
            problem(pack(#"{"title": "\#(String(repeating: "t", count: 201))", "weekdays": ["mon"]}"#))
                == "quests[0].title: must have at most 200 characters")
    }

    @Test func aBackupIsToldFromOtherFilesByItsStart() {
        #expect(Backup.isBackup(prefix: BackupDocumentTests().document()))
        #expect(
            Backup.isBackup(
                prefix: Array(#"{"settings": {"a": [1, {"b": null}]}, "format": "quests-backup", "quests": [{"#.utf8)))
        #expect(!Backup.isBackup(prefix: Array("#!/bin/sh\necho hello\n".utf8)))
        #expect(!Backup.isBackup(prefix: Array(#"{"format": "todo-export"}"#.utf8)))
        #expect(!Backup.isBackup(prefix: Array(#"{"other": {"format": "quests-backup"}}"#.utf8)))
        #expect(!Backup.isBackup(prefix: []))
    }
}
