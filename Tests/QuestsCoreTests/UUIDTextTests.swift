import Foundation
import QuestsCore
import QuestsTestSupport
import Testing

@Suite struct UUIDTextTests {
    /// The text form is Foundation's `uuidString`, and reads back in either case, on random UUIDs.
    @Test func theTextIsFoundationsAndReadsBack() {
        var random = SplitMix(seed: 36)
        for _ in 0..<500 {
            let uuid = UUID(bytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
            let text = UUIDText.text(uuid)
            #expect(text == uuid.uuidString)
            #expect(UUIDText.parse(text) == uuid)
            #expect(UUIDText.parse(text.lowercased()) == uuid)
        }
    }

    @Test(arguments: [
        "", "7C9E6679-7425-40DE-944B-E07FC1F90AE", "7C9E6679-7425-40DE-944B-E07FC1F90AE77",
        "7C9E667907425-40DE-944B-E07FC1F90AE7", "7C9E6679-7425-40DE-944B-E07FC1F90AG7",
        "+C9E6679-7425-40DE-944B-E07FC1F90AE7", " 7C9E6679-7425-40DE-944B-E07FC1F90AE",
        "7C9E6679-7425-40DE-944B-E07FC1F90AÉ",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(UUIDText.parse(text) == nil)
    }
}
