import Foundation

/// A sync stopped on a conflict, and its way out: `--status`, `--continue`, `--abort`. What the
/// stop left in the work tree is recorded (``SyncState``), so that `--abort` never throws away
/// what was typed since, in the conflicted notes too.
extension VaultSync {
    /// Where the sync stands.
    /// - Throws: `notInGit` when the vault is not in a git repository.
    public func status() throws(SyncError) -> VaultSyncStatus {
        let state = GitState(vaultRoot: vault.root)
        guard state.gitDirectory != nil else { throw .notInGit(vault: vault.root) }
        var status = VaultSyncStatus()
        status.branch = git.text(["symbolic-ref", "--quiet", "--short", "HEAD"])
        status.upstream = git.text(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])
        switch SyncLedger(vault: vault).condition {
        case .interrupted(let interrupted):
            status.interrupted = VaultSyncStatus.Interruption(pid: interrupted.pid)
            return status
        case .running(let pid):
            status.runningSync = pid
            return status
        case .stopped where isRebasing(state):
            status.stopped = true
            let failures = driverFailures()
            status.conflicted = unmergedPaths().map { path in
                VaultSyncStatus.Conflicted(
                    path: path, markerLine: firstMarkerLine(path),
                    conflictCopy: failures[path].flatMap { $0.flatMap { FileManager.default.fileExists(atPath: vault.root + "/" + $0) ? $0 : nil } },
                    driverFailed: failures[path] != nil)
            }
            return status
        case .stopped, .none:
            break
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
    /// and pushes. A sync that was interrupted is undone and run again.
    /// - Throws: `nothingStopped`; `markersLeft` while a note still has conflict markers;
    ///   `driverFailed` while the conflict copy of a note the driver could not merge is there;
    ///   `conflict` when a later commit conflicts too.
    public func continueSync() throws(SyncError) -> VaultSyncReport {
        let ledger = SyncLedger(vault: vault)
        let stopped: SyncState
        switch ledger.condition {
        case .none: throw .nothingStopped
        case .running(let pid): throw .syncRunning(pid: pid)
        case .interrupted: return try sync()
        case .stopped(let state): stopped = state
        }
        guard isRebasing(GitState(vaultRoot: vault.root)) else {
            ledger.end()
            throw .nothingStopped
        }
        let failures = driverFailures()
        let paths = unmergedPaths()
        for path in paths {
            if let failure = failures[path] {
                if let copy = failure, FileManager.default.fileExists(atPath: vault.root + "/" + copy) { throw .driverFailed(path: path, copy: copy) }
                if failure == nil { throw .driverFailed(path: path, copy: nil) }
            }
            if let line = firstMarkerLine(path) { throw .markersLeft(path: path, line: line) }
        }
        // What the user resolved goes into git's object store first: an interrupted
        // `--continue` gives it back (``recoverInterrupted(_:)``).
        var continuing = stopped
        let existing = paths.filter { FileManager.default.fileExists(atPath: vault.root + "/" + $0) }
        if !existing.isEmpty {
            let blobs = git.run(["hash-object", "-w", "--"] + existing).text.split(separator: "\n").map(String.init)
            if blobs.count == existing.count { continuing.resolutions = Dictionary(uniqueKeysWithValues: zip(existing, blobs)) }
        }
        ledger.begin(.continuing, before: stopped.before, branch: stopped.branch, keeping: continuing)
        var report = VaultSyncReport()
        do throws(SyncError) {
            for path in paths {
                let added = git.run(["add", "-A", "--", path])
                guard added.succeeded else { throw .gitFailed(command: "add", reason: GitFailure.reason(added)) }
            }
            let continued = git.run(["-c", "core.editor=true", "rebase", "--continue"])
            if !continued.succeeded, !isRebasing(GitState(vaultRoot: vault.root)) {
                throw .gitFailed(command: "rebase --continue", reason: GitFailure.reason(continued))
            }
            try resolveAndContinue(report: &report)
            afterStep("continued")
            try push(try findUpstream(), report: &report)
        } catch {
            if case .conflict = error {
                recordStop()
                throw error
            }
            finish(before: stopped.before, report: &report)
            throw error
        }
        finish(before: stopped.before, report: &report)
        return report
    }

    /// Undoes a sync stopped on a conflict: the rebase is aborted, and the branch is as it was
    /// before the sync integrated (local changes committed, nothing pushed). A sync that was
    /// interrupted is undone the same way (the report says so).
    /// - Throws: `nothingStopped`; `abortWouldLoseEdits` while a file changed since the sync
    ///   stopped (the conflicted notes included), which git's abort would throw away.
    @discardableResult
    public func abort() throws(SyncError) -> VaultSyncReport {
        let ledger = SyncLedger(vault: vault)
        var report = VaultSyncReport()
        switch ledger.condition {
        case .none: throw .nothingStopped
        case .running(let pid): throw .syncRunning(pid: pid)
        case .interrupted(let interrupted):
            report.recovery = try recoverInterrupted(interrupted)
            ledger.end()
            return report
        case .stopped(let stopped):
            // A rebase the user started is theirs to abort; only a sync's own is undone here.
            let state = GitState(vaultRoot: vault.root)
            if isRebasing(state) {
                let unsaved = editsAbortWouldLose(state, stopped: stopped)
                if !unsaved.isEmpty { throw .abortWouldLoseEdits(paths: unsaved) }
                let copies = driverFailures().values.compactMap { $0 }
                let aborted = git.run(["rebase", "--abort"])
                guard aborted.succeeded else { throw .gitFailed(command: "rebase --abort", reason: GitFailure.reason(aborted)) }
                removeCopiesTheAbortMadeNeedless(copies)
            }
            ledger.end()
            return report
        }
    }

    /// Records what the stop left in the work tree: the conflicted notes' bytes and what the
    /// rebase had staged, so that `--abort` can tell what changed since.
    func recordStop() {
        let ledger = SyncLedger(vault: vault)
        guard var state = ledger.state else { return }
        state.phase = .stopped
        state.stopHead = git.text(["rev-parse", "--verify", "--quiet", "HEAD"])
        state.conflicted = worktreeBlobs(unmergedPaths())
        state.staged = stagedBlobs()
        ledger.write(state)
    }

    /// Files `git rebase --abort` would overwrite: tracked files edited since the sync stopped,
    /// conflicted notes whose bytes are not what the merge left (typed into, half resolved, or
    /// resolved and staged), anything else staged since, and untracked files at a path the
    /// branch had before the sync.
    func editsAbortWouldLose(_ state: GitState, stopped: SyncState) -> [String] {
        let unmerged = Set(GitRepository.fields(git.run(["diff", "--name-only", "-z", "--relative", "--diff-filter=U", "--", "."]).stdout))
        var paths = Set(GitRepository.fields(git.run(["diff", "--name-only", "-z", "--relative", "--", "."]).stdout)).subtracting(unmerged)
        if stopped.stopHead != nil {
            let now = worktreeBlobs(Array(stopped.conflicted.keys))
            for (path, blob) in stopped.conflicted where now[path] != blob && now[path] != nil { paths.insert(path) }
            for (path, blob) in stagedBlobs() where stopped.staged[path] != blob && stopped.conflicted[path] != blob { paths.insert(path) }
            if let head = stopped.stopHead, let current = git.text(["rev-parse", "--verify", "--quiet", "HEAD"]), current != head {
                paths.formUnion(GitRepository.fields(git.run(["diff", "--name-only", "-z", "--relative", head, current, "--", "."]).stdout))
            }
        }
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

    /// The blob id of each file's bytes as they are (not written to git); a missing file has none.
    func worktreeBlobs(_ paths: [String]) -> [String: String] {
        let existing = paths.filter { FileManager.default.fileExists(atPath: vault.root + "/" + $0) }
        guard !existing.isEmpty else { return [:] }
        let blobs = git.run(["hash-object", "--"] + existing).text.split(separator: "\n").map(String.init)
        guard blobs.count == existing.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(existing, blobs))
    }

    /// What is staged for each path that differs from HEAD, other than the unmerged ones: its
    /// blob (all zeros for a removal).
    func stagedBlobs() -> [String: String] {
        // ":old-mode new-mode old-id new-id status\0path\0"
        let fields = GitRepository.fields(git.run(["diff-index", "--cached", "-z", "--no-renames", "--relative", "HEAD", "--", "."]).stdout)
        var staged: [String: String] = [:]
        var index = 0
        while index + 1 < fields.count {
            let parts = fields[index].split(separator: " ")
            if parts.count == 5, parts[4] != "U" { staged[fields[index + 1]] = String(parts[3]) }
            index += 2
        }
        return staged
    }

    /// The notes the merge driver could not merge in this rebase, each with its conflict copy
    /// (paths relative to the vault; `nil` when no copy could be written).
    func driverFailures() -> [String: String?] {
        guard let gitDirectory = GitState(vaultRoot: vault.root).gitDirectory else { return [:] }
        let entries = DriverFailures(gitDirectory: gitDirectory).entries()
        guard !entries.isEmpty else { return [:] }
        let prefix = git.text(["rev-parse", "--show-prefix"]) ?? ""
        var failures: [String: String?] = [:]
        for entry in entries where entry.note.hasPrefix(prefix) {
            failures[String(entry.note.dropFirst(prefix.count))] = .some(entry.copy.map { String($0.dropFirst(prefix.count)) })
        }
        return failures
    }

    /// After an abort the note holds this machine's version again: a conflict copy of the
    /// driver that holds the same bytes is needless and goes; any other stays.
    private func removeCopiesTheAbortMadeNeedless(_ copies: [String]) {
        for copy in copies {
            let note = (copy as NSString).deletingLastPathComponent
            let name = (copy as NSString).lastPathComponent
            guard let range = name.range(of: ".conflict-") else { continue }
            let original = NotePath.addingMarkdownExtension((note.isEmpty ? "" : note + "/") + name[..<range.lowerBound])
            guard let kept = FileManager.default.contents(atPath: vault.root + "/" + copy),
                let restored = FileManager.default.contents(atPath: vault.root + "/" + original), kept == restored
            else { continue }
            try? FileManager.default.removeItem(atPath: vault.root + "/" + copy)
        }
    }
}
