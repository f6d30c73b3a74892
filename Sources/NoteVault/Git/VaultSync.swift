import Foundation

/// `enote sync`: commits the vault's changes, fetches, rebases them onto the upstream, and
/// pushes, retrying when the remote moved on meanwhile.
///
/// Rebase rather than merge: sync makes one commit per run, so a rebase replays one commit
/// (the note merge driver runs once per note either way) and history stays a straight line that
/// `enote log` reads as it happened, with no merge commit every few minutes under auto-sync.
/// The local commits it rewrites were never pushed. A conflict stops the rebase in a state
/// ``status()`` explains, and ``continueSync()`` or ``abort()`` finish it.
///
/// From its first change on, a sync is recorded in `.enote/sync-state` (``SyncLedger``), so a
/// sync killed at any point (with its git: a power cut, the OOM killer) is known to the next
/// command, which undoes what it left half done and keeps every change (``recoverInterrupted(_:)``).
public struct VaultSync: Sendable {
    public let vault: Vault
    package let git: GitRepository
    /// The name that commit messages give this machine.
    public var hostName: String
    /// How many times a push rejected because the remote moved on is integrated and retried.
    public var maximumPushAttempts = 3
    /// Called after each step of a sync (`committed`, `fetched`, `rebased`, `pushed`, and
    /// `continued` for `--continue`): nothing, except in the crash tests, which stop the process
    /// there.
    public var afterStep: @Sendable (String) -> Void = { _ in }

    public init(vault: Vault, hostName: String = ProcessInfo.processInfo.hostName) {
        self.vault = vault
        self.git = GitRepository(folder: vault.root)
        self.hostName = hostName
    }

    /// The branch, its remote and the upstream branch it pushes to.
    struct Upstream {
        var branch: String
        var remote: String
        /// The upstream's remote-tracking ref (`origin/main`), what is integrated.
        var trackingRef: String
        /// The branch on the remote (`refs/heads/main`), where the push goes.
        var remoteBranch: String
    }

    /// Runs a whole sync; an earlier sync that was interrupted is undone first (the report says so).
    /// - Throws: ``SyncError``: a refusal (nothing changed), offline (the commit is kept), a
    ///   conflict (the rebase is stopped).
    public func sync() throws(SyncError) -> VaultSyncReport {
        let state = GitState(vaultRoot: vault.root)
        guard state.gitDirectory != nil else { throw .notInGit(vault: vault.root) }
        var report = VaultSyncReport()
        let ledger = SyncLedger(vault: vault)
        switch ledger.condition {
        case .none: break
        case .running(let pid): throw .syncRunning(pid: pid)
        case .stopped:
            if isRebasing(state) { throw .stoppedEarlier(paths: unmergedPaths()) }
            ledger.end()  // the user finished or aborted the rebase with git itself
        case .interrupted(let interrupted):
            report.recovery = try recoverInterrupted(interrupted)
            ledger.end()
        }
        if let operation = GitState(vaultRoot: vault.root).operationInProgress { throw .operationInProgress(operation) }
        if let open = noteOpenInEditor() {
            throw .openInEditor(path: open.path, holder: open.holder.description, swapFile: open.holder.swapFile)
        }
        let upstream = try findUpstream()

        ledger.begin(.committing, before: git.text(["rev-parse", "--verify", "--quiet", "HEAD"]) ?? "", branch: upstream.branch)
        do throws(SyncError) {
            try ensureMergeDriver()
            report.commit = try commitChanges()
            afterStep("committed")
            try fetch(upstream, committed: report.commit?.hash)
            afterStep("fetched")
        } catch {
            ledger.end()
            throw error
        }
        return try integrateAndPush(upstream, report: report)
    }

    /// Rebases onto the fetched upstream and pushes, integrating again when the push is rejected.
    func integrateAndPush(_ upstream: Upstream, report: VaultSyncReport) throws(SyncError) -> VaultSyncReport {
        var report = report
        let ledger = SyncLedger(vault: vault)
        let before = git.text(["rev-parse", "--verify", "--quiet", "HEAD"]) ?? ""
        ledger.begin(.integrating, before: before, branch: upstream.branch)
        // The driver's failures are recorded per rebase: none of an earlier git operation counts.
        if let gitDirectory = GitState(vaultRoot: vault.root).gitDirectory { DriverFailures(gitDirectory: gitDirectory).clear() }
        do throws(SyncError) {
            try rebase(onto: upstream, report: &report)
            afterStep("rebased")
            try push(upstream, report: &report)
            afterStep("pushed")
        } catch {
            // A conflict leaves the rebase stopped: `--continue` finishes the sync.
            if case .conflict = error {
                recordStop()
                throw error
            }
            finish(before: before, report: &report)
            throw error
        }
        finish(before: before, report: &report)
        return report
    }

