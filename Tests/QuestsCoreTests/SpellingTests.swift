import QuestsCore
import Testing

@Suite struct SpellingTests {
    @Test func distanceCountsEditsAndSwapsIgnoringCase() {
        #expect(Spelling.distance("achievments", "achievements") == 1)
        #expect(Spelling.distance("byu", "buy") == 1)
        #expect(Spelling.distance("READ", "read") == 0)
        #expect(Spelling.distance("", "run") == 3)
        #expect(Spelling.distance("kitten", "sitting") == 3)
    }

    @Test func closestKeepsOnlyPlausibleTyposClosestFirst() {
        let names = ["board", "next", "add", "list", "complete", "done", "achievements", "archive"]
        #expect(Spelling.closest(to: "achievments", among: names) == ["achievements"])
        #expect(Spelling.closest(to: "lst", among: names) == ["list"])
        #expect(Spelling.closest(to: "dne", among: names) == ["done"])
        #expect(Spelling.closest(to: "frobnicate", among: names).isEmpty)
    }
}
