import Foundation
import Testing

/// `quests import --from taskwarrior|habitica`: their JSON exports, written here from each format's own
/// description (Taskwarrior's task RFC, Habitica's export of the user and its tasks).
@Suite struct ImportFromJSONTests {
    func write(_ sandbox: Sandbox, _ name: String, _ text: String) throws -> String {
        let path = sandbox.home + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func completions(_ sandbox: Sandbox) throws -> [String] {
        try ImportFromLoopTests.completions(sandbox)
    }

    static let tasks = """
        [
        {"id":0,"uuid":"a1000000-0000-4000-8000-000000000001","status":"recurring","description":"Stretch",
         "entry":"20260101T080000Z","due":"20260102T050000Z","recur":"daily","mask":"++X-","urgency":2.4},
        {"id":0,"uuid":"b1000000-0000-4000-8000-000000000001","status":"completed","description":"Stretch",
         "due":"20260102T050000Z","end":"20260102T071530Z","parent":"a1000000-0000-4000-8000-000000000001",
         "imask":0,"annotations":[{"entry":"20260102T071600Z","description":"felt good"}]},
        {"id":0,"uuid":"b2000000-0000-4000-8000-000000000001","status":"completed","description":"Stretch",
         "end":"20260103T103000Z","parent":"a1000000-0000-4000-8000-000000000001","imask":1},
        {"id":0,"uuid":"b3000000-0000-4000-8000-000000000001","status":"deleted","description":"Stretch",
         "end":"20260104T103000Z","parent":"a1000000-0000-4000-8000-000000000001","imask":2},
        {"id":3,"uuid":"b4000000-0000-4000-8000-000000000001","status":"pending","description":"Stretch",
         "parent":"a1000000-0000-4000-8000-000000000001","imask":3},
        {"id":4,"uuid":"c1000000-0000-4000-8000-000000000001","status":"pending","description":"Buy milk",
         "entry":"20260101T080000Z","urgency":1.5e0},
        {"id":0,"uuid":"d1000000-0000-4000-8000-000000000001","status":"recurring","description":"Review",
         "entry":"20260101T080000Z","due":"20260105T090000Z","recur":"weekly"}
        ]
        """

    @Test func taskwarriorCompletionsCountForTheLocalDayTheyEnded() throws {
        let sandbox = try Sandbox(now: "2026-01-06T08:00", zone: "Pacific/Kiritimati")
        let path = try write(sandbox, "tasks.json", Self.tasks)
        let report = try sandbox.json("import", "--from", "taskwarrior", path, "--json")
        #expect((report["added"] as? [String: Int])?["quests"] == 2)
        // 2026-01-03 10:30 UTC is 00:30 on the 4th at UTC+14: deleted and pending instances are not done.
        #expect(try Self.completions(sandbox) == ["Stretch 2026-01-02 felt good", "Stretch 2026-01-04 "])
        #expect((report["leftBehind"] as? [String: Int])?["one-off-tasks"] == 1)
        // Due on Monday 2026-01-05 at 23:00 local: weekly on Mondays.
        #expect(try sandbox.ok("show", "review").contains("Mon"))
        let again = try sandbox.json("import", "--from", "taskwarrior", path, "--json")
        #expect((again["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)

        // One task a line (rc.json.array=off) reads the same.
        let lines = Self.tasks.dropFirst(2).dropLast(2).replacingOccurrences(of: "},\n{", with: "}\n{")
            .replacingOccurrences(of: "\n ", with: " ")
        let linesPath = try write(sandbox, "lines.json", lines)
        let fromLines = try sandbox.json("import", "--from", "taskwarrior", linesPath, "--json")
        #expect((fromLines["present"] as? [String: Int])?["completions"] == 2)
    }

    @Test func badTaskwarriorExportsAreRefused() throws {
        let sandbox = try Sandbox(now: "2026-01-06T08:00", zone: "UTC")
        try sandbox.ok("add", "Read")
        let badDate = try write(
            sandbox, "bad.json",
            #"[{"uuid":"u","status":"completed","description":"x","end":"2026-01-02","parent":"p"}]"#)
        try sandbox.expectFailure(["import", "--from", "taskwarrior", badDate], mentioning: "[0].end")
        let stray = try write(
            sandbox, "stray.json",
            #"[{"uuid":"u","status":"completed","description":"x","end":"20260102T071530Z","parent":"p"}]"#)
        try sandbox.expectFailure(
            ["import", "--from", "taskwarrior", stray], mentioning: "stray.json, [0]: an entry for a habit")
        let deep = try write(sandbox, "deep.json", String(repeating: "[", count: 100_000))
        try sandbox.expectFailure(["import", "--from", "taskwarrior", deep], mentioning: "deep.json")
        let habitica = try write(sandbox, "user.json", #"{"tasks":{}}"#)
        try sandbox.expectFailure(
            ["import", "--from", "taskwarrior", habitica], mentioning: "not an export of Taskwarrior")
        let recur = try write(
            sandbox, "recur.json", #"[{"uuid":"u","status":"recurring","description":"x","recur":"sometimes"}]"#)
        try sandbox.expectFailure(
            ["import", "--from", "taskwarrior", recur], mentioning: "recur.json, [0]: \"sometimes\"")
    }

    static let habitica = """
        {"_id":"me","preferences":{"dayStart":4,"timezoneOffset":-60,"language":"en"},
         "tags":[{"id":"t1","name":"Health"}],
         "tasks":{
          "dailys":[{"_id":"7b0c0000-0000-4000-8000-000000000001","type":"daily","text":"Stretch","notes":"Ten minutes",
            "tags":["t1"],"frequency":"weekly","everyX":1,
            "repeat":{"m":true,"t":false,"w":true,"th":false,"f":true,"s":false,"su":false},
            "startDate":"2025-01-01T05:00:00.000Z","streak":2,"value":1.5,
            "history":[{"date":1717200000000,"value":0.5},
                       {"date":1736150400000,"value":1,"isDue":true,"completed":true},
                       {"date":1736307000000,"value":1,"isDue":true,"completed":false},
                       {"date":1736388000000,"value":2,"isDue":true,"completed":true}]}],
          "habits":[{"_id":"c41e0000-0000-4000-8000-000000000001","type":"habit","text":"Smoke","up":false,"down":true,
              "counterDown":2,"frequency":"daily","value":-1.2,
              "history":[{"date":1736121600000,"value":-1,"scoredUp":0,"scoredDown":2}]},
            {"_id":"c42e0000-0000-4000-8000-000000000001","type":"habit","text":"Water","up":true,"down":false,
              "frequency":"daily","value":3,"history":[{"date":1736164800000,"value":3,"scoredUp":3,"scoredDown":0}]},
            {"_id":"c43e0000-0000-4000-8000-000000000001","type":"habit","text":"Snack","up":true,"down":true,
              "frequency":"daily","value":0,"history":[{"date":1736164800000,"value":0,"scoredUp":1,"scoredDown":1}]}],
          "todos":[{"_id":"d1","type":"todo","text":"Taxes","completed":false,"value":0}],
          "rewards":[{"_id":"r1","type":"reward","text":"Movie night","notes":"","value":25.5}]}}
        """

    @Test func habiticaDailiesHabitsAndRewardsComeOverOnTheDayTheyCountedFor() throws {
        let sandbox = try Sandbox(now: "2025-01-10T08:00", zone: "America/Adak")
        let path = try write(sandbox, "habitica-user-data.json", Self.habitica)
        let report = try sandbox.json("import", "--from", "habitica", path, "--json")
        let added = try #require(report["added"] as? [String: Int])
        #expect(added["quests"] == 4)
        #expect(added["rewards"] == 1)
        // 2025-01-09 02:00 UTC is 03:00 at UTC+1, before the 04:00 day start: it counted for the 8th. Smoke,
        // at most 0 (ImportCountedTests), was over on the 5th and kept since.
        #expect(
            try Self.completions(sandbox) == [
                "Smoke 2025-01-06 ", "Smoke 2025-01-07 ", "Smoke 2025-01-08 ", "Smoke 2025-01-09 ", "Snack 2025-01-06 ",
                "Stretch 2025-01-06 ", "Stretch 2025-01-08 ", "Water 2025-01-06 ",
            ])
        let left = try #require(report["leftBehind"] as? [String: Int])
        #expect(left["averaged-history"] == 1)
        #expect(left["down-on-two-way-habit"] == 1)  // Snack's −
        #expect(left["groups"] == nil)
        #expect(try sandbox.json("show", "stretch", "--json")["group"] as? String == "Health")
        #expect(left["one-off-tasks"] == 1)
        #expect(report["nearestSchedules"] as? [String] == ["Water", "Snack"])
        #expect(try sandbox.ok("shop").contains("Movie night"))
        #expect(try sandbox.ok("shop").contains("26"))
        #expect(try sandbox.ok("show", "stretch").contains("mon,wed,fri"))
        let again = try sandbox.json("import", "--from", "habitica", path, "--json")
        #expect((again["added"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
    }

    @Test func badHabiticaExportsAreRefused() throws {
        let sandbox = try Sandbox(now: "2025-01-10T08:00", zone: "UTC")
        try sandbox.ok("add", "Read")
        let everyX = try write(
            sandbox, "a.json", #"{"tasks":{"dailys":[{"_id":"x","text":"Stretch","everyX":"two"}]}}"#)
        try sandbox.expectFailure(["import", "--from", "habitica", everyX], mentioning: "tasks.dailys[0].everyX")
        let frequency = try write(
            sandbox, "b.json", #"{"tasks":{"dailys":[{"_id":"x","text":"Stretch","frequency":"fortnightly"}]}}"#)
        try sandbox.expectFailure(["import", "--from", "habitica", frequency], mentioning: "b.json, tasks.dailys[0]")
        let noID = try write(sandbox, "c.json", #"{"tasks":{"habits":[{"text":"Water"}]}}"#)
        try sandbox.expectFailure(["import", "--from", "habitica", noID], mentioning: "\"_id\" is missing")
        let deep = try write(sandbox, "d.json", "{\"tasks\":" + String(repeating: "[", count: 100_000))
        try sandbox.expectFailure(["import", "--from", "habitica", deep], mentioning: "d.json")
        let long = try write(
            sandbox, "e.json",
            #"{"tasks":{"habits":[{"_id":"x","text":""# + String(repeating: "y", count: 100_000) + "\"}]}}")
        try sandbox.expectFailure(["import", "--from", "habitica", long], mentioning: "e.json, tasks.habits[0]")
        let tasks = try write(sandbox, "f.json", Self.tasks)
        try sandbox.expectFailure(["import", "--from", "habitica", tasks], mentioning: "not an export of Habitica")
    }
}
