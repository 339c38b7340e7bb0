import Foundation
import Testing

/// What the views tell of counted and limit quests, through the binary (SPEC 18): `show`, `stats`, `log`,
/// `status`, `remind`, the calendar and shell completion.
@Suite struct MeasuredQuestViewTests {
    /// From Sunday 2026-02-01, all in Berlin: Water (8 glasses, group Health), Coffee (at most 2 cups) and
    /// Read (group health). Water 4, 5 and 6 glasses on Feb 20–22; in March 2.5 + 5.5 on Mar 1–3 and 3 on
    /// Mar 4; Coffee 1, 3 and 1 cups on Mar 1–3; Read done Mar 1–3. Today is Wednesday Mar 4, 20:00.
    static func history() throws -> Sandbox {
        let sandbox = try Sandbox(now: "2026-03-04T20:00", zone: "Europe/Berlin")
        sandbox.environment["COLUMNS"] = "80"
        let at = { (day: String) in ["QUESTS_NOW": "2026-\(day)T09:00"] }
        try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses", "--group", "Health", extra: at("02-01"))
        try sandbox.ok("add", "Coffee", "--at-most", "2", "--unit", "cups", extra: at("02-01"))
        try sandbox.ok("add", "Read", "--group", "health", extra: at("02-01"))
        for (day, glasses) in [("02-20", "4"), ("02-21", "5"), ("02-22", "6")] {
            try sandbox.ok("done", "water", glasses, extra: at(day))
        }
        for (day, cups) in [("03-01", "1"), ("03-02", "3"), ("03-03", "1")] {
            try sandbox.ok("done", "water", "2.5", extra: at(day))
            try sandbox.ok("done", "water", "5.5", extra: ["QUESTS_NOW": "2026-\(day)T18:00"])
            try sandbox.ok("done", "coffee", cups, extra: at(day))
            try sandbox.ok("done", "read", extra: at(day))
        }
        try sandbox.ok("done", "water", "3", extra: at("03-04"))
        return sandbox
    }

    @Test func showTellsTheLatestDaysTheAverageAndTheBestDayOrTheDaysOver() throws {
        let sandbox = try Self.history()
        let water = try sandbox.ok("show", "water")
        // Feb 3 to Mar 4: every day but today counts (today once it holds an amount): 30 days, 42 glasses.
        #expect(
            water.contains(
                """
                Amounts, last 30 days
                  Average     1.4 glasses a day
                  Best day    8 glasses · 2026-03-03
                  2026-03-04  3/8 glasses
                  2026-03-03  8/8 glasses
                  2026-03-02  8/8 glasses
                  2026-03-01  8/8 glasses
                  2026-02-28  0/8 glasses
                  2026-02-27  0/8 glasses
                  2026-02-26  0/8 glasses

                """), "\(water)")
        let coffee = try sandbox.ok("show", "coffee")
        // Today holds no cup yet: it does not count.
        #expect(coffee.contains("  Days over   1 of 29 days\n  2026-03-03  1 of at most 2 cups\n"), "\(coffee)")
        #expect(!coffee.contains("Best day") && !coffee.contains("2026-03-04  "))
        #expect(!(try sandbox.ok("show", "read")).contains("Amounts"))
        // The reader's decimal separator and words.
        let german = try sandbox.ok("show", "water", extra: ["LANG": "de_DE.UTF-8"])
        #expect(german.contains("Schnitt     1,4 glasses pro Tag"), "\(german)")

