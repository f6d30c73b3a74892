#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the vault makes to change files, as one seam.
///
/// ``SystemFileSystem`` makes the real calls. Tests wrap it to fail the N-th write, fsync or
/// rename, to run something at the last moment before a rename, or to drop work that was never
/// fsynced (a simulated power loss), and so prove that no fault loses a byte.
///
/// Paths are bytes relative to a directory descriptor; every call that can be interrupted is
/// retried on `EINTR`, and every descriptor is opened with `O_CLOEXEC`.
package protocol FileSystem: Sendable {
    /// Opens `path` beneath `directory` without following any symbolic link and without leaving
    /// `directory` (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`).
    func open(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) throws(SystemError) -> Int32
    /// Writes some bytes; returns how many were written.
    func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(SystemError) -> Int
    /// Reads up to `buffer.count` bytes; returns how many were read (0 at the end).
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(SystemError) -> Int
    /// Flushes a file's or a folder's data and metadata to the device.
    func fsync(_ descriptor: Int32, path: String) throws(SystemError)
    /// Sets a file's permission bits.
    func fchmod(_ descriptor: Int32, mode: mode_t, path: String) throws(SystemError)
    /// The status of an open file.
    func status(of descriptor: Int32, path: String) throws(SystemError) -> FileStatus
    /// The status of `name` in `directory`, not following a symbolic link.
    func status(of name: [UInt8], in directory: Int32) throws(SystemError) -> FileStatus
    /// Renames `from` to `to` within or across directories, replacing `to`.
    func rename(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError)
    /// Atomically swaps two names (`renameat2(RENAME_EXCHANGE)`); `EINVAL` or `ENOSYS` where the
    /// file system cannot.
    func exchange(_ first: [UInt8], _ second: [UInt8], in directory: Int32) throws(SystemError)
    /// Renames without replacing (`renameat2(RENAME_NOREPLACE)`); `EEXIST` when `to` exists.
    func renameNoReplace(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError)
    /// Gives the file `from` a second name `to` in the same folder (`linkat`, not following a
    /// link); `EEXIST` when `to` exists, which is never replaced.
    func link(_ from: [UInt8], to: [UInt8], in directory: Int32) throws(SystemError)
    /// Removes a file (or an empty folder with `AT_REMOVEDIR`).
    func unlink(_ name: [UInt8], in directory: Int32, flags: Int32) throws(SystemError)
    /// Creates a folder.
    func makeDirectory(_ name: [UInt8], in directory: Int32, mode: mode_t) throws(SystemError)
    /// Closes a descriptor (errors are ignored: there is nothing useful to do with them here).
    func close(_ descriptor: Int32)
    /// Whether another process holds the open file `descriptor` open for writing; `nil` when the
    /// system cannot tell (see ``InPlaceWriters``; the default asks the kernel for a lease).
    func hasWriters(_ descriptor: Int32) -> Bool?
}

/// What `fstat` says about a file, in the units the vault compares.
package struct FileStatus: Sendable, Equatable, Hashable {
    /// The kind of file.
    package enum Kind: Sendable, Equatable, Hashable {
        case regular, directory, symbolicLink, other
    }

    package var kind: Kind
    package var size: Int64
    /// Modification time in nanoseconds since 1970.
    package var modified: Int64
    /// Status-change time in nanoseconds since 1970 (changes on every write, even one that
    /// restores the modification time).
    package var changed: Int64
    package var inode: UInt64
    package var device: UInt64
    package var mode: mode_t
    package var linkCount: UInt64
    package var owner: uid_t
    package var group: gid_t

    package init(_ raw: stat) {
        switch raw.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int64(raw.st_size)
        #if canImport(Darwin)
        modified = Int64(raw.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(raw.st_mtimespec.tv_nsec)
        changed = Int64(raw.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(raw.st_ctimespec.tv_nsec)
        #else
        modified = Int64(raw.st_mtim.tv_sec) * 1_000_000_000 + Int64(raw.st_mtim.tv_nsec)
        changed = Int64(raw.st_ctim.tv_sec) * 1_000_000_000 + Int64(raw.st_ctim.tv_nsec)
        #endif
        inode = UInt64(raw.st_ino)
        device = UInt64(raw.st_dev)
        mode = raw.st_mode & 0o7777
        linkCount = UInt64(raw.st_nlink)
        owner = raw.st_uid
        group = raw.st_gid
    }

    /// The fields that tell whether a file's content may have changed.
    package var fingerprint: FileFingerprint {
        FileFingerprint(size: size, modified: modified, changed: changed, inode: inode)
    }
}

/// Size, modification and change times and inode: if all four are equal, the content is taken to
/// be unchanged (unless the times are too recent to trust; see the index).
package struct FileFingerprint: Sendable, Equatable, Hashable, Codable {
    package var size: Int64
    package var modified: Int64
    package var changed: Int64
    package var inode: UInt64

    package init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }
}
