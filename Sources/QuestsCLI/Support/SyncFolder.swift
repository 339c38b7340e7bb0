import Foundation
import QuestsCore
import QuestsStore

/// The sync folder (docs/sync.md): one subfolder per replica, each written by its replica only. Files of
/// other replicas are input whatever their name, so conflict copies that file-sync tools make are read too.
struct SyncFolder {
    let path: String

    /// The folder at `path`, which must exist.
    init(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure.notASyncFolder(path: path)
        }
        self.path = path
    }

    /// Every file in other replicas' folders, as `replica/name`; hidden files (temporary ones, `.git`) are
    /// left out.
    func otherFiles(except replica: String) -> [String] {
        let fileManager = FileManager.default
        let folders = (try? fileManager.contentsOfDirectory(atPath: path)) ?? []
        return folders.filter { !$0.hasPrefix(".") && $0 != replica }.sorted().flatMap { folder in
            ((try? fileManager.contentsOfDirectory(atPath: path + "/" + folder)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
        }
    }

    /// Reads the file `name` (`replica/file`).
    func read(_ name: String) throws -> SyncFile {
        guard let data = FileManager.default.contents(atPath: path + "/" + name) else {
            throw CommandFailure.cannotRead(path: path + "/" + name)
        }
        return try SyncFile.decode(Array(data))
    }

    /// Writes this replica's new changes as a new file named after the last of them; a file of that name
    /// is already these changes (written by a sync interrupted before it noted so), so it is left as it is.
    /// Returns the replica's folder.
    @discardableResult
    func write(_ export: SyncExport) throws -> String {
        let folder = path + "/" + export.file.replica
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.cannotWrite(path: folder, reason: "cannot create the folder")
        }
        let number = String(export.through)
        let file = folder + "/" + String(repeating: "0", count: max(12 - number.count, 0)) + number + ".json"
        if !FileManager.default.fileExists(atPath: file) { try BackupFile.writeAtomically(export.file.encoded(), to: file) }
        return folder
    }
}
