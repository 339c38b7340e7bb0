import FoundationEssentials

/// A time zone: how far the local wall clock is ahead of UTC at each instant, and when that changes.
///
/// The command line reads zones as tables of transitions from TZif data (a zoneinfo file) and/or a POSIX
/// rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: every form the C library accepts in `TZ`. A Foundation
/// `TimeZone` is a zone too, for the tests and the benchmark, which have all of Foundation: the binary
/// links only Foundation's essentials, whose `TimeZone` knows no named zone.
public struct Zone: Sendable {
    enum Rules: Sendable {
        case foundation(TimeZone)
        case table(TransitionTable)
    }

    let rules: Rules
    /// How messages name the zone: its identifier, or what `TZ` said.
    public let name: String

    /// A Foundation time zone.
    public init(_ timeZone: TimeZone) {
        rules = .foundation(timeZone)
        name = timeZone.identifier
    }

    init(_ table: TransitionTable, name: String) {
        rules = .table(table)
        self.name = name
    }

    /// A POSIX `TZ` rule such as `EST+5` or `CET-1CEST,M3.5.0,M10.5.0/3` (`man 3 tzset`); nil when
    /// `text` is not one.
    public init?(posixRule text: String) {
        guard let rule = PosixRule(text) else { return nil }
        self.init(TransitionTable(rule: rule), name: text)
    }

    /// The zone in TZif data (RFC 8536: what zoneinfo files hold), called `name`; nil when `data` is not
    /// TZif.
    public init?(tzif data: [UInt8], name: String = "the local time zone") {
        guard let table = TransitionTable(tzif: data) else { return nil }
        self.init(table, name: name)
    }

    /// A text that is the same for two zones exactly when their rules are (a Foundation zone by its
    /// identifier, a table by its transitions and rule), to tell whether something computed in one zone
    /// holds in another. Stable across processes (no seeded hashing).
    public var fingerprint: String {
        switch rules {
        case .foundation(let zone): return "foundation:" + zone.identifier
        case .table(let table):
            // FNV-1a over the table's numbers and its rule's: short, and the same in every run.
            var numbers = [table.initialOffset, table.times.count] + table.times + table.offsets
            if let rule = table.rule {
                numbers += [1, rule.standardOffset]
                if let daylight = rule.daylight {
                    numbers.append(daylight.offset)
                    for moment in [daylight.start, daylight.end] {
                        switch moment.day {
                        case .julian(let n): numbers += [1, n, 0, 0]
                        case .zeroBased(let n): numbers += [2, n, 0, 0]
                        case .monthWeek(let month, let week, let weekday): numbers += [3, month, week, weekday]
                        }
                        numbers.append(moment.time)
                    }
                }
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for number in numbers {
                // Its eight bytes, the lowest first.
                let bits = UInt64(bitPattern: Int64(number))
                for shift in stride(from: 0, to: 64, by: 8) {
                    hash = (hash ^ (bits >> UInt64(shift) & 0xFF)) &* 0x100_0000_01b3
                }
            }
            return "table:" + String(hash, radix: 16)
        }
    }

    /// UTC.
    public static let utc = Zone(TransitionTable(rule: PosixRule(standardOffset: 0)), name: "UTC")

    /// Seconds the wall clock is ahead of UTC at `moment`.
    public func secondsFromGMT(for moment: Date) -> Int {
        switch rules {
        case .foundation(let zone): return zone.secondsFromGMT(for: moment)
        case .table(let table): return table.offset(at: Int(moment.timeIntervalSince1970.rounded(.down)))
        }
    }

    /// The first instant after `moment` at which the offset (or daylight-saving state) changes.
    func nextTransition(after moment: Int) -> Int? {
        switch rules {
        case .foundation(let zone):
            return zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(moment)))
                .map { Int($0.timeIntervalSince1970.rounded(.down)) }
        case .table(let table): return table.nextTransition(after: moment)
        }
    }

    /// Seconds the wall clock is ahead of UTC at `moment` (seconds since 1970).
    func offset(at moment: Int) -> Int {
        secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))
    }

    /// The transitions in `range` (seconds since 1970), in order.
    func transitions(in range: ClosedRange<Int>) -> [Int] {
        var found: [Int] = []
        var cursor = range.lowerBound - 1
        while let next = nextTransition(after: cursor), next <= range.upperBound {
            found.append(next)
            cursor = next
        }
        return found
    }

    /// The first instant at which the wall clock reads `local` (seconds since 1970 of a wall-clock time)
    /// or later: the first of two when an hour repeats, the end of the gap when it is skipped.
    func firstInstant(reaching local: Int) -> Int {
        let window = (local - Self.window)...(local + Self.window)
        let changes = transitions(in: window)
        // The wall clock runs at one second per second between transitions, so it first reaches `local`
        // either exactly (at local - offset, when that offset is in force then) or by jumping over it.
        var candidates = ([window.lowerBound] + changes).map { local - offset(at: $0) }.filter {
            $0 + offset(at: $0) == local
        }
        candidates += changes.filter { $0 + offset(at: $0) >= local && $0 - 1 + offset(at: $0 - 1) < local }
        return candidates.min() ?? local - offset(at: local)
    }

    /// The instant the wall clock reads `local`: the first of two when an hour repeats; in a skipped
    /// hour, as if the clocks had not changed yet (02:30 on a spring-forward day reads 03:30).
    func instant(atWallClock local: Int) -> Int {
        let first = firstInstant(reaching: local)
        if first + offset(at: first) == local { return first }
        return local - offset(at: first - 1)
    }

    /// How far around an instant to look for offset changes: further than any jump a zone has made.
    static let window = 2 * 86_400
}
