#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work run on a thread of its own while the caller goes on, until the caller `join`s it: for I/O that
/// can overlap the caller's computing. `body` must not touch what the caller uses meanwhile (a `Database`
/// belongs to one thread at a time); everything it wrote is visible to the caller after
/// `join`. When no thread can be started, `body` runs at once, on the caller's.
final class BackgroundThread: @unchecked Sendable {
    private let body: () -> Void
    private var thread: pthread_t?

    init(_ body: @escaping () -> Void) {
        self.body = body
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        if started == 0 {
            self.thread = thread
        } else {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            body()
        }
    }

    /// Waits for `body` to finish. Call once.
    func join() {
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }
}
