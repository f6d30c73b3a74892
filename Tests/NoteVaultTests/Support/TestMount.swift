import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file system mounted for one test (a tmpfs, or a bind mount of a folder), with the calls
/// `mount(8)` would make. Only root may mount: tests that need one are enabled by
/// ``isAvailable`` and end with `defer { mount.unmount() }`.
final class TestMount {
    let path: String
    private var mounted = true

    private init(path: String) {
        self.path = path
    }

    /// Whether this process may mount a tmpfs (it runs as root, and the kernel lets it).
    static let isAvailable: Bool = {
        guard getuid() == 0 else { return false }
        var template = Array((NSTemporaryDirectory() + "enote-mount-probe-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return false }
        let folder = String(cString: made)
        defer { rmdir(folder) }
        guard let probe = try? tmpfs(at: folder, size: "1m") else { return false }
        probe.unmount()
        return true
    }()

    /// `mount -t tmpfs -o size=SIZE tmpfs PATH`.
    static func tmpfs(at path: String, size: String = "8m") throws -> TestMount {
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(size)") == 0 else { throw SystemCallFailure(call: "mount tmpfs", path: path) }
        return TestMount(path: path)
    }

    /// `mount --bind SOURCE PATH`.
    static func bind(_ source: String, at path: String) throws -> TestMount {
        guard mount(source, path, nil, UInt(MS_BIND), nil) == 0 else { throw SystemCallFailure(call: "mount --bind", path: path) }
        return TestMount(path: path)
    }

    /// `mount -o remount,ro PATH` (or `rw`). Fails with EBUSY while a file on it is open for
    /// writing.
    func remount(readOnly: Bool) throws {
        let flags = UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0)
        guard mount(nil, path, nil, flags, nil) == 0 else { throw SystemCallFailure(call: "mount -o remount", path: path) }
    }

    /// `umount PATH` (idempotent; lazily, if something still uses it).
    func unmount() {
        guard mounted else { return }
        mounted = false
        if umount(path) != 0 { umount2(path, Int32(MNT_DETACH)) }
    }

    deinit { unmount() }
}
