#if canImport(Glibc)
import Glibc
#endif

/// A file or folder as the file system knows it, whatever its name: two paths name the same one
/// when their identities are equal, and a path whose identity changed names a new one (the old
/// was replaced, or removed and made again).
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    /// The file or folder at `path` now (links followed), or `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
