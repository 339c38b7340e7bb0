/// The name of a file a replica writes in its folder (docs/sync.md): the range of its own changes the file
/// holds, `(first, last]` by the replica's change counter, and a random tag that no other writer of the
/// same name can have: `000000000040-000000000052-1a2b3c4d.json`.
///
/// The range lets a reader remember what it read as a few ranges per replica instead of every name; the tag
/// lets a store tell its own files from those of a copy of itself (two stores with one replica id).
public struct SyncFileName: Hashable, Sendable, CustomStringConvertible {
    /// The file holds this replica's changes after `first`…
    public let first: Int
    /// …through `last` (a compacted file: every change in that range that still counts).
    public let last: Int
    /// Eight lowercase hexadecimal digits, random per file.
    public let tag: String

    public init(first: Int, last: Int, tag: String) {
        self.first = first
        self.last = last
        self.tag = tag
    }

    /// Reads a name of this form; nil for any other name (a file of an older quests, a conflict copy).
    public init?(_ name: String) {
        let bytes = Array(name.utf8)
        // 12 digits, '-', 12 digits, '-', 8 hex digits, ".json"
        guard bytes.count == 12 + 1 + 12 + 1 + 8 + 5, bytes[12] == UInt8(ascii: "-"), bytes[25] == UInt8(ascii: "-"),
            name.hasSuffix(".json"),
            let first = ASCIIDigits.number(bytes[0..<12]), let last = ASCIIDigits.number(bytes[13..<25]), first < last,
            bytes[26..<34].allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        self.init(first: first, last: last, tag: String(decoding: bytes[26..<34], as: UTF8.self))
    }

    public var description: String { Self.padded(first) + "-" + Self.padded(last) + "-" + tag + ".json" }

    /// The number `N` of a file named `000000000042.json`, as quests wrote them before compaction (a file
    /// holding a replica's changes through `N`); nil for any other name.
    public static func older(_ name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count == 17, name.hasSuffix(".json") else { return nil }
        return ASCIIDigits.number(bytes[0..<12])
    }

    /// Whether `name` looks like a conflict copy a file-sync tool made (`*.sync-conflict-*` of Syncthing,
    /// `* (… conflicted copy …)*` of Dropbox, `*-conflict-*` of Nextcloud).
    public static func isConflictCopy(_ name: String) -> Bool {
        name.contains(".sync-conflict-") || name.contains("conflicted copy") || name.contains("(conflict")
            || name.contains("_conflict-")
    }

    private static func padded(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(12 - text.count, 0)) + text
    }
}
