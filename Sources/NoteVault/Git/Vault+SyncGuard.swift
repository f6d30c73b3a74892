import Foundation

extension Vault {
    /// Refuses a change that moves, removes or renames notes while a sync is stopped on a
    /// conflict, was interrupted, or runs: git's rebase holds the notes it replays, a note moved
    /// under it makes `--continue` fail, and one moved away from its conflict leaves nothing
    /// `--status` can name. The sync is finished (or aborted) first; nothing is changed.
    /// - Throws: ``VaultError/syncUnfinished(_:)``.
    func checkNoSyncUnfinished() throws(VaultError) {
        let sync = VaultSync(vault: self)
        switch SyncLedger(vault: self).condition {
        case .none:
            return
        case .running(let pid):
            throw .syncUnfinished(LocalizedMessage("a sync is running (process \(String(pid)))", remedy: .waitThenRunAgain))
        case .interrupted:
            throw .syncUnfinished(LocalizedMessage("a sync was interrupted before it finished", remedy: .finishSyncFirst))
        case .stopped:
            guard sync.isRebasing(GitState(vaultRoot: root)) else { return }
            let paths = sync.unmergedPaths()
            let facts: LocalizedMessage =
                paths.isEmpty
                ? "a sync stopped on a conflict and is not finished"
                : "a sync stopped on a conflict in \(paths.joined(separator: ", ")) and is not finished"
            throw .syncUnfinished(LocalizedMessage(facts, remedy: .finishSyncFirst))
        }
    }
}
