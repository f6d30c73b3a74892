import Foundation

/// What `.enote/sync-state` says about the sync that wrote it: the commit it started from, the
/// process that runs it, the phase it reached, and, once it stopped on a conflict, what it left
/// in the work tree, so that `--abort` can tell what was typed since (``SyncLedger``).
///
/// The file is text, one fact a line: the first two lines are the commit and the pid (as older
/// versions wrote them), then `key value` lines. A path is written with `%`, tab and newline
/// escaped.
///
/// For example:
///
/// ```
/// 3f1c…
/// 4242
/// started 1234567
/// phase stopped
/// branch main
/// head 9a0e…
/// conflict 5d2b…	plan.md
/// staged 77aa…	other.md
/// ```
struct SyncState: Sendable, Equatable {
    /// How far the sync got.
    enum Phase: String, Sendable {
        /// Committing the local changes and fetching: nothing of the branch was rewritten yet.
        case committing
        /// Rebasing onto the upstream and pushing.
        case integrating
        /// Stopped on a conflict, waiting for `--continue` or `--abort` (its process has ended).
        case stopped
        /// `--continue` is finishing a stopped sync.
        case continuing
    }

    /// The commit the branch was at when the integration began (the local commit included).
    var before: String
    /// The process that runs (or ran) the sync.
    var pid: Int32?
    /// When that process started (`/proc/PID/stat`'s start time), so that another process given
    /// the same pid later is not taken for it.
    var started: UInt64?
    /// `nil` when an older enote wrote the file (it wrote one only while integrating, and left it
    /// when it stopped on a conflict).
    var phase: Phase?
    /// The branch the sync rewrites.
    var branch: String?
    /// Once stopped: the commit git was at.
    var stopHead: String?
    /// Once stopped: the blob of each conflicted note's bytes as the merge left them (empty when
    /// the file was missing), by path relative to the vault.
    var conflicted: [String: String] = [:]
    /// Once stopped: what the rebase had staged for every other changed path (its blob; empty
    /// for a removal).
    var staged: [String: String] = [:]
    /// During `--continue`: the blob of each note as the user resolved it, kept in git's object
    /// store, so that an interrupted `--continue` can give the text back.
    var resolutions: [String: String] = [:]

    init(before: String, pid: Int32?, started: UInt64?, phase: Phase, branch: String?) {
        self.before = before
        self.pid = pid
        self.started = started
        self.phase = phase
        self.branch = branch
    }

    /// Reads the file's text; `nil` when it does not even name a commit line.
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return nil }
        before = lines.removeFirst()
        pid = lines.isEmpty ? nil : Int32(lines.removeFirst())
        for line in lines {
            guard let space = line.firstIndex(of: " ") else { continue }
            let key = line[..<space]
            let value = String(line[line.index(after: space)...])
            switch key {
            case "started": started = UInt64(value)
            case "phase": phase = Phase(rawValue: value)
            case "branch": branch = value
            case "head": stopHead = value
            case "conflict", "staged", "resolved":
                let fields = value.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                guard fields.count == 2 else { continue }
                let path = Self.unescaped(String(fields[1]))
                switch key {
                case "conflict": conflicted[path] = String(fields[0])
                case "staged": staged[path] = String(fields[0])
                default: resolutions[path] = String(fields[0])
                }
            default: continue
            }
        }
    }

    /// The file's text.
    var text: String {
        var lines = [before, pid.map(String.init) ?? ""]
        if let started { lines.append("started \(started)") }
        if let phase { lines.append("phase \(phase.rawValue)") }
        if let branch { lines.append("branch \(branch)") }
        if let stopHead { lines.append("head \(stopHead)") }
        for (key, entries) in [("conflict", conflicted), ("staged", staged), ("resolved", resolutions)] {
            for (path, blob) in entries.sorted(by: { $0.key < $1.key }) { lines.append("\(key) \(blob)\t\(Self.escaped(path))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A path as one field of a line: `%`, tab and newline escaped.
    static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The path a field written by ``escaped(_:)`` holds.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
    }
}
