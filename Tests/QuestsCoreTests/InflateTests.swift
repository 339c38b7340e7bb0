import Testing

@testable import QuestsCore

/// The DEFLATE decoder on streams zlib wrote (raw, level 0 and 9): stored and fixed-Huffman blocks here,
/// dynamic ones in the Loop zip fixtures (Tests/QuestsStoreTests/Fixtures/import).
@Suite struct InflateTests {
    static let stored: [UInt8] = [
        1, 20, 0, 235, 255, 115, 116, 111, 114, 101, 100, 44, 32, 110, 111, 116, 32, 115, 113, 117, 101, 101, 122, 101,
        100,
    ]
    static let fixed: [UInt8] = [75, 76, 74, 78, 68, 66, 0]

    @Test func storedAndFixedBlocksInflate() throws {
        #expect(try Inflate.inflate(Self.stored[...], limit: 100) == Array("stored, not squeezed".utf8))
        #expect(try Inflate.inflate(Self.fixed[...], limit: 100) == Array("abcabcabcabcabc".utf8))
    }

    @Test func aStreamPastItsLimitOrCutShortIsRefused() {
        #expect(throws: Inflate.Failure.tooLarge) { try Inflate.inflate(Self.fixed[...], limit: 14) }
        #expect(throws: Inflate.Failure.damaged) { try Inflate.inflate(Self.fixed.dropLast(2), limit: 100) }
        #expect(throws: Inflate.Failure.damaged) { try Inflate.inflate([0xFF][...], limit: 100) }
        #expect(throws: Inflate.Failure.damaged) { try Inflate.inflate(Self.stored.prefix(10), limit: 100) }
    }

    @Test func crc32IsZipsChecksum() {
        #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
