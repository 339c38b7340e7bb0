import Foundation
import QuestsCore
import Testing

@Suite struct RewardTests {
    let movie = Reward(id: UUID(), number: 1, title: "Movie night", price: 150)
    let coffee = Reward(id: UUID(), number: 2, title: "Fancy coffee", price: 30)

    @Test func affordabilitySaysHowMuchIsMissing() throws {
        #expect(movie.shortfall(balance: 90) == 60)
        #expect(movie.shortfall(balance: 150) == 0)
        #expect(movie.shortfall(balance: 500) == 0)
        #expect(throws: QuestsError.cannotAfford(.reward(title: "Movie night"), price: 150, balance: 90)) {
            try movie.checkAffordable(balance: 90)
        }
        try movie.checkAffordable(balance: 150)
    }

    @Test func pricesArePositiveWholeNumbers() throws {
        #expect(try Reward.parsePrice("150") == 150)
        #expect(try Reward.parsePrice(" 1 ") == 1)
        for bad in ["0", "-5", "1.5", "lots", "", "1000001"] {
            #expect(throws: QuestsError.invalidPrice(bad)) { try Reward.parsePrice(bad) }
        }
    }

    @Test func removedRewardsCannotBeReferenced() throws {
        var removed = coffee
        removed.removed = true
        #expect(try Reward.resolve("mov", among: [movie, removed]).number == 1)
        #expect(throws: QuestsError.noMatch(.reward, "fancy", suggestions: [])) {
            try Reward.resolve("fancy", among: [movie, removed])
        }
        #expect(throws: QuestsError.noMatch(.reward, "2", suggestions: [])) {
            try Reward.resolve("2", among: [movie, removed])
        }
        #expect(try Reward.resolve("night", among: [movie, removed]).number == 1)
        #expect(throws: QuestsError.noMatch(.reward, "movei night", suggestions: ["#1 Movie night"])) {
            try Reward.resolve("movei night", among: [movie, removed])
        }
        #expect(throws: QuestsError.noMatch(.reward, "cofee", suggestions: [])) {
            try Reward.resolve("cofee", among: [movie, removed])
        }
        #expect(try Reward.validatedTitle("Fancy coffee", among: [movie, removed]) == "Fancy coffee")
        #expect(throws: QuestsError.duplicateReward("Movie night", number: 1)) {
            try Reward.validatedTitle("MOVIE NIGHT", among: [movie])
        }
    }
}
