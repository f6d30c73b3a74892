import Foundation

/// Automatic sync in the watcher (`sync = auto` in `.enote/config`): once the notes have been
/// quiet for `sync_interval`, and every `sync_interval` otherwise, the watcher runs the same
/// sync as `enote sync`. Whatever stops a sync (offline, a conflict, a note open in an editor)
/// is logged, and the next interval tries again; a conflict waits for `enote sync --continue`.
extension VaultWatcher {
    /// When the next automatic sync is due (monotonic seconds), or `nil` when it is off or the
    /// vault is not in git.
    func autoSyncDeadline() -> Double? {
        guard vault.config.autoSync, GitState(vaultRoot: vault.root).gitDirectory != nil else { return nil }
        return max(lastAutoSync, lastLocalChange) + vault.config.syncInterval
    }

    /// Syncs when it is due. The files the sync changes come back as events and are indexed as
    /// usual; the watcher does not process them while git works (it waits out `index.lock`).
    func runAutoSyncIfDue() {
        guard let deadline = autoSyncDeadline(), monotonicSeconds() >= deadline else { return }
        do throws(SyncError) {
            let report = try VaultSync(vault: vault).sync()
            if let commit = report.commit {
                say("automatic sync: committed \(commit.hash) (\(commit.subject))")
            }
            say("automatic sync: synced")
        } catch {
            say("automatic sync: \(error.message)")
        }
        lastAutoSync = monotonicSeconds()
    }
}
