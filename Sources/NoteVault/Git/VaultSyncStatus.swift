/// Where a sync stands, for `enote sync --status`.
public struct VaultSyncStatus: Sendable {
    /// A note in conflict in a stopped sync.
    public struct Conflicted: Sendable, Equatable {
        public var path: String
        /// The line of its first conflict marker, if any is left.
        public var markerLine: Int?
        /// The conflict copy that keeps this machine's version, when the merge driver could not
        /// merge the note and the copy is still there.
        public var conflictCopy: String?
        /// Whether the merge driver could not merge the note.
        public var driverFailed: Bool
    }

    /// A sync whose process is gone without its having stopped or ended.
    public struct Interruption: Sendable, Equatable {
        public var pid: Int32?
    }

    /// The branch and its upstream, when there are.
    public var branch: String?
    public var upstream: String?
    /// Notes still in conflict (a stopped sync).
    public var conflicted: [Conflicted] = []
    /// Whether a sync is stopped, waiting for `--continue` or `--abort`.
    public var stopped = false
    /// A sync that was interrupted, which the next `enote sync` undoes and runs again.
    public var interrupted: Interruption?
    /// The process of a sync running now.
    public var runningSync: Int32?
    /// Another git operation in progress, not a sync's.
    public var otherOperation: LocalizedMessage?
    /// Local commits not pushed yet, and upstream commits not integrated yet (as of the last fetch).
    public var ahead = 0
    public var behind = 0
    /// Files changed and not committed yet.
    public var uncommitted = 0

    public init() {}

    /// The explanation, line by line.
    public var lines: [LocalizedMessage] {
        var lines: [LocalizedMessage] = []
        if let interrupted {
            let process: LocalizedMessage = interrupted.pid.map { "process \(String($0)) is no longer running" } ?? "its process is no longer running"
            lines.append(LocalizedMessage("A sync was interrupted before it finished (\(process)); no note is in conflict", remedy: .finishInterruptedSync))
            return lines
        }
        if let runningSync {
            lines.append(LocalizedMessage("A sync is running (process \(String(runningSync)))", remedy: .waitThenRunAgain))
            return lines
        }
        if stopped {
            guard !conflicted.isEmpty else {
                lines.append(LocalizedMessage("A sync stopped on a conflict, and no note is in conflict any more", remedy: .continueOrAbortSync))
                return lines
            }
            lines.append("A sync stopped because both sides changed the same lines of these notes:")
            for note in conflicted {
                if note.driverFailed, let copy = note.conflictCopy {
                    lines.append(
                        "  \(note.path) (enote's merge driver could not merge it: this machine's version is in \(copy); put what you want of it into \(note.path) and delete \(copy))"
                    )
                } else if let line = note.markerLine {
                    lines.append("  \(note.path) (first conflict marker on line \(String(line)))")
                } else {
                    lines.append("  \(note.path) (no conflict markers left; ready)")
                }
            }
            // Sync rebases: git's "ours" (<<<<<<<) is the upstream, "theirs" (>>>>>>>) the local commit.
            lines.append(
                LocalizedMessage(
                    "In each, the lines between <<<<<<< and ======= are the other machine's and those between ======= and >>>>>>> are this machine's",
                    remedy: .continueOrAbortSync))
            return lines
        }
        if let otherOperation {
            lines.append("\(otherOperation); finish or abort it with git before syncing")
        }
        if let branch, let upstream {
            lines.append("On \(branch), syncing with \(upstream)")
        } else if let branch {
            lines.append("On \(branch), which has no upstream: set one with `git push -u origin \(branch)`")
        }
        lines.append(
            "No sync is stopped. Commits not pushed yet: \(ahead); commits from the remote not integrated yet (as of the last fetch): \(behind); files changed and not committed: \(uncommitted)"
        )
        return lines
    }
}
