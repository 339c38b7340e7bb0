import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI

/// The moment at the CLI edge: fixed by `QUESTS_NOW` for a command, moving on from it for the board.
@Suite struct ClockTests {
    @Test func questsNowStartsTheClockWhichThenMovesOnWithRealTime() throws {
        let clock = try CommandContext.clock("2026-11-21T08:30", zone: .utc)
        let start = try #require(Timestamp.parse("2026-11-21T08:30", zone: .utc))
        #expect(clock.start.instant == start)
        Thread.sleep(forTimeInterval: 0.02)
        let later = clock.now().instant.timeIntervalSince(start)
        #expect(later >= 0.02 && later < 600)
    }

    @Test func withoutQuestsNowItIsTheSystemClock() throws {
        for unset in [nil, ""] {
            let clock = try CommandContext.clock(unset, zone: .utc)
            #expect(abs(clock.now().instant.timeIntervalSinceNow) < 60)
            #expect(abs(clock.start.instant.timeIntervalSinceNow) < 60)
        }
    }
}
