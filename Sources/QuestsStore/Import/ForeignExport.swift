import Foundation
import QuestsCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reading another tracker's export from disk, as its source lays it out (`ExportLayout`): the files are
/// read whole into memory, each bounded in size, and never written anywhere.
public enum ForeignExport {
    static let fileLimit = ForeignFiles.sizeLimit
    /// The most files a folder export may hold.
    static let fileCountLimit = 10_000

    /// The history in the export at `path`, read as `source` writes it.
    public static func read(_ source: ImportSource, at path: String, clock: ImportClock) throws(ImportError)
        -> ForeignHistory
    {
        let format = source.format
        switch format.layout {
        case .file:
            return try format.read(ForeignFiles(name: path, files: [name(of: path): try contents(path)]), clock: clock)
        case .files(let names):
            let folder = isFolder(path) ? path : (path as NSString).deletingLastPathComponent
            var files: [String: [UInt8]] = [:]
            for name in names {
                let file = (folder.isEmpty ? "." : folder) + "/" + name
                guard access(file, F_OK) == 0 else { throw ImportError(file: folder, .missing(name)) }
                files[name] = try contents(file)
            }
            return try format.read(ForeignFiles(name: folder, files: files), clock: clock)
        case .tree:
            if isFolder(path) { return try format.read(ForeignFiles(name: path, files: try tree(path)), clock: clock) }
            if Snapshots.isSQLite(path) { return try LoopDatabase.read(path) }
            return try format.read(ForeignFiles(name: path, files: [name(of: path): try contents(path)]), clock: clock)
        }
    }

    private static func name(of path: String) -> String { (path as NSString).lastPathComponent }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Every regular file under `folder` (two levels deep, as exports go), by its path inside.
    private static func tree(_ folder: String) throws(ImportError) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        func walk(_ inside: String, depth: Int) throws(ImportError) {
            let here = inside.isEmpty ? folder : folder + "/" + inside
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: here)) ?? []).filter {
                !$0.hasPrefix(".")
            }
            for name in names.sorted() {
                let path = inside.isEmpty ? name : inside + "/" + name
                if isFolder(folder + "/" + path) {
                    if depth < 2 { try walk(path, depth: depth + 1) }
                    continue
                }
                guard files.count < fileCountLimit else { throw ImportError(file: folder, .tooLarge(limit: fileLimit)) }
                files[path] = try contents(folder + "/" + path)
            }
        }
        try walk("", depth: 0)
        return files
    }

    /// The whole file at `path`, refused when missing or over `fileLimit`.
    static func contents(_ path: String) throws(ImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError(file: path, .missing(path)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= fileLimit else { throw ImportError(file: path, .tooLarge(limit: fileLimit)) }
        }
        return bytes
    }
}
