import Foundation

/// The commit step of a sync: what is staged, and the message that says what changed where.
extension VaultSync {
    /// The state in `.enote/` that belongs to the vault and is committed with it; everything
    /// else there (the index, locks, sync state) stays on this machine, as does `.trash/`.
    static let committedState = [".enote/config", ".enote/templates", ".enote/.gitignore"]

    /// Stages the vault's changes and commits them; `nil` when nothing changed.
    func commitChanges() throws(SyncError) -> (subject: String, hash: String)? {
        // Never `.merge_file_*`: git's temporary files for the merge driver, which a killed git
        // leaves at the top of the work tree.
        let everything = git.run(["add", "-A", "--", ".", ":(exclude).enote", ":(exclude).trash", ":(exclude)\(GitLeftovers.mergeFilePrefix)*"])
        guard everything.succeeded else { throw .gitFailed(command: "add", reason: GitFailure.reason(everything)) }
        let tracked = Set(GitRepository.fields(git.run(["ls-files", "-z", "--", ".enote"]).stdout))
        let state = Self.committedState.filter { path in
            FileManager.default.fileExists(atPath: vault.root + "/" + path) || tracked.contains { $0 == path || $0.hasPrefix(path + "/") }
        }
        if !state.isEmpty {
            let added = git.run(["add", "-A", "--"] + state)
            guard added.succeeded else { throw .gitFailed(command: "add", reason: GitFailure.reason(added)) }
        }
        let staged = git.run(["diff", "--cached", "--name-status", "-z", "-M", "--", "."])
        let summary = ChangeSummary(nameStatus: GitRepository.fields(staged.stdout))
        guard !summary.isEmpty else { return nil }
        let subject = summary.subject(host: hostName)
        let committed = git.run(["commit", "--quiet", "-m", subject, "-m", summary.body])
        guard committed.succeeded else { throw .gitFailed(command: "commit", reason: GitFailure.reason(committed)) }
        return (subject, git.text(["rev-parse", "--short", "HEAD"]) ?? "")
    }
}
