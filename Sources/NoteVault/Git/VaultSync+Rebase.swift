import Foundation

/// The integration step of a sync and a stopped sync's way out: rebase, removals against
/// changes, `--status`, `--continue`, `--abort`.
extension VaultSync {
    /// Rebases the local commits onto the upstream. A note removed on one side and changed on
    /// the other is kept with the change (nothing anyone wrote is lost; the removing side still
    /// has it in its trash); any other conflict stops the rebase and throws `conflict`.
    func rebase(onto upstream: Upstream, report: inout VaultSyncReport) throws(SyncError) {
        let rebased = git.run(["-c", "rebase.autoStash=false", "-c", "rebase.updateRefs=false", "rebase", "--quiet", upstream.trackingRef])
        if rebased.succeeded { return }
        guard isRebasing(GitState(vaultRoot: vault.root)) else { throw .gitFailed(command: "rebase", detail: rebased.firstErrorLine) }
        try resolveAndContinue(report: &report)
    }

    /// Settles what can be settled in the stopped rebase and continues it, commit after commit.
    func resolveAndContinue(report: inout VaultSyncReport) throws(SyncError) {
        while isRebasing(GitState(vaultRoot: vault.root)) {
            let stages = unmergedStages()
            var remaining: [String] = []
            for (path, present) in stages.sorted(by: { $0.key < $1.key }) {
                // Stage 1 is the common ancestor, 2 and 3 the two sides: with one side missing,
                // one side removed the file and the other changed it; git left the changed one.
                if present.contains(1), present.contains(2) != present.contains(3) {
                    let added = git.run(["add", "-A", "--", path])
                    guard added.succeeded else { throw .gitFailed(command: "add", detail: added.firstErrorLine) }
                    report.keptRemovals.append(path)
                } else {
                    remaining.append(path)
                }
            }
            if !remaining.isEmpty { throw .conflict(paths: remaining) }
            var continued = git.run(["-c", "core.editor=true", "rebase", "--continue"])
            if !continued.succeeded, unmergedStages().isEmpty, isRebasing(GitState(vaultRoot: vault.root)),
                git.run(["diff", "--cached", "--quiet"]).succeeded
            {
                // The commit being replayed has nothing left to add: the other side has it all.
                continued = git.run(["rebase", "--skip"])
            }
            if !continued.succeeded, unmergedStages().isEmpty, isRebasing(GitState(vaultRoot: vault.root)) {
                throw .gitFailed(command: "rebase --continue", detail: continued.firstErrorLine)
            }
        }
    }

    /// Whether a rebase is stopped in this repository.
    func isRebasing(_ state: GitState) -> Bool {
        guard let folder = state.gitDirectory else { return false }
        return FileManager.default.fileExists(atPath: folder + "/rebase-merge") || FileManager.default.fileExists(atPath: folder + "/rebase-apply")
    }

    /// The unmerged paths (relative to the vault) and which stages each has.
    func unmergedStages() -> [String: Set<Int>] {
        let listed = git.run(["ls-files", "-u", "-z", "--", "."])
        var stages: [String: Set<Int>] = [:]
        for record in GitRepository.fields(listed.stdout) {
            // "mode hash stage\tpath"
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 3, let stage = Int(fields[2]) else { continue }
            stages[String(record[record.index(after: tab)...]), default: []].insert(stage)
        }
        return stages
    }

    /// The notes in conflict, sorted.
    func unmergedPaths() -> [String] { unmergedStages().keys.sorted() }

