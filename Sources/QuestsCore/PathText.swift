/// File paths taken apart as text, as Foundation's `NSString` path methods do: nothing is resolved
/// against the working directory or the file system.
public enum PathText {
    /// `path` without its last component and the slashes before it (`a/b/` gives `a`, `/a` gives `/`,
    /// `a` gives the empty text): `NSString.deletingLastPathComponent`.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path`, trailing slashes ignored (`a/b/` gives `b`, `/` gives `/`):
    /// `NSString.lastPathComponent`.
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without the slashes it ends with, except a lone `/`.
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return String(result)
    }
}
