import Foundation

/// What git is doing in the repository that holds a vault, as far as expiry must care: an
/// operation in progress (checkout, merge, rebase, cherry-pick, revert, bisect) means files may
/// vanish and reappear, so nothing is destroyed meanwhile; and whether a note's content is
/// committed, because only committed content may be deleted rather than trashed.
public struct GitState: Sendable {
    /// The repository's git folder, or `nil` when the vault is not in a git repository.
    public let gitDirectory: String?
    /// The repository's working tree root.
    public let workTree: String?

    /// Finds the repository that holds `root` (its own `.git`, or one in a folder above).
    public init(vaultRoot root: String) {
        var folder = root
        while true {
            let candidate = folder + "/.git"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    gitDirectory = candidate
                } else if let text = try? String(contentsOfFile: candidate, encoding: .utf8), text.hasPrefix("gitdir:") {
                    // A worktree or submodule: `.git` is a file naming the real folder.
                    let target = text.dropFirst("gitdir:".count).trimmedWhitespace()
                    gitDirectory = target.hasPrefix("/") ? target : folder + "/" + target
                } else {
                    gitDirectory = nil
                }
                workTree = folder
                return
            }
            guard folder != "/", !folder.isEmpty else { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        gitDirectory = nil
        workTree = nil
    }

    /// Whether a git command is writing the index right now (`.git/index.lock` exists), as
    /// during a checkout: files come and go until it ends.
    public var isWritingIndex: Bool {
        guard let gitDirectory else { return false }
        return FileManager.default.fileExists(atPath: gitDirectory + "/index.lock")
    }

    /// The git operation in progress, named for a message, or `nil`.
    public var operationInProgress: LocalizedMessage? {
        guard let gitDirectory else { return nil }
        let markers: [(String, LocalizedMessage)] = [
            ("index.lock", "a git command is writing the index (.git/index.lock)"),
            ("MERGE_HEAD", "a git merge is in progress"),
            ("rebase-merge", "a git rebase is in progress"),
            ("rebase-apply", "a git rebase or am is in progress"),
            ("CHERRY_PICK_HEAD", "a git cherry-pick is in progress"),
            ("REVERT_HEAD", "a git revert is in progress"),
            ("BISECT_LOG", "a git bisect is in progress"),
        ]
        for (name, description) in markers where FileManager.default.fileExists(atPath: gitDirectory + "/" + name) {
            return description
        }
        return nil
    }

    /// Whether the file at `absolutePath` is tracked and has no uncommitted changes, so that
    /// deleting it loses nothing git does not hold. `false` whenever git cannot tell.
    public func isCommittedAndClean(_ absolutePath: String) -> Bool {
        guard let workTree else { return false }
        guard let tracked = ProcessRunner.run(["git", "-C", workTree, "ls-files", "-z", "--", absolutePath]),
            tracked.status == 0, !tracked.stdout.isEmpty
        else { return false }
        guard let status = ProcessRunner.run(["git", "-C", workTree, "status", "--porcelain=v1", "-z", "--", absolutePath]),
            status.status == 0
        else { return false }
        return status.stdout.isEmpty
    }
}
