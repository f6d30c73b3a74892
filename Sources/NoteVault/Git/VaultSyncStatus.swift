/// Where a sync stands, for `enote sync --status`.
public struct VaultSyncStatus: Sendable {
    /// The branch and its upstream, when there are.
    public var branch: String?
    public var upstream: String?
    /// Notes still in conflict (a stopped sync), each with the line of its first marker, if any.
    public var conflicted: [(path: String, markerLine: Int?)] = []
    /// Whether a sync is stopped, waiting for `--continue` or `--abort`.
    public var stopped = false
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
        if stopped {
            lines.append("A sync stopped because both sides changed the same lines of these notes:")
            for note in conflicted {
                if let line = note.markerLine {
                    lines.append("  \(note.path) (first conflict marker on line \(line))")
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
