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

    /// The pid of the process holding the watch lock in `stateFolder` (the open `.enote`), as
    /// the kernel reports it in `/proc/locks` for that very file (device and inode), or `nil`
    /// when no process holds it or it cannot be told. What the lock file says is not used: any
    /// process could have written it.
    static func holder(in stateFolder: Int32) -> Int32? {
        let descriptor = retryingOnInterrupt { openat(stateFolder, fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        var status = stat()
        let statted = fstat(descriptor, &status)
        close(descriptor)
        guard statted == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        let file = String(major, radix: 16) + ":" + String(minor, radix: 16) + ":" + String(UInt64(status.st_ino))
        let locks = retryingOnInterrupt { open("/proc/locks", O_RDONLY | O_CLOEXEC) }
        guard locks >= 0 else { return nil }
        defer { close(locks) }
        guard let table = try? SystemFileSystem().readAll(locks, sizeHint: 4096, path: "/proc/locks") else { return nil }
        // "1: FLOCK  ADVISORY  WRITE 4242 fe:00:16220209 0 EOF"; waiters are "1: -> FLOCK …".
        for line in table.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", Self.sameFile(fields[5], file) else { continue }
            return Int32(fields[4])
        }
        return nil
    }

    /// The lock file's name in `.enote/`.
    static let fileName = "watch.lock"

    /// Whether `/proc/locks`'s `MAJOR:MINOR:INODE` (hex, hex, decimal; major and minor printed
    /// with at least two digits) names `file`.
    private static func sameFile(_ field: String, _ file: String) -> Bool {
        let parts = field.split(separator: ":")
        guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16) else { return false }
        return String(major, radix: 16) + ":" + String(minor, radix: 16) + ":" + parts[2] == file
    }

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
