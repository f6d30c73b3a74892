import Foundation

/// Why ``Vault/commit(_:message:)`` made no commit.
package enum PathCommitError: Error, Sendable, Equatable {
    /// The vault is not in a git work tree.
    case notAWorkTree
    /// git refused; its first line of error.
    case gitFailed(String)
}

extension Vault {
    /// Commits exactly `paths` (notes written, made, moved or removed) as one commit, and
    /// nothing else: the one "commit these paths" rule of `enote mv --commit` and of an agent
    /// server that commits each write.
    ///
    /// The paths are given to git literally (`--literal-pathspecs`): `[draft].md` is a note's
    /// name, never a glob that would stage `d.md` or `r.md` with it. A path neither in the vault
    /// nor known to git is left out. It runs under the vault's lock, so no enote write lands
    /// between the `add` and the `commit`. Changes already staged for other paths stay staged
    /// and out of the commit (`commit --only`).
    ///
    /// For example:
    ///
    /// ```swift
    /// let commit = try vault.commit([old, new], message: "Rename old.md to new.md")  // the new HEAD
    /// ```
    /// - Returns: The commit's hash.
    /// - Throws: ``PathCommitError``; a lock that cannot be taken is ``PathCommitError/gitFailed(_:)``
    ///   with its message.
    package func commit(_ paths: [NotePath], message: String) throws(PathCommitError) -> String {
        let git = GitRepository(folder: root)
        guard git.text(["rev-parse", "--is-inside-work-tree"]) == "true" else { throw .notAWorkTree }
        let held: VaultLock
        do { held = try lock() } catch { throw .gitFailed(error.message.text) }
        defer { held.release() }
        var names: [String] = []
        for path in Set(paths).sorted(by: { $0.description < $1.description }) {
            let name = path.description
            if exists(path) || git.text(["--literal-pathspecs", "ls-files", "--", name])?.isEmpty == false { names.append(name) }
        }
        let add = git.run(["--literal-pathspecs", "add", "-A", "--"] + names)
        let made = add.succeeded ? git.run(["--literal-pathspecs", "commit", "-q", "-m", message, "--only", "--"] + names) : add
        guard made.succeeded else { throw .gitFailed(made.firstErrorLine) }
        return git.text(["rev-parse", "HEAD"]) ?? ""
    }
}
