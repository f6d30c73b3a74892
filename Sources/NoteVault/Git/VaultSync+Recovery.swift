import Foundation

/// Undoing a sync that was interrupted: its process is gone (killed, a power cut, the OOM
/// killer, with or without its git) and it neither stopped on a conflict nor ended.
///
/// The commit it started integrating from holds every local change (the sync committed them
/// first), so the branch goes back to it, whatever git's rebase had done meanwhile; git's half
/// state (its rebase folder, stale lock files, the merge driver's temporary files) goes too.
/// Files in the work tree are compared with every version git knew of at the time: a file that
/// is one of them, or a part of one (git killed while writing it), is put back as the commit has
/// it; any other (typed after the crash, or merged by git before it) is kept as it is, for the
/// next sync to commit. Nothing is deleted that no commit holds.
extension VaultSync {
    /// Undoes the sync that was interrupted, if there is one (``sync()`` and ``continueSync()``
    /// do it first too); a front end calls it first to say what it did even when the sync that
    /// follows stops.
    /// - Returns: What was undone, or `nil` when no sync was interrupted.
    public func recoverInterruptedSync() throws(SyncError) -> SyncRecovery? {
        let ledger = SyncLedger(vault: vault)
        guard case .interrupted(let interrupted) = ledger.condition else { return nil }
        let recovery = try recoverInterrupted(interrupted)
        ledger.end()
        return recovery
    }

