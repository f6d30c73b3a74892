import Foundation

/// Automatic sync in the watcher (`git config enote.sync auto` in the clone, read when the
/// watcher starts): once the notes have been quiet for `enote.syncInterval`, and every interval
/// otherwise, the watcher runs the same
/// sync as `enote sync`. Whatever stops a sync (offline, a conflict, a note open in an editor)
/// is logged, and the next interval tries again; a conflict waits for `enote sync --continue`.
extension VaultWatcher {
    /// Reads the clone's setting; a value enote cannot use is said once and leaves it off. A
    /// watcher whose role does not change the vault on its own (``Options/role``) never syncs.
    func readAutoSync() {
        guard options.role.changesVaultOnItsOwn, GitState(vaultRoot: vault.root).gitDirectory != nil else { return }
        do throws(AutoSyncSetting.InvalidValue) {
            autoSync = try AutoSyncSetting.read(root: vault.root)
            if autoSync.isOn { say("automatic sync is on: after \(Int(autoSync.interval)) s without changes") }
        } catch {
            say("\(error.message); automatic sync stays off")
        }
    }

    /// When the next automatic sync is due (monotonic seconds), or `nil` when it is off or the
    /// vault is not in git.
    func autoSyncDeadline() -> Double? {
        guard autoSync.isOn else { return nil }
        return max(lastAutoSync, lastLocalChange) + autoSync.interval
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
