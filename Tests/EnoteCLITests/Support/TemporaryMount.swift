import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted on a fresh folder for one test: a real file system that a test can fill
/// to the last block (`ENOSPC`) or remount read-only (`EROFS`, which stops root too, unlike
/// `chmod`).
///
/// Mounting needs root (`CAP_SYS_ADMIN`); suites that use it carry
/// `.enabled(if: TemporaryMount.isAvailable, TemporaryMount.skipReason)` and are skipped with that
/// reason elsewhere. The file system is unmounted and its folder removed by ``unmount()``, which
/// every test calls in a `defer`, so a failing test leaves no mount behind (and, failing that,
/// when the object goes away).
///
/// For example:
///
/// ```swift
/// let disk = try TemporaryMount(sizeKiB: 2048)
/// defer { disk.unmount() }
/// try disk.fill()
/// ```
final class TemporaryMount {
    /// Where the file system is mounted.
    let path: String
    private var mounted = true

    /// A failed `mount`, `umount` or write, with its `errno`.
    struct MountError: Error, CustomStringConvertible {
        var call: String
        var path: String
        var code: Int32
        var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
    }

    /// Mounts a tmpfs of `sizeKiB` KiB on a new temporary folder.
    init(sizeKiB: Int) throws {
        var template = Array((NSTemporaryDirectory() + "enote-tmpfs-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw MountError(call: "mkdtemp", path: NSTemporaryDirectory(), code: errno)
        }
        path = String(cString: made)
        guard Glibc.mount("tmpfs", path, "tmpfs", 0, "size=\(sizeKiB)k,mode=0755") == 0 else {
            let code = errno
            rmdir(path)
            throw MountError(call: "mount", path: path, code: code)
        }
    }

    deinit { unmount() }

    /// The mount point as a URL.
    var url: URL { URL(fileURLWithPath: path) }

    /// Makes the file system read-only (`mount -o remount,ro`).
    func remountReadOnly() throws { try remount(UInt(MS_RDONLY)) }

    /// Makes the file system writable again (`mount -o remount,rw`).
    func remountReadWrite() throws { try remount(0) }

    private func remount(_ flags: UInt) throws {
        guard Glibc.mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT) | flags, nil) == 0 else {
            throw MountError(call: "remount", path: path, code: errno)
        }
    }

    /// Fills the file system to the last block with one file, `name`, at its root.
    /// - Returns: How many bytes the file holds.
    @discardableResult
    func fill(name: String = "filler") throws -> Int {
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw MountError(call: "open", path: path + "/" + name, code: errno) }
        defer { close(descriptor) }
        var total = 0
        // Large writes first, then ever smaller ones down to a byte, so no block stays free.
        var chunk = 1 << 16
        let bytes = [UInt8](repeating: 0x2E, count: chunk)
        while chunk > 0 {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, chunk) }
            if written > 0 {
                total += written
            } else if written < 0, errno == ENOSPC {
                chunk /= 2
            } else if written < 0, errno != EINTR {
                throw MountError(call: "write", path: path + "/" + name, code: errno)
            }
        }
        return total
    }

    /// Unmounts the file system (lazily, if a process still has a file open in it) and removes
    /// the folder. Safe to call more than once.
    func unmount() {
        guard mounted else { return }
        mounted = false
        if umount2(path, 0) != 0 { _ = umount2(path, Int32(MNT_DETACH)) }
        rmdir(path)
    }

    /// Whether this process may mount a tmpfs (root, and not forbidden by a container): tried
    /// once, with a mount that is taken down at once.
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        guard let probe = try? TemporaryMount(sizeKiB: 64) else { return false }
        probe.unmount()
        return true
    }()

    /// Why suites that need a mount are skipped where ``isAvailable`` is false.
    static let skipReason: Comment = "needs root and permission to mount a tmpfs (mount -t tmpfs); run the tests as root to include it"
}
