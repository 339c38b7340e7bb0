import FoundationEssentials
import QuestsCore

/// Where the moment comes from: the system clock, or a fixed start (`QUESTS_NOW`) that advances by the
/// real time elapsed since, so that a board left open moves on from it. Read at the CLI edge only.
struct Clock: Sendable {
    /// The moment the clock was started at: the one a command runs at.
    let start: Now
    private let read: @Sendable () -> Date

    /// The system clock, read each time.
    static func system(zone: Zone) -> Clock {
        Clock(start: Now(instant: Date(), zone: zone)) { Date() }
    }

    /// `start` now, then moving on with the real (monotonic) time elapsed.
    static func advancing(from start: Date, zone: Zone) -> Clock {
        let origin = ContinuousClock.now
        return Clock(start: Now(instant: start, zone: zone)) {
            let elapsed = (ContinuousClock.now - origin).components
            return start + TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18
        }
    }

    /// The current moment.
    func now() -> Now {
        Now(instant: read(), zone: start.zone)
    }
}
