import FoundationEssentials

/// Where new records get their UUIDs: random in the command line, a counter in tests. Given to the store
/// at the edge, like the moment, so no use case makes up an identity by itself.
public struct IDs: Sendable {
    /// The next new UUID.
    public let next: @Sendable () -> UUID

    public init(next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Random UUIDs, as the command line makes them.
    public static let random = IDs { UUID() }
}