    /// The line of the first conflict marker in a file, if any: the same check as
    /// `enote doctor`'s (a lone `=======` is a Markdown heading's underline, not a marker).
    func firstMarkerLine(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: vault.root + "/" + path) else { return nil }
        return VaultDoctor.conflictMarkerLine(in: Array(data))
    }

    // MARK: - A stopped sync

    /// Where the sync stands.
    public func status() -> VaultSyncStatus {
        var status = VaultSyncStatus()
        let state = GitState(vaultRoot: vault.root)
        status.branch = git.text(["symbolic-ref", "--quiet", "--short", "HEAD"])
        status.upstream = git.text(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])
        if isRebasing(state) && SyncLedger(vault: vault).stoppedSync != nil {
            status.stopped = true
            status.conflicted = unmergedPaths().map { ($0, firstMarkerLine($0)) }
            return status
        }
        status.otherOperation = state.operationInProgress
        if status.upstream != nil, let counts = git.text(["rev-list", "--left-right", "--count", "HEAD...@{upstream}"]) {
            let numbers = counts.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
            if numbers.count == 2 { (status.ahead, status.behind) = (numbers[0], numbers[1]) }
        }
        let changes = git.run(["status", "--porcelain=v1", "-z", "--", "."])
        status.uncommitted = GitRepository.fields(changes.stdout).filter { $0.count > 3 && $0.dropFirst(2).first == " " }.count
        return status
    }

    /// Finishes a sync stopped on a conflict, once the notes are fixed: continues the rebase
    /// and pushes.
    /// - Throws: `nothingStopped`; `markersLeft` while a note still has conflict markers (its
    ///   conflict is not staged); `conflict` when a later commit conflicts too.
    public func continueSync() throws(SyncError) -> VaultSyncReport {
        let ledger = SyncLedger(vault: vault)
        guard let stopped = ledger.stoppedSync else { throw .nothingStopped }
        let state = GitState(vaultRoot: vault.root)
        var report = VaultSyncReport()
        if isRebasing(state) {
            for path in unmergedPaths() {
                if let line = firstMarkerLine(path) { throw .markersLeft(path: path, line: line) }
            }
            for path in unmergedPaths() {
                let added = git.run(["add", "-A", "--", path])
                guard added.succeeded else { throw .gitFailed(command: "add", detail: added.firstErrorLine) }
            }
            let continued = git.run(["-c", "core.editor=true", "rebase", "--continue"])
            if !continued.succeeded, !isRebasing(GitState(vaultRoot: vault.root)) {
                throw .gitFailed(command: "rebase --continue", detail: continued.firstErrorLine)
            }
            try resolveAndContinue(report: &report)
        }
        let upstream = try findUpstream()
        do throws(SyncError) {
            try push(upstream, report: &report)
        } catch {
            if case .conflict = error { throw error }
            finish(before: stopped, report: &report)
            throw error
        }
        finish(before: stopped, report: &report)
        return report
    }

    /// Undoes a sync stopped on a conflict: the rebase is aborted, and the branch is as it was
    /// before the sync integrated (local changes committed, nothing pushed).
    public func abort() throws(SyncError) {
        let ledger = SyncLedger(vault: vault)
        // A rebase the user started is theirs to abort; only a sync's own is undone here.
        guard ledger.stoppedSync != nil else { throw .nothingStopped }
        let state = GitState(vaultRoot: vault.root)
        if isRebasing(state) {
            let unsaved = editsAbortWouldLose(state)
            if !unsaved.isEmpty { throw .abortWouldLoseEdits(paths: unsaved) }
            let aborted = git.run(["rebase", "--abort"])
            guard aborted.succeeded else { throw .gitFailed(command: "rebase --abort", detail: aborted.firstErrorLine) }
        }
        ledger.end()
    }

    /// Files `git rebase --abort` would overwrite: tracked files edited since the sync stopped
    /// (not the conflicted notes themselves, which the abort is meant to undo), and untracked
    /// files at a path the branch had before the sync.
    func editsAbortWouldLose(_ state: GitState) -> [String] {
        let unmerged = Set(GitRepository.fields(git.run(["diff", "--name-only", "-z", "--relative", "--diff-filter=U", "--", "."]).stdout))
        var paths = Set(GitRepository.fields(git.run(["diff", "--name-only", "-z", "--relative", "--", "."]).stdout)).subtracting(unmerged)
        if let folder = state.gitDirectory,
            let data = FileManager.default.contents(atPath: folder + "/rebase-merge/orig-head")
                ?? FileManager.default.contents(atPath: folder + "/rebase-apply/orig-head")
        {
            let before = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let untracked = GitRepository.fields(git.run(["ls-files", "--others", "--exclude-standard", "-z", "--", "."]).stdout)
            for path in untracked where git.run(["cat-file", "-e", "\(before):./\(path)"]).succeeded {
                paths.insert(path)
            }
        }
        return paths.sorted()
    }
}
