#if canImport(Glibc)
import Glibc
#endif

/// The watch lock file as the kernel names it (device and inode), and the two ways of asking
/// the kernel who holds an exclusive `flock` on it: the descriptors of one process
/// (`/proc/PID/fd` and `/proc/PID/fdinfo`), or the machine's whole lock table (`/proc/locks`).
struct LockedFile {
    private let device: UInt64
    private let inode: UInt64

    /// The lock file in `stateFolder` (the open `.enote`); `nil` when it is not a regular file.
    init?(in stateFolder: Int32) {
        let descriptor = retryingOnInterrupt { openat(stateFolder, WatchLock.fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        var status = stat()
        let statted = fstat(descriptor, &status)
        close(descriptor)
        guard statted == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Whether one of `pid`'s descriptors opens this file and holds the exclusive `flock` on it;
    /// `nil` when the kernel does not show that process's descriptors to this one.
    func isHeldThroughDescriptors(of pid: Int32) -> Bool? {
        let descriptors = retryingOnInterrupt { open("/proc/\(pid)/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptors >= 0 else { return errno == ENOENT || errno == ESRCH ? false : nil }
        guard let directory = fdopendir(descriptors) else {
            close(descriptors)
            return nil
        }
        defer { closedir(directory) }
        var sawAny = false
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard let number = Int32(name) else { continue }
            // The link is followed: the status is the open file's.
            var status = stat()
            guard fstatat(descriptors, name, &status, 0) == 0 else { continue }
            sawAny = true
            guard UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode else { continue }
            if holdsExclusiveLock(pid: pid, descriptor: number) { return true }
        }
        // A process always has descriptors: seeing none means they were hidden from this one.
        return sawAny ? false : nil
    }

    /// Whether `/proc/PID/fdinfo/N` shows an exclusive `flock` of this file taken through
    /// that descriptor (`lock:	1: FLOCK  ADVISORY  WRITE 4242 fe:00:16220209 0 EOF`).
    private func holdsExclusiveLock(pid: Int32, descriptor: Int32) -> Bool {
        let info = retryingOnInterrupt { open("/proc/\(pid)/fdinfo/\(descriptor)", O_RDONLY | O_CLOEXEC) }
        guard info >= 0 else { return false }
        defer { close(info) }
        guard let text = try? SystemFileSystem().readAll(info, sizeHint: 1024, path: "/proc/\(pid)/fdinfo/\(descriptor)") else { return false }
        let prefix = Array("lock:".utf8)
        for line in text.split(separator: UInt8(ascii: "\n")) where line.starts(with: prefix) {
            if exclusiveFlock(in: line.dropFirst(prefix.count)) != nil { return true }
        }
        return false
    }

    /// The pid `/proc/locks` gives as the holder of an exclusive `flock` on this file, or `nil`.
    func holderInLockTable() -> Int32? {
        let locks = retryingOnInterrupt { open("/proc/locks", O_RDONLY | O_CLOEXEC) }
        guard locks >= 0 else { return nil }
        defer { close(locks) }
        guard let table = try? SystemFileSystem().readAll(locks, sizeHint: 4096, path: "/proc/locks") else { return nil }
        // Waiters are "1: -> FLOCK …", which the field positions leave out.
        for line in table.split(separator: UInt8(ascii: "\n")) {
            if let pid = exclusiveFlock(in: line[...]) { return pid }
        }
        return nil
    }

    /// The pid of a lock line (`1: FLOCK  ADVISORY  WRITE 4242 fe:00:16220209 0 EOF`) when it is
    /// an exclusive `flock` of this file.
    private func exclusiveFlock(in line: ArraySlice<UInt8>) -> Int32? {
        let fields = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", names(fields[5]) else { return nil }
        return Int32(fields[4])
    }

    /// Whether a lock line's `MAJOR:MINOR:INODE` (hex, hex, decimal) names this file.
    private func names(_ field: String) -> Bool {
        let parts = field.split(separator: ":")
        guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16), let number = UInt64(parts[2]) else {
            return false
        }
        return major == ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF) && minor == (device & 0xFF) | ((device >> 12) & ~0xFF) && number == inode
    }
}
