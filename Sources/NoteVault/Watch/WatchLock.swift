#if canImport(Glibc)
import Glibc
#endif

/// The one-watcher-per-vault lock: an exclusive `flock` on `.enote/watch.lock` holding the
/// watcher's pid. The kernel drops it when the process dies, even by `kill -9`, so a crashed
/// watcher never blocks the next one.
final class WatchLock {
    private let descriptor: Int32

    /// Why the lock was not taken.
    enum LockError: Error {
        /// Another watcher holds it; its pid when it could be read.
        case held(pid: Int32?)
        case system(SystemError)
    }

    /// Takes the lock at once or fails.
    init(path: String) throws(LockError) {
        let descriptor = retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard descriptor >= 0 else { throw .system(SystemError("open", path: path)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            close(descriptor)
            let pid = count > 0 ? Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmedWhitespace()) : nil
            throw .held(pid: pid)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    /// Whether process `pid` holds the watch lock in `stateFolder` (the open `.enote`), as the
    /// kernel reports it. What the lock file says is not used: any process could have written it.
    ///
    /// The kernel is asked about `pid` alone: the descriptors in `/proc/PID/fd` that open the
    /// lock file, and the locks `/proc/PID/fdinfo` shows on them. `/proc/locks`, which lists
    /// every lock of the machine, is read only when those cannot be (a kernel that hides them):
    /// reading it waits for the kernel's file-lock table, 5 to 12 ms on an idle machine, which
    /// every command asking a watcher to catch up would pay.
    static func isHeld(by pid: Int32, in stateFolder: Int32) -> Bool {
        guard pid > 0, let file = LockedFile(in: stateFolder) else { return false }
        if let held = file.isHeldThroughDescriptors(of: pid) { return held }
        return file.holderInLockTable() == pid
    }

    /// The pid of the process holding the watch lock in `stateFolder` (the open `.enote`), as
    /// the kernel reports it in `/proc/locks` for that very file (device and inode), or `nil`
    /// when no process holds it or it cannot be told.
    static func holder(in stateFolder: Int32) -> Int32? {
        LockedFile(in: stateFolder)?.holderInLockTable()
    }

    /// The lock file's name in `.enote/`.
    static let fileName = "watch.lock"

    deinit {
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

extension Vault {
    /// The pid of the watcher running for this vault (the process holding its watch lock, as
    /// the kernel reports it), or `nil` when none runs or it cannot be told.
    package func runningWatcher() -> Int32? {
        let folder = retryingOnInterrupt { open(stateFolder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        return WatchLock.holder(in: folder)
    }
}
