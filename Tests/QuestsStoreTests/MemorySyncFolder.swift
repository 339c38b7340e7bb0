import Foundation
import QuestsCore
import QuestsStore
import QuestsTestSupport

/// A sync folder held in memory: its files as their bytes read them back (the file version this build
/// writes), and file names' tags from a seeded source.
final class MemorySyncFolder: SyncFolder {
    /// Every file, as `replica/name`, in the order written (compaction removes some).
    var entries: [(name: String, file: SyncFile)] = []
    /// The size of each file, by name.
    var sizes: [String: Int] = [:]
    /// How many files were written, compactions' included.
    var written = 0
    var random: SplitMix
    let path = "memory"

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    /// A tag for a new file's name (`Syncing`'s).
    func tag() -> String { String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &random)) }

    func replicas() -> [String] { Set(entries.map { String($0.name.prefix { $0 != "/" }) }).sorted() }

    func files(of replica: String) -> [String] {
        entries.filter { $0.name.hasPrefix(replica + "/") }.map { String($0.name.dropFirst(replica.count + 1)) }
            .sorted()
    }

    func attributes(_ name: String) -> (bytes: Int, modified: Date?)? { sizes[name].map { ($0, nil) } }

    func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile? {
        guard let file = entries.first(where: { $0.name == name })?.file else { return nil }
        guard let applied else { return file }
        return try SyncFile.decode(file.encoded(), skipping: (String(name.prefix { $0 != "/" }), applied))
    }

    func write(_ file: SyncFile, replica: String, name: String) throws {
        let bytes = file.encoded()
        entries.append((replica + "/" + name, try SyncFile.decode(bytes)))
        sizes[replica + "/" + name] = bytes.count
        written += 1
    }

    func remove(_ names: [String], of replica: String) {
        let removed = Set(names.map { replica + "/" + $0 })
        entries.removeAll { removed.contains($0.name) }
    }

    func removeFolder(_ replica: String) throws {
        entries.removeAll { $0.name.hasPrefix(replica + "/") }
    }
}
