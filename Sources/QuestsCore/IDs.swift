import FoundationEssentials

/// Where new records get their UUIDs: random in the command line, a counter in tests. Given to the store
/// at the edge, like the moment, so no use case makes up an identity by itself.
public struct IDs: Sendable {
    /// The next new UUID.
    public let next: @Sendable () -> UUID

    public init(next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Random UUIDs (version 4), as the command line makes them, from the system's generator: `UUID()`
    /// opens and reads `/dev/urandom` for each one, and a new machine joining a sync makes the ledger's
    /// entries by the hundred thousand.
    public static let random = IDs {
        var generator = SystemRandomNumberGenerator()
        return UUID.random(using: &generator)
    }
}
