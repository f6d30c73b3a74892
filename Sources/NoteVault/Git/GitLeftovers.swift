import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a git killed in the middle of a sync leaves behind, and how the next command clears it:
/// its lock files (`.git/index.lock`, `HEAD.lock`, `refs/…/*.lock`), which make every later git
/// command fail with "File exists", and the merge driver's `.merge_file_*` files at the top of
/// the work tree, which must never be committed.
///
/// A file is removed only once no process holds it open (`/proc/*/fd`): a git still running
/// (another terminal, or one that has not yet died with its enote) is waited for, never raced.
enum GitLeftovers {
    /// git's temporary files for a merge driver (`.merge_file_XXXXXX`), and a driver's own temp
    /// file beside one.
    static let mergeFilePrefix = ".merge_file_"

    /// The lock files under `gitDirectory` (and the common folder of a linked work tree).
    static func lockFiles(in gitDirectory: String) -> [String] {
        var folders = [gitDirectory]
        if let common = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8) {
            let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
            folders.append(path.hasPrefix("/") ? path : gitDirectory + "/" + path)
        }
        var found: [String] = []
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".lock") {
                found.append(folder + "/" + name)
            }
            guard let walker = FileManager.default.enumerator(atPath: folder + "/refs") else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".lock") { found.append(folder + "/refs/" + relative) }
            }
        }
        return found
    }

    /// The merge driver's temporary files at the top of the work tree.
    static func mergeFiles(in top: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: top)) ?? []).filter { $0.hasPrefix(mergeFilePrefix) }.map { top + "/" + $0 }
    }

    /// Removes `paths` once no process holds them, waiting up to `timeout` seconds for holders.
    /// Returns the ones still held, with a process that holds each.
    static func remove(_ paths: [String], waiting timeout: Double) -> [(path: String, pid: Int32)] {
        guard !paths.isEmpty else { return [] }
        let deadline = monotonicSeconds() + timeout
        var left = paths
        while true {
            var holders = self.holders(of: left)
            // A lock written in the last second may belong to a git between closing and renaming it.
            for path in left where holders[path] == nil && isFresh(path) { holders[path] = 0 }
            for path in left where holders[path] == nil { unlink(path) }
            left = left.filter { holders[$0] != nil && FileManager.default.fileExists(atPath: $0) }
            if left.isEmpty { return [] }
            if monotonicSeconds() >= deadline { return left.map { ($0, holders[$0] ?? 0) } }
            usleep(100_000)
        }
    }

    /// Whether `path` changed within the last second.
    private static func isFresh(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec) < 1
    }

    /// The processes (of this user) that hold each of `paths` open, by path.
    static func holders(of paths: [String]) -> [String: Int32] {
        var wanted: [String: String] = [:]
        for path in paths {
            guard let resolved = realpath(path, nil) else { continue }
            wanted[String(cString: resolved)] = path
            free(resolved)
        }
        guard !wanted.isEmpty else { return [:] }
        var found: [String: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(), let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/fd") else {
                continue
            }
            for descriptor in descriptors {
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/fd/\(descriptor)"),
                    let path = wanted[target]
                else { continue }
                found[path] = pid
            }
        }
        return found
    }
}
