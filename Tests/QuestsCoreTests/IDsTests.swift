import Foundation
import QuestsCore
import Testing

@Suite struct IDsTests {
    /// Random IDs are version 4 UUIDs of RFC 9562's variant whose other 122 bits all vary, and none repeats.
    @Test func randomIDsAreVersionFourWithEveryOtherBitRandom() {
        let ids = (0..<2_000).map { _ in IDs.random.next() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { Array($0.uuidString)[14] == "4" })
        var anySet = [UInt8](repeating: 0, count: 16)
        var allSet = [UInt8](repeating: 0xFF, count: 16)
        for id in ids {
            withUnsafeBytes(of: id.uuid) { bytes in
                for index in 0..<16 {
                    anySet[index] |= bytes[index]
                    allSet[index] &= bytes[index]
                }
            }
        }
        var expectedAny = [UInt8](repeating: 0xFF, count: 16)
        var expectedAll = [UInt8](repeating: 0, count: 16)
        (expectedAny[6], expectedAll[6]) = (0x4F, 0x40)
        (expectedAny[8], expectedAll[8]) = (0xBF, 0x80)
        #expect(anySet == expectedAny)
        #expect(allSet == expectedAll)
    }
}