    /// Undoes an interrupted sync; see the type's discussion.
    /// - Throws: `gitBusy` when a git process still holds one of git's lock files after 10 s.
    func recoverInterrupted(_ interrupted: SyncState) throws(SyncError) -> SyncRecovery {
        let state = GitState(vaultRoot: vault.root)
        guard let gitDirectory = state.gitDirectory, let top = state.workTree else { throw .notInGit(vault: vault.root) }
        var recovery = SyncRecovery(pid: interrupted.pid)
        if let held = GitLeftovers.remove(GitLeftovers.lockFiles(in: gitDirectory), waiting: 10).first {
            throw .gitBusy(path: held.path, pid: held.pid)
        }
        _ = GitLeftovers.remove(GitLeftovers.mergeFiles(in: top), waiting: 2)
        guard interrupted.phase == .integrating || interrupted.phase == .continuing, !interrupted.before.isEmpty else { return recovery }
        let repository = GitRepository(folder: top)
        let rebasing = isRebasing(state)
        let headName = (try? String(contentsOfFile: gitDirectory + "/rebase-merge/head-name", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let branchRef = interrupted.branch.map({ "refs/heads/" + $0 }) ?? headName else {
            throw .gitFailed(command: "rebase", reason: "the branch the interrupted sync was on is not known")
        }
        let onBranch = repository.text(["symbolic-ref", "--quiet", "HEAD"]) == branchRef
        // The rebase had finished: its result holds every change, and the sync goes on from it.
        if !rebasing && onBranch { return recovery }

        var known = [interrupted.before]
        known += [repository.text(["rev-parse", "--verify", "--quiet", "HEAD"]), repository.text(["rev-parse", "--verify", "--quiet", branchRef])]
            .compactMap { $0 }
        for name in ["rebase-merge/onto", "rebase-apply/onto"] {
            if let onto = try? String(contentsOfFile: gitDirectory + "/" + name, encoding: .utf8) {
                known.append(onto.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        if let upstream = repository.text(["rev-parse", "--verify", "--quiet", branchRef + "@{upstream}"]) { known.append(upstream) }

        // Leave git's rebase without touching any file, then put the branch, HEAD and the index
        // back at the commit the sync started from.
        if rebasing {
            _ = repository.run(["rebase", "--quit"])
            for name in ["rebase-merge", "rebase-apply"] { try? FileManager.default.removeItem(atPath: gitDirectory + "/" + name) }
        }
        for arguments in [
            ["update-ref", "-m", "enote sync: undo an interrupted sync", branchRef, interrupted.before],
            ["symbolic-ref", "HEAD", branchRef],
            ["read-tree", interrupted.before],
        ] {
            let done = repository.run(arguments)
            guard done.succeeded else { throw .gitFailed(command: arguments[0], reason: GitFailure.reason(done)) }
        }
        _ = repository.run(["update-index", "-q", "--refresh"])
        recovery.restoredTo = repository.text(["rev-parse", "--short", interrupted.before])
        recovery.keptFiles = try restoreWorkTree(repository, before: interrupted.before, known: Array(Set(known)))
        recovery.resolutionCopies = keepResolutions(interrupted.resolutions)
        return recovery
    }

    /// Puts back what git left half done in the work tree (see the type's discussion); returns
    /// the files kept as they are, relative to the work tree's top.
    private func restoreWorkTree(_ repository: GitRepository, before: String, known: [String]) throws(SyncError) -> [String] {
        let top = repository.folder
        let changed = GitRepository.fields(repository.run(["diff", "--name-only", "-z", "--no-renames"]).stdout)
        let untracked = GitRepository.fields(repository.run(["ls-files", "--others", "--exclude-standard", "-z"]).stdout)
        guard !changed.isEmpty || !untracked.isEmpty else { return [] }
        let wanted = Set(changed + untracked)
        var knownBlobs: [String: Set<String>] = [:]
        for commit in known {
            // "mode type id\tpath"
            for record in GitRepository.fields(repository.run(["ls-tree", "-r", "-z", "--full-tree", commit]).stdout) {
                guard let tab = record.firstIndex(of: "\t") else { continue }
                let path = String(record[record.index(after: tab)...])
                guard wanted.contains(path), let id = record[..<tab].split(separator: " ").last else { continue }
                knownBlobs[path, default: []].insert(String(id))
            }
        }
        let present = (changed + untracked).filter { FileManager.default.fileExists(atPath: top + "/" + $0) }
        var blobs: [String: String] = [:]
        for chunk in stride(from: 0, to: present.count, by: 200).map({ Array(present[$0..<min($0 + 200, present.count)]) }) {
            let ids = repository.run(["--literal-pathspecs", "hash-object", "--"] + chunk).text.split(separator: "\n").map(String.init)
            if ids.count == chunk.count { for (path, id) in zip(chunk, ids) { blobs[path] = id } }
        }
        /// Whether the file is a version git knew of, or the start of one (git writes a file in place).
        func isGitsOwn(_ path: String) -> Bool {
            guard let versions = knownBlobs[path] else { return false }
            if let blob = blobs[path], versions.contains(blob) { return true }
            guard let bytes = FileManager.default.contents(atPath: top + "/" + path) else { return false }
            return versions.contains { version in
                let content = repository.run(["cat-file", "blob", version]).stdout
                return content.count > bytes.count && content.starts(with: bytes)
            }
        }
        var restore: [String] = []
        var kept: [String] = []
        for path in changed {
            if !FileManager.default.fileExists(atPath: top + "/" + path) || isGitsOwn(path) { restore.append(path) } else { kept.append(path) }
        }
        for path in untracked where knownBlobs[path] != nil {
            if isGitsOwn(path) { try? FileManager.default.removeItem(atPath: top + "/" + path) } else { kept.append(path) }
        }
        for chunk in stride(from: 0, to: restore.count, by: 200).map({ Array(restore[$0..<min($0 + 200, restore.count)]) }) {
            let done = repository.run(["--literal-pathspecs", "checkout", before, "--"] + chunk)
            guard done.succeeded else { throw .gitFailed(command: "checkout", reason: GitFailure.reason(done)) }
        }
        return kept.sorted()
    }

    /// The notes a `--continue` had resolved, when the note no longer holds that text: each is
    /// saved beside it as a conflict copy. Returns the copies, relative to the vault.
    private func keepResolutions(_ resolutions: [String: String]) -> [String] {
        var copies: [String] = []
        for (path, blob) in resolutions.sorted(by: { $0.key < $1.key }) {
            let text = git.run(["cat-file", "blob", blob])
            guard text.succeeded, FileManager.default.contents(atPath: vault.root + "/" + path).map({ [UInt8]($0) }) != text.stdout else { continue }
            let note = NotePath(trusted: path)
            for _ in 0..<5 {
                let name = Vault.conflictName(for: note.fileNameBytes, at: vault.clock.now(), timeZone: vault.clock.timeZone)
                let copy = note.parent.map { $0.appending(name) } ?? NotePath(bytes: name)
                if (try? vault.writer.create(copy, with: text.stdout)) != nil {
                    copies.append(copy.description)
                    break
                }
            }
        }
        return copies
    }
}

/// What undoing an interrupted sync did, for the messages.
public struct SyncRecovery: Sendable, Equatable {
    /// The process that was running the sync, when known.
    public var pid: Int32?
    /// The local commit the branch went back to (short hash); `nil` when nothing of the branch
    /// had been rewritten yet.
    public var restoredTo: String?
    /// Files that differed from that commit and are kept as they are (typed after the crash, or
    /// already merged by git): relative to the work tree's top.
    public var keptFiles: [String] = []
    /// Conflict copies that keep the text an interrupted `--continue` had resolved.
    public var resolutionCopies: [String] = []

    init(pid: Int32?) {
        self.pid = pid
    }
}
