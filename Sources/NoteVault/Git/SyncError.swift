/// Why `enote sync` stopped or refused, each with what to do next. A refusal changes nothing;
/// `offline` keeps the commit it made; `conflict` leaves the rebase stopped for
/// `enote sync --continue` or `--abort`. No message quotes git: ``GitFailure`` says what
/// happened.
public enum SyncError: Error, Sendable, CustomStringConvertible {
    /// The vault is not in a git repository.
    case notInGit(vault: String)
    /// A git operation not started by sync is in progress (a merge, a rebase, a cherry-pick).
    case operationInProgress(LocalizedMessage)
    /// An earlier sync stopped on a conflict and waits for `--continue` or `--abort`.
    case stoppedEarlier(paths: [String])
    /// Another sync is running.
    case syncRunning(pid: Int32)
    /// A note is open in an editor, which would see it change under it; `swapFile` is vim's
    /// swap file beside it, when that is what says so.
    case openInEditor(path: NotePath, holder: String, swapFile: String?)
    /// HEAD is not on a branch.
    case detachedHead
    /// The branch has no upstream to sync with.
    case noUpstream(branch: String)
    /// The remote could not be reached; `committed` names the local commit kept, if one was made.
    case offline(remote: String, reason: LocalizedMessage, committed: String?)
    /// The remote kept moving on: every push was rejected.
    case pushRejected(attempts: Int)
    /// Both sides changed the same lines of these notes; the rebase is stopped.
    case conflict(paths: [String])
    /// `--continue` with conflict markers still in a note.
    case markersLeft(path: String, line: Int)
    /// `--continue` while the merge driver could not merge a note and its conflict copy is there.
    case driverFailed(path: String, copy: String?)
    /// `--continue` or `--abort` with no sync stopped.
    case nothingStopped
    /// `--abort` would throw away these files, changed since the sync stopped.
    case abortWouldLoseEdits(paths: [String])
    /// A git command that an interrupted sync left behind still holds one of git's lock files.
    case gitBusy(path: String, pid: Int32)
    /// A git command failed for another reason.
    case gitFailed(command: String, reason: LocalizedMessage)

    public var description: String { message.text }

    /// What happened and what to do, as a sentence.
    public var message: LocalizedMessage {
        switch self {
        case .notInGit(let vault):
            return
                "the vault \(vault) is not in a git repository; run `git init` there and add a remote (`git remote add origin URL`), or clone the vault from another machine"
        case .operationInProgress(let operation):
            return LocalizedMessage("\(operation)", remedy: .finishGitOperationThenSync)
        case .stoppedEarlier(let paths) where paths.isEmpty:
            return LocalizedMessage("a sync stopped on a conflict earlier, and no note is in conflict any more", remedy: .resolveStoppedSync)
        case .stoppedEarlier(let paths):
            return LocalizedMessage("a sync stopped on a conflict in \(paths.joined(separator: ", "))", remedy: .resolveStoppedSync)
        case .syncRunning(let pid):
            return LocalizedMessage("another sync is running (process \(String(pid)))", remedy: .waitThenRunAgain)
        case .openInEditor(let path, _, let swapFile?):
            return LocalizedMessage(
                "\(path) is open in vim (its swap file \(swapFile) is beside it)",
                remedy: .closeVimOrRecoverSwapFile(note: path.description, swapFile: swapFile))
        case .openInEditor(let path, let holder, nil):
            return LocalizedMessage("\(path) is open in \(holder)", remedy: .closeEditorThenSync)
        case .detachedHead:
            return "git is not on a branch (detached HEAD); check out the vault's branch (`git switch main`), then sync"
        case .noUpstream(let branch):
            return
                "the branch \(branch) has no upstream to sync with; set one with `git push -u origin \(branch)` (or `git branch --set-upstream-to=origin/\(branch)`)"
        case .offline(let remote, let reason, let committed?):
            return LocalizedMessage("could not reach the remote \(remote) (\(reason)); your changes are committed locally (\(committed))", remedy: .syncLater)
        case .offline(let remote, let reason, nil):
            return LocalizedMessage(
                "could not reach the remote \(remote) (\(reason)); nothing was lost: your changes are committed locally", remedy: .syncLater)
        case .pushRejected:
            return LocalizedMessage("the remote kept moving on and rejected every push; your changes are committed locally", remedy: .syncAgain)
        case .conflict(let paths):
            return LocalizedMessage("both sides changed the same lines of \(paths.joined(separator: ", ")); the sync stopped", remedy: .resolveConflict)
        case .markersLeft(let path, let line):
            return LocalizedMessage("\(path) still has a conflict marker on line \(String(line))", remedy: .removeMarkersThenContinue)
        case .driverFailed(let path, let copy?):
            return LocalizedMessage(
                "enote's merge driver could not merge \(path), so the other machine's version is in it and this machine's is in \(copy)",
                remedy: .combineConflictCopyThenContinue(note: path, copy: copy))
        case .driverFailed(let path, nil):
            return LocalizedMessage(
                "enote's merge driver could not merge \(path), and this machine's version could not be kept beside it (git still has it: `git show :3:\(path)`)",
                remedy: .stageResolvedNoteThenContinue(note: path))
        case .nothingStopped:
            return LocalizedMessage("no sync is stopped on a conflict, so there is nothing to continue or abort", remedy: .startSync)
        case .abortWouldLoseEdits(let paths):
            return LocalizedMessage(
                "aborting the sync would throw away what was changed in \(paths.joined(separator: ", ")) since it stopped, so nothing was aborted",
                remedy: .restoreFilesThenAbort)
        case .gitBusy(let path, let pid):
            return LocalizedMessage("a git command (process \(String(pid))) still holds \(path)", remedy: .waitThenRunAgain)
        case .gitFailed(let command, let reason):
            return "git \(command) failed: \(reason)"
        }
    }
}
