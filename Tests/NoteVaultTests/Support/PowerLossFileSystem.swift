import Synchronization
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A ``FileSystem`` that simulates a power cut: it makes the real calls through
/// ``SystemFileSystem``, journals every step that changes the disk, can "cut the power" before
/// step k+1 (that step and everything after it never happen, as if the process had died), and can
/// then "reboot" the vault folder into what a strict POSIX disk would hold afterwards:
///
/// - a file's data is durable only up to its last `fsync`; data written after that is lost,
///   either read back as NUL bytes (``Loss/zeroFilled``: the size reached the journal, the data
///   did not) or cut off (``Loss/truncated``: the file is as long as its last fsync left it);
/// - a folder's entries are durable only as of its last `fsync`; a create, rename, exchange,
///   unlink or mkdir not followed by an fsync of that folder is undone.
///
/// What was on disk when the file system was created counts as durable. `.enote/` at the root
/// (the index, written by SQLite, not through this seam) is left as it is.
final class PowerLossFileSystem: FileSystem {
    /// What happens to data that was written but never fsynced.
    enum Loss: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case zeroFilled, truncated
        var testDescription: String { rawValue }
    }

    /// A file or folder, as the kernel names it.
    struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The error every call returns once the power is off.
    static let powerOff: Int32 = EIO

    private struct State {
        var steps: [String] = []
        var cutAfter: Int?
        var isOff = false
        /// Each file's bytes as of its last fsync.
        var durableData: [FileID: [UInt8]] = [:]
        /// Each folder's entries as of its last fsync.
        var durableEntries: [FileID: [[UInt8]: FileID]] = [:]
        var folders: Set<FileID> = []
        /// The last bytes of files that were unlinked or replaced by a rename.
        var lastBytes: [FileID: [UInt8]] = [:]
    }

    let root: String
    /// Each `write` writes at most this many bytes, so the power can go off in the middle of a
    /// file.
    let writeLimit: Int
    private let rootID: FileID
    private let state = Mutex(State())
    private let system = SystemFileSystem()

    /// Journals the vault at `root`; everything in it now counts as durable.
    init(root: String, writeLimit: Int = .max) throws {
        self.root = root
        self.writeLimit = writeLimit
        let descriptor = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open", path: root) }
        defer { Glibc.close(descriptor) }
        rootID = try Self.id(of: descriptor)
        var initial = State()
        try Self.record(folder: descriptor, id: rootID, isRoot: true, into: &initial)
        state.withLock { $0 = initial }
    }

    /// Cuts the power just before step `k + 1` (so `k` steps happen); `nil` never cuts it.
    func cutPower(afterStep k: Int?) {
        state.withLock { $0.cutAfter = k }
    }

    /// The steps made so far, as `write work/plan.md`, `fsync folder work`, …
    var steps: [String] { state.withLock { $0.steps } }

    /// Whether the power was cut.
    var isOff: Bool { state.withLock { $0.isOff } }

    // MARK: - Journal

    /// Counts a step that changes the disk; returns the error to fail with once the power is off.
    private func step(_ description: @autoclosure () -> String) -> Int32? {
        state.withLock { state in
            if state.isOff { return Self.powerOff }
            if let cut = state.cutAfter, state.steps.count >= cut {
                state.isOff = true
                return Self.powerOff
            }
            state.steps.append(description())
            return nil
        }
    }

    /// Any other call fails once the power is off (the process is gone).
    private var off: Int32? { state.withLock { $0.isOff ? Self.powerOff : nil } }

    private static func id(of descriptor: Int32) throws(SystemError) -> FileID {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw SystemError("fstat", path: "?") }
        return FileID(device: UInt64(raw.st_dev), inode: UInt64(raw.st_ino))
    }

    /// Records a folder's current entries as durable, and, when `recursive`, its files' bytes
    /// and sub-folders too.
    private static func record(folder descriptor: Int32, id: FileID, isRoot: Bool, recursive: Bool = true, into state: inout State) throws {
        state.folders.insert(id)
        var entries: [[UInt8]: FileID] = [:]
        for entry in try DiskTree.entries(of: descriptor) where !(isRoot && entry.name == Array(".enote".utf8)) {
            entries[entry.name] = entry.id
            guard recursive else { continue }
            if entry.isFolder {
                let child = openat(descriptor, entry.cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { throw SystemError("open", path: NotePath.display(entry.name)) }
                defer { Glibc.close(child) }
                try record(folder: child, id: entry.id, isRoot: false, into: &state)
            } else if entry.isRegular {
                state.durableData[entry.id] = try DiskTree.bytes(of: entry.name, in: descriptor)
            }
        }
        state.durableEntries[id] = entries
    }

    /// Remembers the bytes of `name` before it is unlinked or replaced.
    private func rememberBytes(of name: [UInt8], in directory: Int32) {
        guard let status = try? system.status(of: name, in: directory), status.kind == .regular,
            let bytes = try? DiskTree.bytes(of: name, in: directory)
        else { return }
        state.withLock { $0.lastBytes[FileID(device: status.device, inode: status.inode)] = bytes }
    }

    // MARK: - Reboot

    /// Turns the vault folder into what the disk holds after the power cut; returns what was
    /// undone, one line each.
    @discardableResult
    func reboot(_ loss: Loss) throws -> [String] {
        let snapshot = state.withLock { $0 }
        // The bytes every file has now, including files unlinked along the way.
        var current = snapshot.lastBytes
        try DiskTree.walk(root) { id, bytes in current[id] = bytes }
        var undone: [String] = []

        func bytesAfterReboot(_ id: FileID) -> [UInt8] {
            let durable = snapshot.durableData[id] ?? []
            let now = current[id] ?? durable
            guard now != durable else { return durable }
            switch loss {
            case .truncated:
                return durable
            case .zeroFilled:
                return now.indices.map { index in index < durable.count && durable[index] == now[index] ? now[index] : 0 }
            }
        }

        func restore(_ path: String, folder: FileID, isRoot: Bool) throws {
            let durable = snapshot.durableEntries[folder] ?? [:]
            let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SystemError("open", path: path) }
            let present = try DiskTree.entries(of: descriptor).filter { !(isRoot && $0.name == Array(".enote".utf8)) }
            Glibc.close(descriptor)
            for entry in present where durable[entry.name] != entry.id {
                undone.append("removed \(path)/\(NotePath.display(entry.name))")
                try DiskTree.remove(path + "/" + NotePath.display(entry.name))
            }
            let presentIDs = Dictionary(present.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
            for (name, id) in durable {
                let child = path + "/" + NotePath.display(name)
                if snapshot.folders.contains(id) {
                    if presentIDs[name] != id {
                        undone.append("brought back folder \(child)")
                        guard mkdir(child, 0o755) == 0 else { throw SystemError("mkdir", path: child) }
                    }
                    try restore(child, folder: id, isRoot: false)
                    continue
                }
                let bytes = bytesAfterReboot(id)
                if presentIDs[name] == id, current[id] == bytes { continue }
                undone.append("\(presentIDs[name] == id ? "lost unsynced data of" : "brought back") \(child) (\(bytes.count) bytes)")
                try DiskTree.write(bytes, to: child)
            }
        }
        try restore(root, folder: rootID, isRoot: true)
        return undone
    }

    // MARK: - FileSystem

    func open(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) throws(SystemError) -> Int32 {
        let code = flags & O_CREAT != 0 ? step("create \(NotePath.display(path))") : off
        if let code { throw SystemError("open", path: NotePath.display(path), code: code) }
        return try system.open(path, beneath: directory, flags: flags, mode: mode)
    }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(SystemError) -> Int {
        let part = UnsafeRawBufferPointer(rebasing: buffer.prefix(writeLimit))
        if let code = step("write \(part.count) bytes to \(path)") { throw SystemError("write", path: path, code: code) }
        return try system.write(descriptor, part, path: path)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(SystemError) -> Int {
        if let code = off { throw SystemError("read", path: path, code: code) }
        return try system.read(descriptor, into: buffer, path: path)
    }

    func fsync(_ descriptor: Int32, path: String) throws(SystemError) {
        let status = try system.status(of: descriptor, path: path)
        let isFolder = status.kind == .directory
        if let code = step("fsync \(isFolder ? "folder" : "file") \(path)") { throw SystemError("fsync", path: path, code: code) }
        try system.fsync(descriptor, path: path)
        let id = FileID(device: status.device, inode: status.inode)
        if isFolder {
            let isRoot = id == rootID
            do {
                try state.withLock { state in try Self.record(folder: descriptor, id: id, isRoot: isRoot, recursive: false, into: &state) }
            } catch {
                throw SystemError("fsync", path: path, code: EIO)
            }
        } else {
            let bytes = try readAll(descriptor, from: 0, path: path)
            state.withLock { $0.durableData[id] = bytes }
        }
    }

    /// The whole content of an open file, even one opened write-only (through `/proc/self/fd`).
    private func readAll(_ writable: Int32, from offset: Int, path: String) throws(SystemError) -> [UInt8] {
        let descriptor = Glibc.open("/proc/self/fd/\(writable)", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open", path: path) }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset + bytes.count)) }
            guard count >= 0 else { throw SystemError("pread", path: path) }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    func fchmod(_ descriptor: Int32, mode: mode_t, path: String) throws(SystemError) {
        if let code = step("chmod \(path)") { throw SystemError("fchmod", path: path, code: code) }
        try system.fchmod(descriptor, mode: mode, path: path)
    }

    func status(of descriptor: Int32, path: String) throws(SystemError) -> FileStatus {
        if let code = off { throw SystemError("fstat", path: path, code: code) }
        return try system.status(of: descriptor, path: path)
    }

    func status(of name: [UInt8], in directory: Int32) throws(SystemError) -> FileStatus {
        if let code = off { throw SystemError("stat", path: NotePath.display(name), code: code) }
        return try system.status(of: name, in: directory)
    }

    func rename(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        if let code = step("rename \(NotePath.display(from)) over \(NotePath.display(to))") {
            throw SystemError("rename", path: NotePath.display(to), code: code)
        }
        rememberBytes(of: to, in: toDirectory)
        try system.rename(from, in: fromDirectory, to: to, in: toDirectory)
    }

    func exchange(_ first: [UInt8], _ second: [UInt8], in directory: Int32) throws(SystemError) {
        if let code = step("exchange \(NotePath.display(first)) and \(NotePath.display(second))") {
            throw SystemError("rename", path: NotePath.display(second), code: code)
        }
        try system.exchange(first, second, in: directory)
    }

    func renameNoReplace(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        if let code = step("rename \(NotePath.display(from)) to \(NotePath.display(to))") {
            throw SystemError("rename", path: NotePath.display(to), code: code)
        }
        try system.renameNoReplace(from, in: fromDirectory, to: to, in: toDirectory)
    }

    func link(_ from: [UInt8], to: [UInt8], in directory: Int32) throws(SystemError) {
        if let code = step("link \(NotePath.display(from)) to \(NotePath.display(to))") { throw SystemError("link", path: NotePath.display(to), code: code) }
        try system.link(from, to: to, in: directory)
    }

    func unlink(_ name: [UInt8], in directory: Int32, flags: Int32) throws(SystemError) {
        if let code = step("unlink \(NotePath.display(name))") { throw SystemError("unlink", path: NotePath.display(name), code: code) }
        rememberBytes(of: name, in: directory)
        try system.unlink(name, in: directory, flags: flags)
    }

    func makeDirectory(_ name: [UInt8], in directory: Int32, mode: mode_t) throws(SystemError) {
        if let code = step("mkdir \(NotePath.display(name))") { throw SystemError("mkdir", path: NotePath.display(name), code: code) }
        try system.makeDirectory(name, in: directory, mode: mode)
        if let status = try? system.status(of: name, in: directory), status.kind == .directory {
            state.withLock { _ = $0.folders.insert(FileID(device: status.device, inode: status.inode)) }
        }
    }

    func close(_ descriptor: Int32) {
        system.close(descriptor)
    }
}

/// Byte-exact folder walking and file writing for the power-loss simulation.
enum DiskTree {
    struct Entry {
        var name: [UInt8]
        var id: PowerLossFileSystem.FileID
        var isFolder: Bool
        var isRegular: Bool
        var cName: [CChar] { name.map { CChar(bitPattern: $0) } + [0] }
    }

    /// The entries of an open folder (not `.` and `..`), not following links.
    static func entries(of descriptor: Int32) throws(SystemError) -> [Entry] {
        let copy = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let directory = fdopendir(copy) else { throw SystemError("opendir", path: ".") }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            var raw = stat()
            let found = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                fstatat(descriptor, $0.baseAddress!, &raw, AT_SYMLINK_NOFOLLOW)
            }
            guard found == 0 else { throw SystemError("stat", path: NotePath.display(name)) }
            let kind = raw.st_mode & S_IFMT
            entries.append(
                Entry(
                    name: name, id: PowerLossFileSystem.FileID(device: UInt64(raw.st_dev), inode: UInt64(raw.st_ino)),
                    isFolder: kind == S_IFDIR, isRegular: kind == S_IFREG))
        }
        return entries
    }

    /// The bytes of a regular file in an open folder.
    static func bytes(of name: [UInt8], in directory: Int32) throws(SystemError) -> [UInt8] {
        try SystemFileSystem().readFile(name, beneath: directory).bytes
    }

    /// Calls `body` with every regular file below `root` (not `.enote/` at the root).
    static func walk(_ root: String, _ body: (PowerLossFileSystem.FileID, [UInt8]) -> Void) throws {
        func visit(_ path: String, isRoot: Bool) throws {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SystemError("open", path: path) }
            defer { close(descriptor) }
            for entry in try entries(of: descriptor) where !(isRoot && entry.name == Array(".enote".utf8)) {
                if entry.isFolder {
                    try visit(path + "/" + NotePath.display(entry.name), isRoot: false)
                } else if entry.isRegular {
                    body(entry.id, try bytes(of: entry.name, in: descriptor))
                }
            }
        }
        try visit(root, isRoot: true)
    }

    /// Removes a file or a whole folder.
    static func remove(_ path: String) throws {
        var raw = stat()
        guard lstat(path, &raw) == 0 else { return }
        if raw.st_mode & S_IFMT == S_IFDIR {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SystemError("open", path: path) }
            let children = try entries(of: descriptor)
            close(descriptor)
            for child in children { try remove(path + "/" + NotePath.display(child.name)) }
            guard rmdir(path) == 0 else { throw SystemError("rmdir", path: path) }
        } else {
            guard unlink(path) == 0 else { throw SystemError("unlink", path: path) }
        }
    }

    /// Replaces whatever is at `path` with a regular file holding `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try remove(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError("open", path: path) }
        defer { close(descriptor) }
        try SystemFileSystem().writeAll(descriptor, bytes, path: path)
    }
}
