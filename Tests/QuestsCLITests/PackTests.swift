import Foundation
import Testing

@Suite struct PackTests {
    @Test func addingAPackTwiceDoesNotDuplicateItsQuests() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Make the bed")
        let first = try sandbox.ok("pack", "add", "morning-routine")
        #expect(first.contains("Added 5 quests from Morning Routine"))
        #expect(first.contains("Already on your board: #1 Make the bed"))
        let second = try sandbox.ok("pack", "add", "Morning Routine")
        #expect(second.contains("Nothing to add"))
        let quests = try #require(try sandbox.json("list", "--json")["quests"] as? [[String: Any]])
        #expect(quests.count == 6)
        let titles = quests.compactMap { $0["title"] as? String }
        #expect(Set(titles).count == titles.count)
        let water = try #require(quests.first { $0["title"] as? String == "Drink a glass of water" })
        #expect(water["time"] as? String == "07:00")
        #expect(water["reward"] as? Int == 5)
        #expect((water["days"] as? [String])?.count == 7)
    }

    @Test func aUserPackFileAndStandardInputWork() throws {
        let sandbox = try Sandbox()
        let file = sandbox.home + "/mine.json"
        try
            #"{"id": "mine", "name": "Mine", "version": 1, "quests": [{"title": "Water plants", "time": "18:00", "weekdays": ["sat"], "reward": 7}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try sandbox.ok("pack", "show", file).contains("Water plants · 18:00 · sat · 7 DD"))
        #expect(try sandbox.ok("pack", "add", file).contains("#1 Water plants · 18:00 · sat · 7 DD"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" pack add - < \"$1\"", Sandbox.binary.path, file]
        process.environment = sandbox.environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
                "Nothing to add"))
    }

    @Test func aBadPackFileIsRefusedWholeAndNamesTheField() throws {
        let sandbox = try Sandbox()
        try sandbox.ok("add", "Read")
        let file = sandbox.home + "/bad.json"
        try #"""
        {"id": "bad", "name": "Bad", "version": 1, "quests": [
          {"title": "Fine one", "weekdays": ["mon"]},
          {"title": "Another", "weekdays": ["tue"]},
          {"title": "Broken", "weekdays": ["funday"]}
        ]}
        """#.write(toFile: file, atomically: true, encoding: .utf8)
        try sandbox.expectFailure(
            ["pack", "add", file],
            mentioning: #"bad.json is not valid, nothing was added: quests[2].weekdays[0]: unknown weekday "funday""#)
        try sandbox.expectFailure(
            ["pack", "add", sandbox.home + "/missing.json"], mentioning: "missing.json: no such file")
        try sandbox.expectFailure(["pack", "add", "gym"], mentioning: #"no bundled pack named "gym""#)
        try sandbox.expectFailure(
            ["pack", "show", "gym"], mentioning: "choose one of fitness, morning-routine, self-care, study")
    }

    @Test func packsAreBuiltIntoTheBinaryWhereverItIsCopied() throws {
        let sandbox = try Sandbox()
        let copy = sandbox.home + "/elsewhere/quests"
        try FileManager.default.createDirectory(atPath: sandbox.home + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Sandbox.binary.path, toPath: copy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: copy)
        process.arguments = ["pack", "list", "--json"]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.environment = sandbox.environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let packs = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["packs"] as? [[String: Any]])
        #expect(packs.compactMap { $0["id"] as? String } == ["fitness", "morning-routine", "self-care", "study"])
        #expect(packs.allSatisfy { ($0["quests"] as? Int ?? 0) >= 5 })
    }
}
