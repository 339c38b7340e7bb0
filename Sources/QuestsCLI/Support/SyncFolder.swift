import Foundation
import QuestsCore
import QuestsStore

/// The sync folder (docs/sync.md): one subfolder per replica, each written by its replica only. Files of
/// other replicas are input whatever their name, so conflict copies that file-sync tools make are read too.
struct SyncFolder {
    let path: String

    /// A file that was listed and is gone: its replica folded it into another (read at the next sync).
    struct Gone: Error {}

    /// The folder at `path`, which must exist.
    init(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure.notASyncFolder(path: path)
        }
        self.path = path
    }

    /// The replicas' folders; hidden ones (`.git`, a file-sync tool's own) are left out.
    func replicas() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !Self.isHidden($0) }.sorted()
    }

    /// The files in `replica`'s folder; hidden and temporary files (being written, by quests or a file-sync
    /// tool) are left out.
    func files(of replica: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + replica)) ?? []).filter {
            !Self.isHidden($0)
        }.sorted()
    }

    /// Every file in other replicas' folders, as `replica/name`, with the folders listed.
    func otherFiles(except replica: String) -> (names: [String], replicas: [String]) {
        let others = replicas().filter { $0 != replica }
        return (others.flatMap { folder in files(of: folder).map { folder + "/" + $0 } }, others)
    }

    /// The size in bytes and the moment of the last change of `name` (`replica/file`), nil when it is gone.
    func attributes(_ name: String) -> (bytes: Int, modified: Date?)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name) else { return nil }
        return ((attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date)
    }

    /// Reads the file `name` (`replica/file`); `Gone` when it is no longer there. With `applied`, leaves out
    /// the changes of the folder's replica that the store applied before (`QuestStore.appliedSyncSeqs`).
    func read(_ name: String, applied: ((Int) -> Bool)? = nil) throws -> SyncFile {
        guard let data = FileManager.default.contents(atPath: path + "/" + name) else {
            if !FileManager.default.fileExists(atPath: path + "/" + name) { throw Gone() }
            throw CommandFailure.cannotRead(path: path + "/" + name)
        }
        return try SyncFile.decode(
            Array(data), skipping: applied.map { (replica: String(name.prefix { $0 != "/" }), applied: $0) })
    }

    /// Writes `file` as `name` in `replica`'s folder, under a temporary name renamed when complete, so that
    /// no reader ever sees half of it. Returns the replica's folder.
    @discardableResult
    func write(_ file: SyncFile, replica: String, name: String) throws -> String {
        let folder = path + "/" + replica
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.cannotWrite(path: folder, reason: Message.syncFolderCannotCreate)
        }
        try BackupFile.writeAtomically(file.encoded(), to: folder + "/" + name)
        return folder
    }

    /// Removes `names` from `replica`'s folder; a file already gone is no matter.
    func remove(_ names: [String], of replica: String) {
        for name in names { unlink(path + "/" + replica + "/" + name) }
    }

    /// Removes `replica`'s folder and its files (`sync --forget`).
    func removeFolder(_ replica: String) throws {
        do {
            try FileManager.default.removeItem(atPath: path + "/" + replica)
        } catch {
            throw CommandFailure.cannotWrite(path: path + "/" + replica, reason: Message.syncFolderCannotRemove)
        }
    }

    /// A new random tag for a file name (`SyncFileName`).
    static func tag() -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<8).map { _ in digits[Int.random(in: 0..<16)] })
    }

    private static func isHidden(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasPrefix("~")
    }
}
