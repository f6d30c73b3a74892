import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The mark `enote edit` leaves while a note is open in the user's editor: a file in
/// `.enote/editing/` named after the note, holding an exclusive `flock` and the pid of the
/// `enote edit` process.
///
/// Expiry and every command that honours editor locks (through ``EditorLockDetector``) leave a
/// claimed note alone. The kernel releases a `flock` when its process dies, even by `kill -9`,
/// so a claim left behind by a crashed edit (a stale pid) is a file nobody locks, and is ignored.
public final class EditClaim: @unchecked Sendable {
    private var descriptor: Int32
    private let folder: String
    private let name: String

    private init(descriptor: Int32, folder: String, name: String) {
        self.descriptor = descriptor
        self.folder = folder
        self.name = name
    }

    deinit { release() }

    /// How a claim's holder is named in messages.
    static let editorName = "enote edit"

    /// The folder of claims inside a vault's state folder.
    static let folderName = "editing"

    /// The claim file's name for a note: a hash of its path bytes, so that any name fits.
    static func fileName(for path: NotePath) -> String {
        "\(ContentHash(path.bytes)).claim"
    }

    /// Claims `path` for this process.
    /// - Returns: The claim, or `nil` when another live `enote edit` holds it already.
    /// - Throws: ``VaultError`` when the claim file cannot be made (a read-only vault).
    static func acquire(_ path: NotePath, in vault: Vault) throws(VaultError) -> EditClaim? {
        let folder = vault.stateFolder + "/" + folderName
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw .system(SystemError("mkdir", path: folder))
        }
        let name = fileName(for: path)
        let file = folder + "/" + name
        // Neither the folder nor the file is followed if it is a symbolic link.
        let directory = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard directory >= 0 else { throw .system(SystemError("open", path: folder)) }
        defer { close(directory) }
        let descriptor = retryingOnInterrupt { openat(directory, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard descriptor >= 0 else { throw .system(SystemError("open", path: file)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        let text = Array("\(getpid())\n".utf8) + path.bytes + [0x0A]
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return EditClaim(descriptor: descriptor, folder: folder, name: name)
    }

    /// The live `enote edit` that claims `path`, or `nil` when none does (no claim file, or one
    /// left by a process that has ended).
    static func holder(of path: NotePath, in vault: Vault) -> EditorLockDetector.Holder? {
        let directory = retryingOnInterrupt { open(vault.stateFolder + "/" + folderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        let descriptor = retryingOnInterrupt { openat(directory, fileName(for: path), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            return nil  // nobody holds it: a stale claim
        }
        guard errno == EWOULDBLOCK else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let line = count > 0 ? buffer[..<count].split(separator: 0x0A).first.map(Array.init) ?? [] : []
        return EditorLockDetector.Holder(editor: editorName, pid: Int32(String(decoding: line, as: UTF8.self)))
    }

    /// Removes the claim (also done when the object is freed; the lock goes when the process ends).
    public func release() {
        guard descriptor >= 0 else { return }
        _ = unlink(folder + "/" + name)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
