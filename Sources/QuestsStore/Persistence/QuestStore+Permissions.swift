import FoundationEssentials
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

extension QuestStore {
    /// A store file or folder whose permissions were tightened to owner-only.
    public struct Tightened: Equatable, Sendable {
        public let path: String
        /// The permission bits it had, such as `0o644`.
        public let previousMode: Int
    }

    /// Makes the store at `path` (and its `-wal` and `-shm` files) readable by its owner only, and its
    /// folder too when `includingFolder` (only quests' own data folder, never one the user chose). What
    /// this process may not change (a store of another user) is left alone. Returns what it tightened.
    public static func tightenPermissions(path: String, includingFolder: Bool) -> [Tightened] {
        let folder = PathText.folder(of: path)
        let paths = [path, path + "-wal", path + "-shm"] + (includingFolder && !folder.isEmpty ? [folder] : [])
        return paths.compactMap { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let mode = Int(status.st_mode) & 0o777
            guard mode & 0o077 != 0, chmod(path, mode_t(mode & 0o700)) == 0 else { return nil }
            return Tightened(path: path, previousMode: mode)
        }
    }
}
