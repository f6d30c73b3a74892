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

    package init(_ call: String, path: String, code: Int32 = errno) {
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

    public var description: String { message.text }

    /// What failed, on which path and why, as a sentence.
    public var message: LocalizedMessage {
        let why = reasonMessage
        switch call {
        case "fsync", "fdatasync": return "could not persist \(path): \(why) (\(call), \(codeName))"
        case "write": return "could not write \(path): \(why) (\(call), \(codeName))"
        case "rename", "renameat", "renameat2", "link", "linkat": return "could not replace \(path): \(why) (\(call), \(codeName))"
        case "open", "openat", "openat2": return "could not open \(path): \(why) (\(call), \(codeName))"
        case "unlink", "unlinkat": return "could not remove \(path): \(why) (\(call), \(codeName))"
        case "mkdir", "mkdirat": return "could not create the folder \(path): \(why) (\(call), \(codeName))"
        case "read": return "could not read \(path): \(why) (\(call), \(codeName))"
        default: return "\(call) failed for \(path): \(why) (\(call), \(codeName))"
        }
    }

    /// The reason in words: translated for the common error numbers, else the C library's text.
    package var reasonMessage: LocalizedMessage {
        switch code {
        case EIO: "input/output error"
        case ENOSPC: "no space left on device"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        case EACCES: "permission denied"
        case EPERM: "operation not permitted"
        case ENOENT: "no such file or directory"
        case EEXIST: "file exists"
        case ELOOP: "too many levels of symbolic links"
        case EXDEV: "invalid cross-device link"
        case ENOTDIR: "not a directory"
        case EISDIR: "is a directory"
        case EBUSY: "device or resource busy"
        case EINVAL: "invalid argument"
        case ENAMETOOLONG: "file name too long"
        case EMFILE, ENFILE: "too many open files"
        default: "\(reason.prefix(1).lowercased() + reason.dropFirst())"
        }
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

extension SystemError {
    /// Whether the call failed for a cause that passes by itself: the process or the system has
    /// no descriptors left (EMFILE, ENFILE), or no memory for the call (ENOMEM). Reading again a
    /// moment later may work, so what could not be read is kept as it was, not taken for gone.
    package var isTransient: Bool {
        code == EMFILE || code == ENFILE || code == ENOMEM
    }
}
