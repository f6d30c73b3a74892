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
///
/// Each is replaced through a temp file of enote's own beside it (`.sync-state.4242.tmp`, named
/// after the process that writes it), renamed over it. A sync killed between the two (with its
/// git, or alone) leaves that file behind, and since sync never stages `.enote/`, nothing would
/// ever take it out of `git status`: the next sync to end removes it (``removeLeftovers()``).
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
        replace(statePath, with: state.text)
    }

    /// Marks the end of a sync (done, aborted, or undone after an interruption), forgets the
    /// merge driver's failures of its rebase, and removes what an earlier sync killed while
    /// writing here left behind.
    func end() {
        unlink(statePath)
        if let gitDirectory = GitState(vaultRoot: vault.root).gitDirectory { DriverFailures(gitDirectory: gitDirectory).clear() }
        removeLeftovers()
    }

    /// Replaces the file at `path` with `text`: written to this process's temp file beside it
    /// (created anew, never through a link), then renamed over it, so that a reader finds the old
    /// text or the new, never a part.
    private func replace(_ path: String, with text: String) {
        let temporary = (path as NSString).deletingLastPathComponent + "/" + Self.temporaryName(of: (path as NSString).lastPathComponent, pid: getpid())
        unlink(temporary)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            unlink(temporary)
            return
        }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The temp file through which the process `pid` replaces the ledger's file `name`:
    /// `.sync-state.4242.tmp`.
    static func temporaryName(of name: String, pid: Int32) -> String { ".\(name).\(pid).tmp" }

    /// The prefix of the temp files of Foundation's atomic write, through which earlier versions
    /// of enote wrote the ledger (`.dat.nosync2CA8.CVQjFG`); a sync killed in the middle of one
    /// left it in `.enote/`.
    static let foundationTemporaryPrefix = ".dat.nosync"

    /// Removes the temp files of ``replace(_:with:)`` whose process is gone (a sync killed
    /// between writing one and renaming it), and Foundation's that an earlier enote left, once
    /// no process has them open and they are more than a second old.
    func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: vault.stateFolder) else { return }
        var earlier: [String] = []
        for name in names {
            if let pid = Self.writer(ofTemporary: name) {
                if !Self.isRunning(pid, started: nil) { unlink(vault.stateFolder + "/" + name) }
            } else if name.hasPrefix(Self.foundationTemporaryPrefix) {
                earlier.append(vault.stateFolder + "/" + name)
            }
        }
        _ = GitLeftovers.remove(earlier, waiting: 0)
    }

    /// The process whose temp file `name` is (``temporaryName(of:pid:)``), if it is one.
    static func writer(ofTemporary name: String) -> Int32? {
        for file in ["sync-state", "sync-brought"] {
            let prefix = ".\(file)."
            guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { continue }
            return Int32(name.dropFirst(prefix.count).dropLast(".tmp".count))
        }
        return nil
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
        replace(broughtPath, with: entries.map { "\($0.hash)\t\($0.path)\n" }.joined())
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
