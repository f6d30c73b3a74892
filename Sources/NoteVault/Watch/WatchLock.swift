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

    deinit {
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
