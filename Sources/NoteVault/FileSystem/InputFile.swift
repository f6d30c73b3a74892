#if canImport(Glibc)
import Glibc
#endif

/// A file the user names as input (a picture for `new --image`, a template), read without
/// ever blocking: it is opened non-blocking and checked to be a regular file before a byte is
/// read, so a named pipe, a device or a folder is refused at once instead of hanging enote.
package enum InputFile {
    /// Why an input file was not read.
    package enum Problem: Error, Sendable, Equatable {
        /// It could not be opened (`errno`).
        case cannotOpen(Int32)
        /// It is not a regular file: a named pipe, a socket, a device or a folder.
        case notRegularFile
        /// It holds more than the limit.
        case tooLarge
        /// Reading failed (`errno`).
        case cannotRead(Int32)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .cannotOpen(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotRead(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        guard status.st_size <= limit else { throw .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw .tooLarge }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), limit + 1 - count + 1)))
            }
            let read = bytes.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress! + count, raw.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(errno)
            }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else { throw .tooLarge }
        return Array(bytes[..<count])
    }
}