    /// Records what the integration brought (for expiry) and ends the sync.
    func finish(before: String, report: inout VaultSyncReport) {
        let ledger = SyncLedger(vault: vault)
        if !before.isEmpty {
            let changed = git.run(["diff", "--name-only", "-z", "--no-renames", "--diff-filter=AMRT", before, "HEAD", "--", "."])
            if changed.succeeded {
                report.broughtNotes = GitRepository.fields(changed.stdout).filter(NotePath.isMarkdownName)
            }
        }
        ledger.recordBrought(report.broughtNotes + report.keptRemovals)
        ledger.end()
    }

    // MARK: - Before anything changes

    /// The branch's upstream, or a refusal saying how to set one.
    func findUpstream() throws(SyncError) -> Upstream {
        guard let branch = git.text(["symbolic-ref", "--quiet", "--short", "HEAD"]), !branch.isEmpty else { throw .detachedHead }
        guard let remote = git.text(["config", "--get", "branch.\(branch).remote"]), !remote.isEmpty,
            let merge = git.text(["config", "--get", "branch.\(branch).merge"]), !merge.isEmpty,
            let tracking = git.text(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]), !tracking.isEmpty
        else { throw .noUpstream(branch: branch) }
        return Upstream(branch: branch, remote: remote, trackingRef: tracking, remoteBranch: merge)
    }

    /// A note some editor has open (a running `enote edit`'s claim, or an Emacs lock or vim swap
    /// file beside it), if any.
    func noteOpenInEditor() -> (path: NotePath, holder: EditorLockDetector.Holder)? {
        if let claimed = EditClaim.claimedNotes(in: vault).first { return claimed }
        guard let walker = FileManager.default.enumerator(atPath: vault.root) else { return nil }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if [".git", Vault.stateFolderName, Vault.trashFolderName].contains(relative) {
                walker.skipDescendants()
                continue
            }
            guard let note = EditorLockDetector.noteName(lockedBy: Array(name.utf8)) else { continue }
            let folder = (relative as NSString).deletingLastPathComponent
            let notePath = NotePath(trusted: folder.isEmpty ? String(decoding: note, as: UTF8.self) : folder + "/" + String(decoding: note, as: UTF8.self))
            if let holder = EditorLockDetector.holder(of: notePath, in: vault) { return (notePath, holder) }
        }
        return nil
    }

    // MARK: - Steps

    /// Fetches the upstream; unreachable is `offline`, naming the commit that is kept.
    func fetch(_ upstream: Upstream, committed: String?) throws(SyncError) {
        let fetched = git.run(["fetch", "--quiet", "--no-write-fetch-head", "--", upstream.remote])
        guard fetched.succeeded else { throw .offline(remote: upstream.remote, reason: GitFailure.reason(fetched), committed: committed) }
    }

    /// Pushes; a push rejected because the remote moved on is fetched, integrated and retried.
    func push(_ upstream: Upstream, report: inout VaultSyncReport) throws(SyncError) {
        var attempt = 0
        while true {
            let ahead = git.text(["rev-list", "--count", "\(upstream.trackingRef)..HEAD"]) ?? "1"
            if ahead == "0" { return }
            attempt += 1
            let pushed = git.run(["push", "--quiet", "--porcelain", "--", upstream.remote, "HEAD:\(upstream.remoteBranch)"])
            if pushed.succeeded {
                report.pushed = true
                // Keep the tracking ref current even where push does not update it.
                _ = git.run(["fetch", "--quiet", "--no-write-fetch-head", "--", upstream.remote])
                return
            }
            let said = String(decoding: pushed.stdout, as: UTF8.self) + pushed.stderr
            let rejected = said.contains("[rejected]") || said.contains("non-fast-forward") || said.contains("fetch first")
            guard rejected else { throw .offline(remote: upstream.remote, reason: GitFailure.reason(pushed), committed: report.commit?.hash) }
            report.rejectedPushes += 1
            guard attempt < maximumPushAttempts else { throw .pushRejected(attempts: attempt) }
            try fetch(upstream, committed: report.commit?.hash)
            try rebase(onto: upstream, report: &report)
        }
    }
}
