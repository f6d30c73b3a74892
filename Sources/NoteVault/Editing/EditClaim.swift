import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The mark `enote edit` leaves while a note is open in the user's editor: a file
/// `.enote/editing-<hash>.claim` named after the note, on which every `enote edit` of that note
/// holds a shared `flock`, with the pid of one of them.
///
/// Expiry and every command that honours editor locks (through ``EditorLockDetector``) leave a
/// claimed note alone. The kernel releases a `flock` when its process dies, even by `kill -9`,
/// so a claim left behind by a crashed edit (a stale pid) is a file nobody locks, and is ignored.
/// Two edits of one note may run at once (the second to save gets a conflict copy); the claim
/// holds until both have ended, and the last one removes the file.
///
/// The descriptor sits in a `Mutex`, so ``release()`` from two threads closes it once.
final class EditClaim: Sendable {
    private let descriptor: Mutex<Int32>
    private let folder: String
    private let name: String

    private init(descriptor: Int32, folder: String, name: String) {
        self.descriptor = Mutex(descriptor)
        self.folder = folder
        self.name = name
    }

    deinit { release() }

    /// How a claim's holder is named in messages.
    static let editorName = "enote edit"

    /// The claim file's name for a note (in the state folder): a hash of its path bytes, so
    /// that any name fits.
    static func fileName(for path: NotePath) -> String {
        "editing-\(ContentHash(path.bytes)).claim"
    }

    /// Claims `path` for this process, for as long as the claim lives.
    /// - Returns: The claim, or `nil` when the state folder is full (the claim is a safeguard;
    ///   the edit goes on, and saving says what a full disk does).
    /// - Throws: ``VaultError`` when the claim file cannot be made otherwise.
    static func acquire(_ path: NotePath, in vault: Vault) throws(VaultError) -> EditClaim? {
        let folder = vault.stateFolder
        let name = fileName(for: path)
        // The state folder is not followed if it is a symbolic link, nor is the file.
        let directory = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard directory >= 0 else { throw .system(SystemError("open", path: folder)) }
        defer { close(directory) }
        for _ in 0..<20 {
            let descriptor = retryingOnInterrupt { openat(directory, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
            guard descriptor >= 0 else {
                if errno == ENOSPC || errno == EDQUOT { return nil }
                throw .system(SystemError("open", path: folder + "/" + name))
            }
            while flock(descriptor, LOCK_SH) != 0 && errno == EINTR {}
            // The last edit of this note may have removed the file between the open and the lock:
            // then the lock is on a file nobody else sees, and the claim is made again.
            var opened = stat()
            var current = stat()
            if fstat(descriptor, &opened) == 0, fstatat(directory, name, &current, AT_SYMLINK_NOFOLLOW) == 0,
                opened.st_ino == current.st_ino, opened.st_dev == current.st_dev
            {
                let text = Array("\(getpid())\n".utf8) + path.bytes + [0x0A]
                _ = ftruncate(descriptor, 0)
                _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                return EditClaim(descriptor: descriptor, folder: folder, name: name)
            }
            close(descriptor)
        }
        throw .system(SystemError("flock", path: folder + "/" + name, code: EAGAIN))
    }

    /// The live `enote edit` that claims `path`, or `nil` when none does (no claim file, or one
    /// left by a process that has ended).
    static func holder(of path: NotePath, in vault: Vault) -> EditorLockDetector.Holder? {
        let directory = retryingOnInterrupt { open(vault.stateFolder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        let descriptor = retryingOnInterrupt { openat(directory, fileName(for: path), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            return nil  // nobody holds it: a stale claim
        }
        guard errno == EWOULDBLOCK else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let line = count > 0 ? buffer[..<count].split(separator: 0x0A).first.map(Array.init) ?? [] : []
        return EditorLockDetector.Holder(editor: editorName, pid: Int32(String(decoding: line, as: UTF8.self)))
    }

    /// Every note a live `enote edit` claims, read from the claim files (each names its note
    /// after the pid line), sorted by path.
    static func claimedNotes(in vault: Vault) -> [(path: NotePath, holder: EditorLockDetector.Holder)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: vault.stateFolder) else { return [] }
        var claimed: [(path: NotePath, holder: EditorLockDetector.Holder)] = []
        for name in names.sorted() where name.hasPrefix("editing-") && name.hasSuffix(".claim") {
            guard let data = FileManager.default.contents(atPath: vault.stateFolder + "/" + name),
                let newline = data.firstIndex(of: 0x0A), data.last == 0x0A, newline < data.count - 1
            else { continue }
            let path = NotePath(bytes: Array(data[(newline + 1)..<(data.count - 1)]))
            guard fileName(for: path) == name, let holder = holder(of: path, in: vault) else { continue }
            claimed.append((path, holder))
        }
        return claimed.sorted { $0.path.description < $1.path.description }
    }

    /// Ends the claim (also done when the object is freed; the lock goes when the process
    /// ends). The last edit of the note removes the file.
    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                _ = unlink(folder + "/" + name)
            }
            _ = flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }
}
