import FoundationEssentials
import QuestsCore
import QuestsStore

/// A sync folder that is a git work tree with a remote: sync pulls before reading, then commits this
/// replica's folder and pushes, pulling again and retrying when the push is refused (another machine
/// pushed first). Each replica commits only its own files, so rebasing never conflicts.
struct GitRemote: SyncRemote {
    let folder: String
    let remote: String
    let branch: String
    /// `-c user.name=… -c user.email=…` when git has no identity to commit (and rebase) with.
    let identity: [String]
    /// How many times a refused push is retried.
    static let attempts = 5

    /// The git remote of the work tree `folder` is in (its top, or a folder inside it); nil when it is in
    /// none or that has no remote. A plain folder costs a file check per parent folder: starting git would
    /// cost more than the rest of a sync.
    static func at(_ path: String) -> GitRemote? {
        guard let folder = top(of: path), git(folder, ["rev-parse", "--is-inside-work-tree"]).status == 0,
            let remote = git(folder, ["remote"]).output.split(separator: "\n").first.map(String.init)
        else { return nil }
        let head = git(folder, ["symbolic-ref", "--short", "HEAD"])
        let branch = head.status == 0 ? head.output.trimmingSpacesAndNewlines() : "main"
        let identity =
            git(folder, ["config", "user.email"]).status == 0
            ? [] : ["-c", "user.name=quests", "-c", "user.email=quests@localhost"]
        return GitRemote(folder: folder, remote: remote, branch: branch, identity: identity)
    }

    /// The nearest folder at or above `path` that holds `.git`: the top of the work tree `path` is in.
    private static func top(of path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
            guard folder != "/", !folder.isEmpty else { return nil }
            folder = PathText.folder(of: folder)
        }
    }

    /// Brings in what other machines pushed (nothing while the remote has no such branch yet).
    func pull() throws {
        let heads = Self.git(folder, ["ls-remote", "--heads", remote, branch])
        guard heads.status == 0 else {
            throw CommandFailure.gitFailed(step: "ls-remote \(remote)", output: heads.output)
        }
        guard !heads.output.isEmpty else { return }
        let pulled = Self.git(folder, identity + ["pull", "--rebase", "--quiet", remote, branch])
        guard pulled.status == 0 else { throw CommandFailure.gitFailed(step: "pull", output: pulled.output) }
    }

    /// Commits `paths` (this replica's folder when it wrote or folded files, with the files it removed: the
    /// work tree holds only the files in use; a forgotten replica's folder), and pushes what is not pushed
    /// yet, retrying a refused push.
    func publish(_ paths: [String], by replica: String, forgetting forgot: String?) throws {
        let message = "quests sync from \(replica)" + (forgot.map { ": forget \($0)" } ?? "")
        if !paths.isEmpty {
            let added = Self.git(folder, ["add", "-A", "--"] + paths)
            guard added.status == 0 else { throw CommandFailure.gitFailed(step: "add", output: added.output) }
        }
        if !paths.isEmpty, Self.git(folder, ["diff", "--cached", "--quiet"]).status != 0 {
            let committed = Self.git(folder, identity + ["commit", "--quiet", "-m", message, "--"] + paths)
            guard committed.status == 0 else {
                throw CommandFailure.gitFailed(step: "commit", output: committed.output)
            }
        }
        var pushed = Self.git(folder, ["push", "--quiet", remote, "HEAD:" + branch])
        for _ in 1..<Self.attempts where pushed.status != 0 {
            try pull()
            pushed = Self.git(folder, ["push", "--quiet", remote, "HEAD:" + branch])
        }
        guard pushed.status == 0 else { throw CommandFailure.gitFailed(step: "push", output: pushed.output) }
    }

    /// The moment of the last commit that changed `path` (a replica's folder), nil when none did.
    func lastPublished(_ path: String) -> Date? {
        let log = Self.git(folder, ["log", "-1", "--format=%ct", "--", path])
        guard log.status == 0, let seconds = TimeInterval(log.output.trimmingSpacesAndNewlines())
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Runs `git -C folder arguments`, never asking on the terminal; its exit status and its output.
    private static func git(_ folder: String, _ arguments: [String]) -> (status: Int32, output: String) {
        guard
            let run = ChildProcess.run(
                "/usr/bin/env", ["git", "-C", folder] + arguments, environment: ["GIT_TERMINAL_PROMPT": "0"],
                capturingOutput: true)
        else { return (127, Message.gitNotStarted) }
        return (run.status, String(decoding: run.output, as: UTF8.self))
    }
}
