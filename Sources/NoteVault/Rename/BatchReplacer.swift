import CEnoteSystem

#if canImport(Glibc)
import Glibc
#endif

/// Replaces many notes at once with two flushes of the file system instead of two `fsync`s per
/// note (a thousand notes took 20 s on a disk where an `fsync` costs 9 ms).
///
/// 1. Each new text is written to a hidden temp file beside its note
///    (`.NAME.enote-rename-TAG.tmp`, `O_EXCL`, the note's mode and owner).
/// 2. One `syncfs` makes every temp file durable.
/// 3. Each temp file is swapped with its note (`RENAME_EXCHANGE`) if the note is still what was
///    read; what was displaced is checked to be the original, and removed (else it is swapped
///    back: an editor saved in the last instant, and the note is left alone).
/// 4. One more `syncfs` makes the swaps durable.
///
/// A crash at any point leaves each note whole (old or new text); the temp files, named after
/// the journal's tag, are removed by the next run of the journal. On a file system without the
/// swap, a note is written by ``DurableWriter/replace(_:with:expecting:)``.
struct BatchReplacer {
    let vault: Vault
    /// Names this journal's temp files.
    let tag: String

    /// One note ready to be swapped.
    struct Prepared {
        var path: NotePath
        var snapshot: FileSnapshot
        var bytes: [UInt8]
        var temp: [UInt8]?
    }

    func tempName(for path: NotePath) -> [UInt8] {
        Array(".".utf8) + path.fileNameBytes + Array(".enote-rename-\(tag).tmp".utf8)
    }

    /// Removes the temp file of `path` a killed run may have left.
    func removeLeftover(of path: NotePath) {
        guard let folder = try? openFolder(of: path) else { return }
        defer { vault.fileSystem.close(folder) }
        try? vault.fileSystem.unlink(tempName(for: path), in: folder, flags: 0)
    }

    /// Step 1: writes the temp file of a note; `nil` when it cannot be written (the note is then
    /// written the slow way, or left alone).
    func prepare(_ path: NotePath, snapshot: FileSnapshot, bytes: [UInt8]) -> Prepared {
        var prepared = Prepared(path: path, snapshot: snapshot, bytes: bytes, temp: nil)
        guard let folder = try? openFolder(of: path) else { return prepared }
        defer { vault.fileSystem.close(folder) }
        let temp = tempName(for: path)
        try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
        guard let descriptor = try? vault.fileSystem.open(temp, beneath: folder, flags: O_WRONLY | O_CREAT | O_EXCL, mode: snapshot.status.mode) else {
            return prepared
        }
        defer { vault.fileSystem.close(descriptor) }
        do {
            try vault.fileSystem.fchmod(descriptor, mode: snapshot.status.mode, path: path.description)
            if geteuid() == 0 { _ = fchown(descriptor, snapshot.status.owner, snapshot.status.group) }
            try vault.fileSystem.writeAll(descriptor, bytes, path: path.description)
            prepared.temp = temp
        } catch {
            try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
        }
        return prepared
    }

    /// Steps 2 and 4: flushes the vault's file system.
    func flush() throws(VaultError) {
        if enote_syncfs(vault.rootDescriptor) != 0 { throw .system(SystemError("syncfs", path: vault.root)) }
    }

    /// Step 3 for one note; `false` when it was left alone (changed since it was read, or
    /// could not be written).
    func commit(_ prepared: Prepared) -> Bool {
        guard let temp = prepared.temp, let folder = try? openFolder(of: prepared.path) else { return slowReplace(prepared) }
        defer { vault.fileSystem.close(folder) }
        let name = prepared.path.fileNameBytes
        // A program saving the note in place is let finish first (``InPlaceWriters``): its save
        // is then a change, and the note is left alone.
        guard vault.fileSystem.waitForWriters(of: name, in: folder, path: prepared.path, patience: vault.writer.writerPatience) != .stillWriting,
            let current = try? vault.fileSystem.status(of: name, in: folder), current.kind == .regular, current.linkCount == 1,
            current.fingerprint == prepared.snapshot.status.fingerprint
        else {
            try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
            return false
        }
        do {
            try vault.fileSystem.exchange(temp, name, in: folder)
        } catch {
            try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
            return DurableWriter.isUnsupported(error) ? slowReplace(prepared) : false
        }
        let settled = vault.fileSystem.waitForWriters(of: temp, in: folder, path: prepared.path, patience: vault.writer.writerPatience, afterRename: true) == .settled
        let displaced = settled ? try? vault.fileSystem.readFile(temp, beneath: folder) : nil
        if let displaced, displaced.hash == prepared.snapshot.hash, displaced.bytes == prepared.snapshot.bytes {
            try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
            return true
        }
        // An editor saved in the last instant (or is still saving in place): theirs goes back,
        // ours is dropped (the journal still holds it, and the note is reported).
        try? vault.fileSystem.exchange(temp, name, in: folder)
        try? vault.fileSystem.unlink(temp, in: folder, flags: 0)
        return false
    }

    private func slowReplace(_ prepared: Prepared) -> Bool {
        do {
            try vault.writer.replace(prepared.path, with: prepared.bytes, expecting: prepared.snapshot)
            return true
        } catch {
            return false
        }
    }

    private func openFolder(of path: NotePath) throws(SystemError) -> Int32 {
        try vault.fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
    }
}
