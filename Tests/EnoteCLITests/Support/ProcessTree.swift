import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processes below one process, read from `/proc`, for tests that kill a command together
/// with the programs it started (as a power cut or the OOM killer would).
enum ProcessTree {
    /// The parent of `pid` and the name of its program, or `nil` once it is gone (a zombie counts
    /// as gone: it runs no more code).
    static func parentAndName(of pid: pid_t) -> (parent: pid_t, name: String)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, fields[0] != "Z", let parent = pid_t(fields[1]) else { return nil }
        return (parent, String(text[text.index(after: open)..<close]))
    }

    /// Whether `pid` still runs (it exists and is not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool { parentAndName(of: pid) != nil }

    /// Every process below `pid` (children, their children, …), with the name of its program.
    static func descendants(of pid: pid_t) -> [(pid: pid_t, name: String)] {
        var byParent: [pid_t: [(pid_t, String)]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry), let info = parentAndName(of: child) else { continue }
            byParent[info.parent, default: []].append((child, info.name))
        }
        var found: [(pid: pid_t, name: String)] = []
        var queue = [pid]
        while let next = queue.popLast() {
            for (child, name) in byParent[next] ?? [] {
                found.append((child, name))
                queue.append(child)
            }
        }
        return found
    }

    /// Kills `pid` and, when `withDescendants`, every process below it, all with SIGKILL: the
    /// tree is read first, then every process is killed at once, parent first. The remote's side
    /// of a push or fetch (`receive-pack`, `upload-pack`, which git runs locally for a remote in
    /// a folder) is spared: in life it runs on another machine.
    static func kill9(_ pid: pid_t, withDescendants: Bool) {
        let below = withDescendants ? descendants(of: pid).filter { !isRemoteSide($0.pid) } : []
        kill(pid, SIGKILL)
        for process in below { kill(process.pid, SIGKILL) }
    }

    /// Whether a process serves the remote's side of a push or fetch.
    static func isRemoteSide(_ pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let words = String(decoding: data, as: UTF8.self)
        return words.contains("receive-pack") || words.contains("upload-pack")
    }

    /// Waits until `condition` holds, up to `timeout` seconds; whether it held.
    static func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
