#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, on which path, and the `errno` it returned.
///
/// Its description is a sentence a user can act on: `could not persist notes/plan.md: I/O error
/// (fsync, EIO)`.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system call that failed (`open`, `fsync`, `rename`, …).
    public var call: String
    /// The path it concerned, relative to the vault when inside it.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    public init(_ call: String, path: String, code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// The C library's text for the error number (`No space left on device`).
    public var reason: String { String(cString: strerror(code)) }

    /// The symbolic name of the error number, when it is a common one.
    public var codeName: String {
        switch code {
        case EIO: "EIO"
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EROFS: "EROFS"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EEXIST: "EEXIST"
        case ELOOP: "ELOOP"
        case EXDEV: "EXDEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EBUSY: "EBUSY"
        case EINVAL: "EINVAL"
        case ENAMETOOLONG: "ENAMETOOLONG"
        default: "errno \(code)"
        }
    }

    public var description: String {
        let verb: String
        switch call {
        case "fsync", "fdatasync": verb = "could not persist"
        case "write": verb = "could not write"
        case "rename", "renameat", "renameat2", "link", "linkat": verb = "could not replace"
        case "open", "openat", "openat2": verb = "could not open"
        case "unlink", "unlinkat": verb = "could not remove"
        case "mkdir", "mkdirat": verb = "could not create the folder"
        case "read": verb = "could not read"
        default: verb = "\(call) failed for"
        }
        return "\(verb) \(path): \(reason.prefix(1).lowercased() + reason.dropFirst()) (\(call), \(codeName))"
    }
}

/// Calls `body` again while it fails with `EINTR`.
@inline(__always)
func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let result = body()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
