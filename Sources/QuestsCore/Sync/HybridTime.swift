import FoundationEssentials

/// A hybrid logical clock reading with the replica that made it: the stamp of a synced write.
///
/// Ordered by milliseconds, then counter, then replica id, so two replicas' stamps are never equal and
/// every replica orders them the same way. `text` is fixed-width, so comparing texts compares stamps.
public struct HybridTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let milliseconds: Int64
    public let counter: Int
    public let replica: String

    public init(milliseconds: Int64, counter: Int, replica: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.replica = replica
    }

    /// The stamp every record that no register covers counts as written at: what a store held when it
    /// first synced, on every machine alike (below every replica's stamps, its replica id `0` below theirs).
    /// Two values at this stamp are ordered by value (`SyncChange.wins`), so machines agree without a
    /// register per record.
    public static let base = HybridTime(milliseconds: 0, counter: 0, replica: "0")

    /// The lowest stamp of `replica`: what a store held before it first synced is stamped with it, so
    /// it never overrides an edit made anywhere since.
    public static func origin(of replica: String) -> HybridTime {
        HybridTime(milliseconds: 0, counter: 0, replica: replica)
    }

    /// The next stamp after `self` for a write at `moment`: the moment when it is later, else one more tick.
    public func tick(at moment: Date) -> HybridTime {
        let wall = Int64((moment.timeIntervalSince1970 * 1000).rounded(.down))
        return wall > milliseconds
            ? HybridTime(milliseconds: wall, counter: 0, replica: replica)
            : HybridTime(milliseconds: milliseconds, counter: counter + 1, replica: replica)
    }

    /// This replica's clock after seeing `other`: never below it, so later local writes win over it.
    public func witnessing(_ other: HybridTime) -> HybridTime {
        guard (other.milliseconds, other.counter) > (milliseconds, counter) else { return self }
        return HybridTime(milliseconds: other.milliseconds, counter: other.counter, replica: replica)
    }

    /// `0001763712000000.000000.<replica>`.
    public var description: String {
        // Written as bytes: a sync that brings years of changes writes one per record.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + replica.utf8.count)
        Self.appendDigits(milliseconds, width: 16, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        Self.appendDigits(Int64(counter), width: 6, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: replica.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal, zeros before it up to `width` characters (none when it needs more).
    private static func appendDigits(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value.magnitude
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        if digits.count < width {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count))
        }
        bytes.append(contentsOf: digits.reversed())
    }

    /// The `description` form without its replica id when the replica is `replica` (`0001763712000000.000000`),
    /// as a sync file writes the stamps of the replica whose folder it is in (file version 3).
    public func text(omitting replica: String) -> String {
        guard self.replica == replica else { return description }
        let text = description
        return String(text.utf8.prefix(23)) ?? text
    }

    /// Reads the `description` form: 16 digits, a dot, 6 digits, a dot, the replica id.
    public init?(_ text: String) {
        self.init(text, implied: nil)
    }

    /// Reads the `description` form, or the form without the replica id that `text(omitting:)` writes as a
    /// stamp of `replica`.
    public init?(_ text: String, replica: String) {
        self.init(text, implied: replica)
    }

    /// A sync reads a stamp per change it applies and per register it compares with, thousands in a sync
    /// that brings a day: the text is read as bytes, not split into substrings.
    private init?(_ text: String, implied: String?) {
        var text = text
        let parsed = text.withUTF8 { bytes -> (Int64, Int)? in
            guard bytes.count > 24 || (bytes.count == 23 && implied != nil), bytes[16] == UInt8(ascii: ".")
            else { return nil }
            guard bytes.count == 23 || bytes[23] == UInt8(ascii: ".") else { return nil }
            var millis: Int64 = 0
            for index in 0..<16 {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                millis = millis * 10 + Int64(digit)
            }
            var counter = 0
            for index in 17..<23 {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                counter = counter * 10 + Int(digit)
            }
            return (millis, counter)
        }
        guard let (millis, counter) = parsed else { return nil }
        let replica = text.utf8.count == 23 ? implied ?? "" : String(text.utf8.dropFirst(24)) ?? ""
        self.init(milliseconds: millis, counter: counter, replica: replica)
    }

    public static func < (lhs: HybridTime, rhs: HybridTime) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.replica) < (rhs.milliseconds, rhs.counter, rhs.replica)
    }
}
