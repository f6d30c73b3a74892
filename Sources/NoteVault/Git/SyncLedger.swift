import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a sync leaves in `.enote/` for expiry and for itself (never committed; the vault's
/// `.gitignore` keeps it out of git, and sync never stages `.enote/` state).
///
/// - `sync-state` (``SyncState``): from the moment a sync starts changing anything, the commit
///   it integrates from, its process and the phase it reached. Expiry destroys nothing while a
///   sync runs; a sync stopped on a conflict finds it again; and a sync whose process is gone
///   without having stopped or ended was interrupted (killed, a power cut), which the next
///   command sees and undoes.
/// - `sync-brought`: the notes a sync brought or changed here that were already past their
///   destroy date, with the hash of their bytes. Expiry keeps such a note as long as its bytes
///   are the ones brought: someone on another machine changed it after (or without knowing)
///   its destroy date, and destroying it here would lose their change.
struct SyncLedger {
    let vault: Vault

    var statePath: String { vault.stateFolder + "/sync-state" }
    var broughtPath: String { vault.stateFolder + "/sync-brought" }

    /// Where the last sync stands.
    enum Condition {
        /// No sync is running, stopped or interrupted.
        case none
        /// A sync runs in the process `pid`.
        case running(pid: Int32)
        /// A sync stopped on a conflict and waits for `--continue` or `--abort`.
        case stopped(SyncState)
        /// A sync's process is gone without its having stopped or ended.
        case interrupted(SyncState)
    }

    /// Marks a sync as started (or as going on in this process, for `--continue`).
    func begin(_ phase: SyncState.Phase, before: String, branch: String?, keeping previous: SyncState? = nil) {
        var state = SyncState(before: before, pid: getpid(), started: Self.startTime(of: getpid()), phase: phase, branch: branch)
        if let previous { state.resolutions = previous.resolutions }
        write(state)
    }

    /// Writes `state` durably enough for a crash to find it (a temp file renamed over the old).
    func write(_ state: SyncState) {
        try? Data(state.text.utf8).write(to: URL(fileURLWithPath: statePath), options: .atomic)
    }

    /// Marks the end of a sync (done, aborted, or undone after an interruption), and forgets the
    /// merge driver's failures of its rebase.
    func end() {
        unlink(statePath)
        if let gitDirectory = GitState(vaultRoot: vault.root).gitDirectory { DriverFailures(gitDirectory: gitDirectory).clear() }
    }

    /// What the state file says, if there is one.
    var state: SyncState? {
        guard let text = try? String(contentsOfFile: statePath, encoding: .utf8) else { return nil }
        return SyncState(text: text)
    }

    /// Where the last sync stands, from the state file and whether its process still runs.
    var condition: Condition {
        guard let state else { return .none }
        if state.phase == .stopped { return .stopped(state) }
        let alive = state.pid.map { Self.isRunning($0, started: state.started) } ?? false
        guard state.phase != nil else {
            // An older enote's file: it wrote one while integrating and kept it when it stopped
            // on a conflict; without a note in conflict, its sync was interrupted.
            if alive { return .running(pid: state.pid ?? 0) }
            let unmerged = GitRepository(folder: vault.root).run(["ls-files", "-u", "-z", "--", "."])
            return unmerged.succeeded && unmerged.stdout.isEmpty ? .interrupted(state) : .stopped(state)
        }
        return alive ? .running(pid: state.pid ?? 0) : .interrupted(state)
    }

    /// Whether `pid` is a running process other than this one, started at `started` when that is
    /// known (so that a pid the system gave to another process since is not taken for the sync).
    static func isRunning(_ pid: Int32, started: UInt64?) -> Bool {
        guard pid > 0, pid != getpid() else { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let started else { return true }
        return startTime(of: pid) == started
    }

    /// A process's start time in clock ticks since boot (`/proc/PID/stat`, field 22), or `nil`.
    static func startTime(of pid: Int32) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, start time field 22.
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    /// Records the notes among `paths` that are past their destroy date now, with their bytes'
    /// hash; entries whose note has changed since are dropped.
    func recordBrought(_ paths: [String]) {
        let now = vault.clock.now()
        var entries = brought().filter { entry in
            guard let snapshot = try? vault.readWithSnapshot(NotePath(trusted: entry.path)).snapshot else { return false }
            return snapshot.hash.description == entry.hash
        }
        for path in Set(paths) {
            guard let read = try? vault.readWithSnapshot(NotePath(trusted: path)),
                let destroy = read.note.destroyDate(in: vault.clock.timeZone), destroy <= now
            else { continue }
            entries.removeAll { $0.path == path }
            entries.append((path, read.snapshot.hash.description))
        }
        if entries.isEmpty {
            unlink(broughtPath)
            return
        }
        let text = entries.map { "\($0.hash)\t\($0.path)\n" }.joined()
        try? Data(text.utf8).write(to: URL(fileURLWithPath: broughtPath), options: .atomic)
    }

    /// The recorded notes: path and hash.
    func brought() -> [(path: String, hash: String)] {
        guard let text = try? String(contentsOfFile: broughtPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> (path: String, hash: String)? in
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            return (String(fields[1]), String(fields[0]))
        }
    }
}
