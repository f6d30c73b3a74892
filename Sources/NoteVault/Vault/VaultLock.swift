import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock` on a file in `.enote/`, held while a process changes notes.
///
/// The kernel releases a `flock` when its process dies, even by `kill -9`, so a crash never
/// leaves a stale lock behind. A second process waits up to a timeout and then gives up with a
/// clear message.
///
/// For example:
///
/// ```swift
/// let lock = try VaultLock.acquire(at: "/home/me/Notes/.enote/lock", timeout: 10)
/// defer { lock.release() }
/// ```
///
/// Sendable by construction: the descriptor lives in a `Mutex`, so ``release()`` from two
/// threads (or from one while the object is freed) unlocks and closes it once.
public final class VaultLock: Sendable {
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    deinit { release() }

    /// Why the lock could not be taken.
    public enum LockError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Another process holds it (its pid, when recorded in the lock file).
        case busy(path: String, holder: Int32?, waited: Double)
        /// The lock file could not be opened.
        case system(SystemError)

        public var description: String { message.text }

        /// Why the lock was not taken and what to do, as a sentence.
        public var message: LocalizedMessage {
            switch self {
            case .busy(let path, let holder?, let waited):
                return "the vault is busy: process \(holder) holds \(path) (waited \(Int(waited)) s); try again when it has finished"
            case .busy(let path, nil, let waited):
                return "the vault is busy: another enote process holds \(path) (waited \(Int(waited)) s); try again when it has finished"
            case .system(let error):
                return error.message
            }
        }
    }

    /// Takes the exclusive lock on `path`, creating the file if needed.
    /// - Parameters:
    ///   - path: The lock file.
    ///   - timeout: How long to wait for another holder, in seconds; 0 fails at once.
    ///   - recordPID: Whether to write this process's pid into the file for others' messages.
    package static func acquire(at path: String, timeout: Double, recordPID: Bool = false) throws(LockError) -> VaultLock {
        let descriptor = retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard descriptor >= 0 else { throw .system(SystemError("open", path: path)) }
        let deadline = monotonicSeconds() + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let error = SystemError("flock", path: path)
                close(descriptor)
                throw .system(error)
            }
            if monotonicSeconds() >= deadline {
                let holder = readPID(descriptor)
                close(descriptor)
                throw .busy(path: path, holder: holder, waited: timeout)
            }
            usleep(20_000)
        }
        if recordPID {
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return VaultLock(descriptor: descriptor)
    }

    /// Releases the lock (also done when the object is freed or the process ends).
    package func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Seconds on the monotonic clock, for timeouts that a change of the wall clock must not affect.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}
