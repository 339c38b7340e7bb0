#if canImport(Glibc)
    import Glibc
#endif

/// The process environment, read one variable at a time: building `ProcessInfo`'s whole dictionary costs
/// a noticeable part of a command's start-up.
struct Environment: Sendable {
    let value: @Sendable (String) -> String?

    /// This process's environment.
    static let process = Environment { name in getenv(name).map { String(cString: $0) } }

    subscript(name: String) -> String? { value(name) }
}
