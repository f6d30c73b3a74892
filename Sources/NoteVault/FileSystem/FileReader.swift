#if canImport(Glibc)
import Glibc
#endif

/// A file read whole, with the status it had when read: what a later write compares against to
/// make sure it never overwrites a change it did not see.
package struct FileSnapshot: Sendable, Equatable {
    /// The bytes as read.
    package var bytes: [UInt8]
    /// The file's status at the time of reading.
    package var status: FileStatus
    /// The hash of `bytes`.
    package var hash: ContentHash

    package init(bytes: [UInt8], status: FileStatus) {
        self.bytes = bytes
        self.status = status
        self.hash = ContentHash(bytes)
    }
}

extension FileSystem {
    /// Reads a whole regular file beneath `directory`, refusing symbolic links and anything
    /// larger than `limit` bytes.
    /// - Throws: ``SystemError``; `ELOOP` for a symbolic link, `EFBIG` for a file over `limit`.
    package func readFile(_ path: [UInt8], beneath directory: Int32, limit: Int = .max) throws(SystemError) -> FileSnapshot {
        let display = NotePath.display(path)
        // Non-blocking: opening a named pipe must not wait for a writer; the type is checked next.
        let descriptor = try open(path, beneath: directory, flags: O_RDONLY | O_NONBLOCK, mode: 0)
        defer { close(descriptor) }
        let status = try self.status(of: descriptor, path: display)
        guard status.kind == .regular else { throw SystemError("open", path: display, code: status.kind == .directory ? EISDIR : EINVAL) }
        guard status.size <= Int64(limit) else { throw SystemError("read", path: display, code: EFBIG) }
        let bytes = try readAll(descriptor, sizeHint: Int(status.size), path: display)
        return FileSnapshot(bytes: bytes, status: status)
    }

    /// Reads from `descriptor` until the end of the file.
    package func readAll(_ descriptor: Int32, sizeHint: Int, path: String) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let capacity = bytes.count - count
            let read = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) -> Int in
                    try self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[count..<(count + capacity)]), path: path)
                }
            }.get()
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Writes all of `bytes`, continuing after short writes.
    package func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) -> Int in
                    try self.write(descriptor, UnsafeRawBufferPointer(rebasing: raw[offset...]), path: path)
                }
            }.get()
            guard written > 0 else { throw SystemError("write", path: path, code: EIO) }
            offset += written
        }
    }
}
