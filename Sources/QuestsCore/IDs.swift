import FoundationEssentials

/// Where new records get their UUIDs: random in the command line, a counter in tests. Given to the store
/// at the edge, like the moment, so no use case makes up an identity by itself.
public struct IDs: Sendable {
    /// The next new UUID.
    public let next: @Sendable () -> UUID

    public init(next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Random UUIDs (version 4), as the command line makes them. Drawn from the system's generator:
    /// `UUID()` opens and reads `/dev/urandom` for each one, and a new machine joining a sync makes the
    /// ledger's entries by the hundred thousand.
    public static let random = IDs {
        var generator = SystemRandomNumberGenerator()
        var uuid = UUID.blank.uuid
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4: random
            bytes[8] = bytes[8] & 0x3F | 0x80  // the variant of RFC 9562
        }
        return UUID(uuid: uuid)
    }
}
