import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a sync leaves in `.enote/` for expiry and for itself (never committed; the vault's
/// `.gitignore` keeps it out of git, and sync never stages `.enote/` state).
///
/// - `sync-state`: while a sync integrates, the commit it started from and its pid. Expiry
///   destroys nothing while a sync runs, and a sync stopped on a conflict finds it again.
/// - `sync-brought`: the notes a sync brought or changed here that were already past their
///   destroy date, with the hash of their bytes. Expiry keeps such a note as long as its bytes
///   are the ones brought: someone on another machine changed it after (or without knowing)
///   its destroy date, and destroying it here would lose their change.
struct SyncLedger {
    let vault: Vault

    var statePath: String { vault.stateFolder + "/sync-state" }
    var broughtPath: String { vault.stateFolder + "/sync-brought" }

    /// Marks a sync as integrating, from commit `before`.
    func begin(before: String) {
        try? Data("\(before)\n\(getpid())\n".utf8).write(to: URL(fileURLWithPath: statePath), options: .atomic)
    }

    /// Marks the end of a sync (done, or aborted).
    func end() {
        unlink(statePath)
    }

    /// The commit a sync started from, when one is running or stopped on a conflict.
    var stoppedSync: String? {
        guard let text = try? String(contentsOfFile: statePath, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }

    /// Whether a sync process is integrating right now (its pid is alive).
    var isSyncRunning: Bool {
        guard let text = try? String(contentsOfFile: statePath, encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n")
        guard lines.count >= 2, let pid = Int32(lines[1]) else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
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
