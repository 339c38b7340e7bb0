import Foundation
import Testing

@testable import QuestsCLI
@testable import QuestsCore

@Suite struct QuestPackTests {
    @Test func everyBundledPackIsValidAndWellFormed() throws {
        #expect(QuestPack.bundledFiles.count >= 4)
        #expect(QuestPack.bundled.count == QuestPack.bundledFiles.count, "a bundled pack failed to parse")
        for file in QuestPack.bundledFiles {
            _ = try QuestPack.parse(Array(file.json.utf8))
        }
        let ids = QuestPack.bundled.map(\.id)
        #expect(Set(ids).count == ids.count)
        for required in ["morning-routine", "fitness", "study", "self-care"] {
            let pack = try QuestPack.bundled(named: required)
            #expect(pack.quests.count >= 5)
            #expect(!pack.description.isEmpty)
            #expect(pack.quests.allSatisfy { !$0.notes.isEmpty })
        }
    }

    @Test func packsAreFoundByIdOrNameInAnyCase() throws {
        #expect(try QuestPack.bundled(named: "Morning Routine").id == "morning-routine")
        #expect(try QuestPack.bundled(named: "SELF-CARE").name == "Self-Care")
        #expect(throws: QuestsError.noPack("gym", available: QuestPack.bundled.map(\.id))) {
            try QuestPack.bundled(named: "gym")
        }
    }

    func problem(_ json: String) -> String? {
        do {
            _ = try QuestPack.parse(Array(json.utf8))
            return nil
        } catch {
            return Quests.failureMessage(error)
        }
    }

    func pack(quests: String, id: String = "\"mine\"", extra: String = "") -> String {
        #"{"id": \#(id), "name": "Mine", "description": "d", "version": 1, \#(extra)"quests": [\#(quests)]}"#
    }

    @Test func aValidPackFileParsesWithDefaults() throws {
        let parsed = try QuestPack.parse(
            Array(pack(quests: #"{"title": " Read ", "weekdays": ["Monday", "wed"]}"#).utf8))
        #expect(
            parsed.quests == [
                PackQuest(
                    title: "Read",
                    schedule: Schedule(time: nil, weekdays: WeekdaySet([.monday, .wednesday]), reward: 10))
            ])
    }

    @Test func badPackFilesNameTheFieldAndTheProblem() {
        let cases: [(String, String)] = [
            (
                pack(
                    quests:
                        #"{"title": "a", "weekdays": ["mon"]}, {"title": "b", "weekdays": ["mon"]}, {"title": "c", "weekdays": ["funday"]}"#
                ),
                #"quests[2].weekdays[0]: unknown weekday "funday""#
            ),
            (pack(quests: #"{"title": "a", "weekdays": []}"#), "quests[0].weekdays: list at least one weekday"),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon", "monday"]}"#),
                "quests[0].weekdays[1]: mon is listed twice"
            ),
            (pack(quests: #"{"title": "a"}"#), "quests[0].weekdays: missing"),
            (pack(quests: #"{"title": "", "weekdays": ["mon"]}"#), "quests[0].title: must not be empty"),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon"], "time": "7pm"}"#),
                #"quests[0].time: invalid time "7pm""#
            ),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon"], "reward": -1}"#),
                "quests[0].reward: must be a whole number"
            ),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon"], "reward": 2.5}"#),
                "quests[0].reward: expected a whole number"
            ),
            (pack(quests: #"{"title": "a", "weekday": ["mon"]}"#), "quests[0].weekday: unknown field"),
            (
                pack(quests: #"{"title": "A", "weekdays": ["mon"]}, {"title": "a", "weekdays": ["tue"]}"#),
                "quests[1]: \"a\" is in the pack twice"
            ),
            (pack(quests: ""), "quests: a pack needs at least one quest"),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon"]}"#, id: "\"My Pack\""),
                "id: use 1 to 40 lowercase letters"
            ),
            (
                pack(quests: #"{"title": "a", "weekdays": ["mon"]}"#, extra: #""version": 2, "#),
                #"field "version" is given twice"#
            ),
            (#"{"id": "x", "name": "X", "quests": [{"title": "a", "weekdays": ["mon"]}]}"#, "version: missing"),
            (#"["not", "an", "object"]"#, "expected an object"),
            (pack(quests: #"{"title": "a", "weekdays": ["mon"]}"#) + " extra", "unexpected text after the end"),
            (String(pack(quests: #"{"title": "a", "weekdays": ["mon"]}"#).dropLast(3)), "end of the file"),
        ]
        for (json, expected) in cases {
            let message = problem(json)
            #expect(message?.contains(expected) == true, "\(json) gave \(message ?? "no error"), expected \(expected)")
        }
    }

    @Test func splittingAgainstExistingQuestsSkipsActiveTitlesOnly() throws {
        let pack = try QuestPack.bundled(named: "fitness")
        let day = LocalDay(year: 2026, month: 11, day: 21)!
        let existing = Quest(
            id: UUID(), number: 1, title: pack.quests[0].title.uppercased(), createdDay: day,
            versions: [ScheduleVersion(effectiveFrom: day, schedule: Schedule())])
        let archived = Quest(
            id: UUID(), number: 2, title: pack.quests[1].title, createdDay: day,
            versions: [ScheduleVersion(effectiveFrom: day, schedule: Schedule(archived: true))])
        let (new, present) = pack.split(against: [existing, archived], on: day)
        #expect(present.map(\.1.number) == [1])
        #expect(new.map(\.title) == Array(pack.quests.dropFirst()).map(\.title))
    }
}
