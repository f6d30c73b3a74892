import CEnoteSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real system calls behind ``FileSystem``.
package struct SystemFileSystem: FileSystem {
    package init() {}

    package func open(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) throws(SystemError) -> Int32 {
        let flags = flags | O_CLOEXEC | O_NOFOLLOW
        let descriptor = withCString(path) { pointer in
            retryingOnInterrupt { enote_open_beneath(directory, pointer, flags, UInt32(mode)) }
        }
        if descriptor >= 0 { return descriptor }
        if errno == ENOSYS {
            return try openByComponents(path, beneath: directory, flags: flags, mode: mode)
        }
        throw SystemError("open", path: NotePath.display(path))
    }

    /// Kernels before 5.6 have no `openat2`: walk the components with `O_NOFOLLOW` instead.
    private func openByComponents(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) throws(SystemError) -> Int32 {
        let components = path.split(separator: UInt8(ascii: "/")).map(Array.init)
        var current = directory
        var opened: [Int32] = []
        defer { for descriptor in opened { Glibc.close(descriptor) } }
        for (index, component) in components.enumerated() {
            if component == Array("..".utf8) || component == Array(".".utf8) {
                errno = EXDEV
                throw SystemError("open", path: NotePath.display(path))
            }
            let isLast = index == components.count - 1
            let componentFlags = isLast ? flags : (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let next = withCString(component) { pointer in
                retryingOnInterrupt { openat(current, pointer, componentFlags, mode) }
            }
            guard next >= 0 else { throw SystemError("open", path: NotePath.display(path)) }
            if isLast { return next }
            opened.append(next)
            current = next
        }
        let descriptor = retryingOnInterrupt { openat(directory, ".", flags & ~O_NOFOLLOW, mode) }
        guard descriptor >= 0 else { throw SystemError("open", path: ".") }
        return descriptor
    }

    package func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(SystemError) -> Int {
        let written = retryingOnInterrupt { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
        guard written >= 0 else { throw SystemError("write", path: path) }
        return written
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(SystemError) -> Int {
        let count = retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else { throw SystemError("read", path: path) }
        return count
    }

    package func fsync(_ descriptor: Int32, path: String) throws(SystemError) {
        guard retryingOnInterrupt({ Glibc.fsync(descriptor) }) == 0 else { throw SystemError("fsync", path: path) }
    }

    package func fchmod(_ descriptor: Int32, mode: mode_t, path: String) throws(SystemError) {
        guard Glibc.fchmod(descriptor, mode) == 0 else { throw SystemError("fchmod", path: path) }
    }

    package func status(of descriptor: Int32, path: String) throws(SystemError) -> FileStatus {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw SystemError("fstat", path: path) }
        return FileStatus(raw)
    }

    package func status(of name: [UInt8], in directory: Int32) throws(SystemError) -> FileStatus {
        var raw = stat()
        let result = withCString(name) { fstatat(directory, $0, &raw, AT_SYMLINK_NOFOLLOW) }
        guard result == 0 else { throw SystemError("stat", path: NotePath.display(name)) }
        return FileStatus(raw)
    }

    package func rename(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        let result = withCString(from) { fromPointer in
            withCString(to) { toPointer in renameat(fromDirectory, fromPointer, toDirectory, toPointer) }
        }
        guard result == 0 else { throw SystemError("rename", path: NotePath.display(to)) }
    }

    package func exchange(_ first: [UInt8], _ second: [UInt8], in directory: Int32) throws(SystemError) {
        let result = withCString(first) { firstPointer in
            withCString(second) { secondPointer in enote_rename_exchange(directory, firstPointer, directory, secondPointer) }
        }
        guard result == 0 else { throw SystemError("rename", path: NotePath.display(second)) }
    }

    package func renameNoReplace(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        let result = withCString(from) { fromPointer in
            withCString(to) { toPointer in enote_rename_noreplace(fromDirectory, fromPointer, toDirectory, toPointer) }
        }
        guard result == 0 else { throw SystemError("rename", path: NotePath.display(to)) }
    }

    package func link(_ from: [UInt8], to: [UInt8], in directory: Int32) throws(SystemError) {
        let result = withCString(from) { fromPointer in
            withCString(to) { toPointer in linkat(directory, fromPointer, directory, toPointer, 0) }
        }
        guard result == 0 else { throw SystemError("link", path: NotePath.display(to)) }
    }

    package func unlink(_ name: [UInt8], in directory: Int32, flags: Int32) throws(SystemError) {
        guard withCString(name, { unlinkat(directory, $0, flags) }) == 0 else {
            throw SystemError("unlink", path: NotePath.display(name))
        }
    }

    package func makeDirectory(_ name: [UInt8], in directory: Int32, mode: mode_t) throws(SystemError) {
        guard withCString(name, { mkdirat(directory, $0, mode) }) == 0 else {
            throw SystemError("mkdir", path: NotePath.display(name))
        }
    }

    package func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}
