/// The files of a zip archive, read in memory (never unpacked to disk): stored and deflated entries, each
/// checked against its CRC-32. Refuses an entry whose path leaves the archive (`../`, `/…`, `C:`), one
/// larger than `limit` (as declared, and as it inflates), and more than `countLimit` entries.
enum ZipArchive {
    static func files(_ bytes: [UInt8], file: String, limit: Int, countLimit: Int = 10_000) throws(ImportError)
        -> [String: [UInt8]]
    {
        func damaged(_ why: String) -> ImportError { ImportError(file: file, .damaged(reason: why)) }
        func u16(_ at: Int) throws(ImportError) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw damaged("cut short") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws(ImportError) -> Int {
            let low = try u16(at)
            return low | (try u16(at + 2)) << 16
        }

        // The end of the central directory: its signature within the last 64 KiB and 22 bytes.
        var end = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while end >= lowest, try u32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= lowest else { throw damaged("no zip directory") }
        let count = try u16(end + 10)
        var entry = try u32(end + 16)
        guard count <= countLimit else { throw ImportError(file: file, .tooLarge(limit: limit)) }
        var files: [String: [UInt8]] = [:]
        for _ in 0..<count {
            guard try u32(entry) == 0x0201_4B50 else { throw damaged("bad directory entry") }
            let method = try u16(entry + 10)
            let crc = try u32(entry + 16)
            let packed = try u32(entry + 20)
            let size = try u32(entry + 24)
            let nameLength = try u16(entry + 28)
            let skip = try u16(entry + 30) + (try u16(entry + 32))
            let local = try u32(entry + 42)
            guard entry + 46 + nameLength <= bytes.count else { throw damaged("cut short") }
            let name = String(decoding: bytes[(entry + 46)..<(entry + 46 + nameLength)], as: UTF8.self)
            entry += 46 + nameLength + skip
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.hasPrefix("/"), !name.contains("\\"), !name.contains(":"), !parts.contains("..") else {
                throw ImportError(file: file, .unsafePath(name))
            }
            if name.hasSuffix("/") { continue }  // a folder
            guard size <= limit else { throw ImportError(file: "\(file)/\(name)", .tooLarge(limit: limit)) }
            guard try u32(local) == 0x0403_4B50 else { throw damaged("bad entry header") }
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            guard start + packed <= bytes.count else { throw damaged("cut short") }
            let data = bytes[start..<(start + packed)]
            let content: [UInt8]
            switch method {
            case 0: content = Array(data)
            case 8:
                // Bounded by the size the directory declares (itself within `limit`).
                do { content = try Inflate.inflate(data, limit: size) } catch {
                    throw damaged("bad deflate data in \(name)")
                }
            default: throw damaged("compression method \(method)")
            }
            guard content.count == size, crc32(content) == crc else { throw damaged("bad checksum in \(name)") }
            files[name] = content
        }
        return files
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return Int(crc ^ 0xFFFF_FFFF)
    }
}
