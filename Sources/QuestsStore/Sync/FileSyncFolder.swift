import FoundationEssentials
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The sync folder on disk (docs/sync.md): one subfolder per replica, each written by its replica only.
/// Files of other replicas are input whatever their name, so conflict copies that file-sync tools make are
/// read too.
public struct FileSyncFolder: SyncFolder {
    /// The folder.
    public let path: String

    /// The folder at `path`, which must exist.
    public init(_ path: String) throws(SyncError) {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder else {
            throw .notAFolder(path: path)
        }
        self.path = path
    }

    /// The replicas' folders; hidden ones (`.git`, a file-sync tool's own) are left out.
    public func replicas() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !Self.isHidden($0) }.sorted()
    }

    /// The files in `replica`'s folder; hidden and temporary files (being written, by quests or a file-sync
    /// tool) are left out.
    public func files(of replica: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + replica)) ?? []).filter {
            !Self.isHidden($0)
        }.sorted()
    }

    /// The size in bytes and the moment of the last change of `name` (`replica/file`), nil when it is gone.
    public func attributes(_ name: String) -> (bytes: Int, modified: Date?)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name) else { return nil }
        return ((attributes[.size] as? UInt).map { Int($0) } ?? 0, attributes[.modificationDate] as? Date)
    }

    /// Reads the file `name` (`replica/file`); nil when it is no longer there. With `applied`, leaves out the
    /// changes of the folder's replica that the store applied before (`QuestStore.appliedSyncSeqs`).
    public func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile? {
        guard let data = FileManager.default.contents(atPath: path + "/" + name) else {
            if !FileManager.default.fileExists(atPath: path + "/" + name) { return nil }
            throw SyncError.cannotRead(path: path + "/" + name)
        }
        return try SyncFile.decode(
            Array(data), skipping: applied.map { (replica: String(name.prefix { $0 != "/" }), applied: $0) })
    }

    /// Writes `file` as `name` in `replica`'s folder, under a temporary name renamed when complete, so that
    /// no reader ever sees half of it.
    public func write(_ file: SyncFile, replica: String, name: String) throws {
        let folder = path + "/" + replica
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SyncError.cannotCreateFolder(path: folder)
        }
        do {
            try AtomicFile.write(file.encoded(), to: folder + "/" + name)
        } catch {
            throw SyncError.cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Removes `names` from `replica`'s folder; a file already gone is no matter.
    public func remove(_ names: [String], of replica: String) {
        for name in names { unlink(path + "/" + replica + "/" + name) }
    }

    /// Removes `replica`'s folder and its files (`sync --forget`).
    public func removeFolder(_ replica: String) throws {
        do {
            try FileManager.default.removeItem(atPath: path + "/" + replica)
        } catch {
            throw SyncError.cannotRemoveFolder(path: path + "/" + replica)
        }
    }

    private static func isHidden(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasPrefix("~")
    }
}
