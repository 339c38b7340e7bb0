import FoundationEssentials

/// The automatic backups of one store (SPEC 21): what each is named, when the next one is due, and which
/// ones the newest `keep` leave behind. The snapshots themselves are the store's business; this is only
/// their names and their calendar, over plain values.
///
/// A snapshot of `quests.sqlite` taken at 08:30:00 UTC on 2026-11-21 is `quests-20261121-083000.sqlite`:
/// its time is read from its name, never from the file, and only a name of exactly that form is one of the
/// store's snapshots (a temporary file, another store's snapshot or any other file is not).
public struct SnapshotSchedule: Sendable, Equatable {
    /// The store's file name without its extension: `quests` for `quests.sqlite`.
    public let stem: String

    /// How many automatic backups are kept when `backup-keep` was never set.
    public static let defaultKeep = 7
    /// The most `backup-keep` accepts.
    public static let maximumKeep = 3650

    /// The schedule of the store whose file is named `storeFileName` (`quests.sqlite`).
    public init(storeFileName: String) {
        let name = storeFileName.hasSuffix(".sqlite") ? String(storeFileName.dropLast(7)) : storeFileName
        stem = name.isEmpty ? "quests" : name
    }

    /// The name of the snapshot taken at `moment`, to the second in UTC.
    public func name(at moment: Date) -> String {
        let stamp = Timestamp.utcString(moment).filter { $0.isNumber || $0 == "T" }.replacing(
            "T", with: "-")
        return "\(stem)-\(stamp).sqlite"
    }

    /// The moment the snapshot named `name` was taken, or nil when `name` is not one of this store's
    /// snapshots.
    public func moment(ofName name: String) -> Date? {
        let prefix = stem + "-"
        guard name.hasPrefix(prefix), name.hasSuffix(".sqlite") else { return nil }
        let stamp = Array(name.utf8.dropFirst(prefix.utf8.count).dropLast(7))
        guard stamp.count == 15, stamp[8] == UInt8(ascii: "-"),
            stamp.enumerated().allSatisfy({
                $0.offset == 8 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element)
            })
        else { return nil }
        let digits = String(decoding: stamp, as: UTF8.self)
        func part(_ from: Int, _ length: Int) -> Substring {
            let start = digits.index(digits.startIndex, offsetBy: from)
            return digits[start..<digits.index(start, offsetBy: length)]
        }
        let text = "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(9, 2)):\(part(11, 2)):\(part(13, 2))Z"
        guard let moment = Timestamp.parseUTC(text), Timestamp.utcString(moment) == text else { return nil }
        return moment
    }

    /// The moment in the name of a snapshot of any store (`NAME-20261121-083000.sqlite`), or nil.
    public static func moment(ofAnySnapshotNamed name: String) -> Date? {
        guard name.utf8.count > 23 else { return nil }
        return SnapshotSchedule(storeFileName: String(name.dropLast(23)) + ".sqlite").moment(ofName: name)
    }

    /// This store's snapshots among `names` (a folder's listing), newest first.
    public func snapshots(among names: [String]) -> [(name: String, moment: Date)] {
        names.compactMap { name in moment(ofName: name).map { (name, $0) } }.sorted {
            ($0.moment, $0.name) > ($1.moment, $1.name)
        }
    }

    /// Whether a command that writes at `now` takes a snapshot first: automatic backups are on (`keep` above
    /// zero) and the newest snapshot, if any, was taken on an earlier day than `now`'s, both read in `now`'s
    /// zone. One taken "later" (a clock set back) counts as today's.
    public static func isDue(newest: Date?, keep: Int, now: Now) -> Bool {
        guard keep > 0 else { return false }
        guard let newest else { return true }
        return DayPosition(moment: newest, zone: now.zone).day < now.position(dayStart: .midnight).day
    }

    /// The snapshots among `names` beyond the newest `keep`: those to remove once a new one is taken.
    /// Nothing when `keep` is zero (automatic backups off), so turning them off removes none.
    public func beyondKeep(_ keep: Int, among names: [String]) -> [String] {
        guard keep > 0 else { return [] }
        return snapshots(among: names).dropFirst(keep).map(\.name)
    }

    /// Parses a `backup-keep` value: a whole number from 0 (off) to `maximumKeep`.
    public static func parseKeep(_ text: String) -> Int? {
        guard let keep = Int(text), (0...maximumKeep).contains(keep) else { return nil }
        return keep
    }
}