        let json = try sandbox.json("show", "water", "--json")
        #expect(json["target"] as? Double == 8 && json["unit"] as? String == "glasses")
        #expect(json["atMost"] is NSNull && json["group"] as? String == "Health" && json["amount"] as? Double == 3)
        let amounts = try #require(json["amounts"] as? [String: Any])
        #expect(amounts["from"] as? String == "2026-02-03" && amounts["through"] as? String == "2026-03-04")
        #expect(amounts["countedDays"] as? Int == 30 && amounts["total"] as? Double == 42)
        #expect(amounts["average"] as? Double == 1.4 && amounts["daysOver"] as? Int == 0)
        let best = try #require(amounts["best"] as? [String: Any])
        #expect(best["date"] as? String == "2026-03-03" && best["amount"] as? Double == 8)
        let days = try #require(amounts["days"] as? [[String: Any]])
        #expect(
            days.count == 30 && days.last?["date"] as? String == "2026-03-04" && days.last?["amount"] as? Double == 3)
        let limit = try #require(try sandbox.json("show", "coffee", "--json")["amounts"] as? [String: Any])
        #expect(limit["daysOver"] as? Int == 1 && limit["best"] is NSNull && limit["total"] as? Double == 5)
        #expect(try sandbox.json("show", "read", "--json")["amounts"] is NSNull)
    }

    @Test func statsGiveTotalsAndAveragesAgainstThePreviousMonthAndARatePerGroup() throws {
        let sandbox = try Self.history()
        let stats = try sandbox.ok("stats")
        // March 1–4 against February 1–4, when nothing was recorded (each of its days counts 0); Coffee has
        // no cup today, so 3 days. Today is not cleared: it does not count in the rates yet.
        #expect(
            stats.contains(
                """
                Groups
                  Health  100% (6 of 6)  ▲ 100 pts

                Amounts
                  Water   27 glasses   ▲ 27
                          6.75 a day   ▲ 6.75
                  Coffee  5 cups       ▲ 5
                          1.667 a day  ▲ 1.667

                Weeks
                """), "\(stats)")
        let german = try sandbox.ok("stats", extra: ["LANG": "de_DE.UTF-8"])
        #expect(german.contains("6,75 pro Tag"), "\(german)")
        let json = try sandbox.json("stats", "--json")
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count == 1 && groups.first?["group"] as? String == "Health")
        #expect(groups.first?["percent"] as? Int == 100 && groups.first?["change"] as? Int == 100)
        let amounts = try #require(json["amounts"] as? [[String: Any]])
        #expect(amounts.compactMap { $0["title"] as? String } == ["Water", "Coffee"])
        let water = try #require(amounts.first)
        #expect(water["unit"] as? String == "glasses")
        let current = try #require(water["current"] as? [String: Any])
        #expect(current["total"] as? Double == 27 && current["average"] as? Double == 6.75)
        #expect(current["countedDays"] as? Int == 4 && (current["best"] as? [String: Any])?["amount"] as? Double == 8)
        let previous = try #require(water["previous"] as? [String: Any])
        #expect(previous["total"] as? Double == 0 && previous["countedDays"] as? Int == 4)
        let change = try #require(water["change"] as? [String: Any])
        #expect(change["total"] as? Double == 27 && change["average"] as? Double == 6.75)
        #expect((amounts.last?["current"] as? [String: Any])?["daysOver"] as? Int == 1)
        // February: Water's three days and nothing recorded on the rest, against January, before the quests.
        let february = try sandbox.json("stats", "--month", "2026-02", "--json")
        let previousMonth = try #require((february["amounts"] as? [[String: Any]])?.first)
        #expect(previousMonth["previous"] is NSNull && previousMonth["change"] is NSNull)
        #expect((previousMonth["current"] as? [String: Any])?["total"] as? Double == 15)
        #expect(try sandbox.ok("stats", "--month", "2026-02").contains("  Water   15 glasses   –"))
    }

    @Test func theLogListsTheAmountsOfADayAndMarksAnUndoneOne() throws {
        let sandbox = try Self.history()
        try sandbox.ok("done", "water", "2")
        try sandbox.ok("undo", "water")
        try sandbox.ok("done", "water", "1.5")
        let log = try sandbox.ok("log", "--month", "2026-03")
        #expect(
            log.contains(
                """
                  Wednesday 2026-03-04
                    recorded     Water · +3 glasses (3/8)
                    undo         Water · +2 glasses
                    recorded     Water · +1.5 glasses (4.5/8)
                  Tuesday 2026-03-03
                """), "\(log)")
        #expect(
            log.contains(
                """
                  Monday 2026-03-02
                    recorded     Water · +2.5 glasses (2.5/8)
                    recorded     Coffee · +3 cups (3 of at most 2)
                    recorded     Water · +5.5 glasses (8/8)
                    done         Read · +10 DD
                    done         Water · +10 DD
                """), "\(log)")
        let german = try sandbox.ok("log", "--month", "2026-03", extra: ["LANG": "de_DE.UTF-8"])
        #expect(german.contains("erfasst ") && german.contains(" Water · +1,5 glasses (4,5/8)\n"), "\(german)")

        let json = try sandbox.json("log", "--month", "2026-03", "--json")
        let today = try #require(
            ((json["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])?.first?["events"]
                as? [[String: Any]])
        #expect(today.compactMap { $0["kind"] as? String } == ["amount", "amount", "amount"])
        #expect(today.compactMap { $0["quantity"] as? Double } == [3, 2, 1.5])
        #expect(today.compactMap { $0["total"] as? Double } == [3, 3, 4.5])
        #expect(today.compactMap { $0["undone"] as? Bool } == [false, true, false])
        #expect(today.allSatisfy { $0["unit"] as? String == "glasses" && $0["amount"] as? Int == 0 })

        // The CSV gains a quantity and a unit: a row per amount not undone, empty on the others.
        let csv = try sandbox.ok("log", "--csv", "--month", "2026-03")
        #expect(csv.hasPrefix("date,kind,title,amount,note,quantity,unit\r\n"))
        let rows = csv.split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.allSatisfy { $0.count == 7 })
        #expect(
            rows.filter { $0[0] == "2026-03-04" } == [
                ["2026-03-04", "amount", "Water", "0", "", "3", "glasses"],
                ["2026-03-04", "amount", "Water", "0", "", "1.5", "glasses"],
            ])
        #expect(rows.contains(["2026-03-02", "completion", "Water", "10", "", "", ""]))
        #expect(rows.contains(["2026-03-02", "amount", "Coffee", "0", "", "3", "cups"]))
        // The quantities add up to the days' totals: 3 × 8 + 4.5 glasses.
        let glasses = rows.filter { $0[1] == "amount" && $0[2] == "Water" }.compactMap { Double($0[5]) }
        #expect(glasses.reduce(0, +) == 28.5)
    }

    @Test func statusShowsWhereTheNextQuestsDayStands() throws {
        let sandbox = try Self.history()
        #expect(try sandbox.ok("status", "--template", "[{next}|{amount}]") == "[Read|]\n")
        try sandbox.ok("done", "read")
        // A limit quest is never the next one.
        #expect(try sandbox.ok("status", "--template", "{next} {amount}") == "Water 3/8 glasses\n")
        try sandbox.ok("done", "water", "0.5")
        // Bars read English with `.`, whatever the language.
        #expect(
            try sandbox.ok("status", "--template", "{amount}", extra: ["LANG": "de_DE.UTF-8"]) == "3.5/8 glasses\n")
        let waybar = try sandbox.json("status", "--format", "waybar")
        #expect(
            waybar["tooltip"] as? String
                == "Coffee · 0 of at most 2 cups · +10 DD\nWater · 3.5/8 glasses · +10 DD", "\(waybar)")
        let next = try #require(try sandbox.json("status", "--format", "json")["next"] as? [String: Any])
        #expect(next["title"] as? String == "Water" && next["amount"] as? Double == 3.5)
        #expect(next["target"] as? Double == 8 && next["unit"] as? String == "glasses")
        // A yes/no quest next: {amount} is empty, its JSON amount, target and unit null.
        try sandbox.ok("add", "Stretch", "--at", "07:00")
        #expect(try sandbox.ok("status", "--template", "[{next}|{amount}]") == "[Stretch|]\n")
        let yesNo = try #require(try sandbox.json("status", "--format", "json")["next"] as? [String: Any])
        #expect(yesNo["amount"] is NSNull && yesNo["target"] is NSNull && yesNo["unit"] is NSNull)
    }

    @Test func remindRemindsOfACountedQuestShortOfItsTargetAndNeverOfALimitQuest() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "Europe/Berlin")
        try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses")
        try sandbox.ok("add", "Coffee", "--at-most", "2", "--unit", "cups")
        try sandbox.ok("add", "Smoking", "--at-most", "0")
        try sandbox.ok("done", "water", "3")
        #expect(
            try sandbox.ok("remind", "--dry-run", extra: ["PATH": sandbox.home])
                == "would notify: Water is open: 3/8 glasses (+10 DD)\n")
        #expect(try sandbox.ok("remind", extra: ["PATH": sandbox.home]) == "Water is open: 3/8 glasses (+10 DD)\n")
        // At its target it is done: nothing to remind of the next day until it opens again.
        let tomorrow = ["QUESTS_NOW": "2026-03-05T08:00", "PATH": sandbox.home]
        try sandbox.ok("done", "water", "8", extra: tomorrow)
        #expect(try sandbox.ok("remind", "--dry-run", extra: tomorrow) == "No quest to remind of now.\n")
    }

    @Test func theCalendarListsACountedQuestAsAnyOtherAndCompletionOffersItsTitle() throws {
        let sandbox = try Sandbox(now: "2026-03-04T08:00", zone: "UTC")
        try sandbox.ok("add", "Water", "--target", "8", "--unit", "glasses", "--at", "09:00")
        try sandbox.ok("add", "Read", "--at", "09:00")
        let calendar = try sandbox.ok("calendar")
        let events = calendar.components(separatedBy: "BEGIN:VEVENT").dropFirst().map {
            $0.components(separatedBy: "END:VEVENT")[0].components(separatedBy: "\r\n").filter {
                !$0.hasPrefix("UID:") && !$0.hasPrefix("DTSTAMP:")
            }
            .map { $0.replacing("Water", with: "TITLE").replacing("Read", with: "TITLE") }
        }
        #expect(events.count == 2 && events.first == events.last, "\(calendar)")
        #expect(calendar.contains("SUMMARY:Water\r\n") && calendar.contains("RRULE:FREQ=WEEKLY"))
        let offered = try sandbox.run("---completion", "complete", "--", "positional@0", "2", "0", "quests", "done", "")
        #expect(offered.stdout.split(separator: "\n").sorted() == ["Read", "Water"])
    }
}
