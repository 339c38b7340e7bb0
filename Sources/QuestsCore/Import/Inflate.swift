/// A DEFLATE decoder (RFC 1951: stored, fixed and dynamic Huffman blocks), for reading zip archives in
/// memory. Its output is bounded: a stream that would inflate past `limit` bytes is refused as it goes, so
/// an archive cannot expand to more than the caller allows.
enum Inflate {
    enum Failure: Error, Equatable {
        /// Not a valid DEFLATE stream (or cut short).
        case damaged
        /// It would inflate past the limit.
        case tooLarge
    }

    static func inflate(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        var bits = Bits(bytes: input)
        var output: [UInt8] = []
        var last = false
        while !last {
            last = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0: try stored(&bits, into: &output, limit: limit)
            case 1: try codes(&bits, Self.fixedLengths, Self.fixedDistances, into: &output, limit: limit)
            case 2:
                let (lengths, distances) = try dynamicTables(&bits)
                try codes(&bits, lengths, distances, into: &output, limit: limit)
            default: throw .damaged
            }
        }
        return output
    }

    /// Reads bits least significant first, as DEFLATE packs them.
    private struct Bits {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var buffer = 0
        var count = 0

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func read(_ needed: Int) throws(Failure) -> Int {
            while count < needed {
                guard position < bytes.endIndex else { throw .damaged }
                buffer |= Int(bytes[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & ((1 << needed) - 1)
            buffer >>= needed
            count -= needed
            return value
        }

        /// Drops the bits left of the current byte.
        mutating func align() {
            buffer = 0
            count = 0
        }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) throws(Failure) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            // An over-subscribed code is not a code.
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                if left < 0 { throw .damaged }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ bits: inout Bits) throws(Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                code |= try bits.read(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw .damaged
        }
    }

    private static func stored(_ bits: inout Bits, into output: inout [UInt8], limit: Int) throws(Failure) {
        bits.align()
        let length = try bits.read(16)
        guard try bits.read(16) == length ^ 0xFFFF else { throw .damaged }
        guard bits.position + length <= bits.bytes.endIndex else { throw .damaged }
        guard output.count + length <= limit else { throw .tooLarge }
        output.append(contentsOf: bits.bytes[bits.position..<bits.position + length])
        bits.position += length
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtras = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtras = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static let fixedLengths = try! Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))

    private static func codes(
        _ bits: inout Bits, _ lengths: Huffman, _ distances: Huffman, into output: inout [UInt8], limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try lengths.decode(&bits)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBases.count else { throw .damaged }
            let length = lengthBases[index] + (try bits.read(lengthExtras[index]))
            let code = try distances.decode(&bits)
            guard code < distanceBases.count else { throw .damaged }
            let distance = distanceBases[code] + (try bits.read(distanceExtras[code]))
            guard distance <= output.count else { throw .damaged }
            guard output.count + length <= limit else { throw .tooLarge }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }

    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func dynamicTables(_ bits: inout Bits) throws(Failure) -> (Huffman, Huffman) {
        let literals = try bits.read(5) + 257
        let distanceCount = try bits.read(5) + 1
        let codeLengthCount = try bits.read(4) + 4
        guard literals <= 286, distanceCount <= 30 else { throw .damaged }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[lengthOrder[index]] = try bits.read(3) }
        let codeLengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literals + distanceCount {
            let symbol = try codeLengthCode.decode(&bits)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .damaged }
                lengths += [Int](repeating: previous, count: 3 + (try bits.read(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.read(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits.read(7)))
            }
        }
        guard lengths.count == literals + distanceCount, lengths[256] != 0 else { throw .damaged }
        return (
            try Huffman(lengths: Array(lengths[..<literals])), try Huffman(lengths: Array(lengths[literals...]))
        )
    }
}
