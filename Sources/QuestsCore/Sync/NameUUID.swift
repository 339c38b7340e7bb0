import FoundationEssentials

/// Name-based UUIDs (RFC 4122 version 5, SHA-1): the same name gives the same UUID on every machine, so
/// records that may meet their twin elsewhere (a pack quest, a completion) get one identity.
public enum NameUUID {
    /// The namespace of every quests name (itself a fixed UUID).
    static let namespace: [UInt8] = [
        0x6F, 0x2A, 0x51, 0x0B, 0x93, 0x4E, 0x4C, 0x5D, 0xA1, 0x7E, 0x38, 0x0F, 0xC2, 0x64, 0x9B, 0x11,
    ]

    /// The UUID of `name` in quests' namespace.
    public static func make(_ name: String) -> UUID {
        make(namespacedName: namespace + Array(name.utf8))
    }

    /// The UUID of the name whose UTF-8 follows the namespace's bytes in `bytes`.
    private static func make(namespacedName bytes: [UInt8]) -> UUID {
        let digest = sha1(bytes)
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The quest `title` of the pack `packID`, however often and wherever the pack is added.
    public static func packQuest(pack packID: String, title: String) -> UUID {
        make("pack:\(packID)/\(title.lowercased())")
    }

    /// The completion of quest `quest` for `day`: the same quest-day is one completion on every machine.
    public static func completion(quest: UUID, day: LocalDay) -> UUID {
        make(questDay: "completion:", quest: quest, day: day)
    }

    /// The skip of quest `quest` for `day`: the same quest-day skipped on two machines is one skip.
    public static func skip(quest: UUID, day: LocalDay) -> UUID {
        make(questDay: "skip:", quest: quest, day: day)
    }

    /// The main quest of `day`: a day has one, on every machine, whatever its wording.
    public static func focusGoal(day: LocalDay) -> UUID {
        make("focus-goal:\(day)")
    }

    /// The UUID of the name `prefix`, `quest.uuidString`, `/`, `day`: its bytes written at once, with no
    /// string made on the way (`complete` derives one).
    private static func make(questDay prefix: String, quest: UUID, day: LocalDay) -> UUID {
        var name = namespace
        name.reserveCapacity(namespace.count + prefix.utf8.count + 36 + 1 + 10)
        name.append(contentsOf: prefix.utf8)
        UUIDText.append(quest, to: &name)
        name.append(UInt8(ascii: "/"))
        day.append(to: &name)
        return make(namespacedName: name)
    }

    /// SHA-1 (FIPS 180-4) of `message`.
    static func sha1(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = data[chunk + 4 * i..<chunk + 4 * i + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch i {
                    case 0..<20: (b & c | ~b & d, 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: (b & c | b & d | c & d, 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}
