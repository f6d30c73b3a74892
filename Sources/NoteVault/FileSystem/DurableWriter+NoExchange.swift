#if canImport(Glibc)
import Glibc
#endif

/// Replacing a note on a file system that cannot swap two names atomically (`renameat2` with
/// `RENAME_EXCHANGE` fails with `EINVAL`, `ENOSYS` or `ENOTSUP`: some network and FUSE file
/// systems, ZFS before 2.2).
///
/// A plain rename of the temp file over the note would replace whatever is there at that
/// instant, unseen, so another editor's save in the last instant would be lost. Instead:
///
/// 1. the note is renamed aside to a hidden temp name, which takes whatever is there at that
///    instant (another writer's in-place save goes into the same file; a rename-over save leaves
///    its new file there);
/// 2. the file moved aside is compared with what was read, unless a program holds it open for
///    writing (asked once, without waiting: the note's name is empty meanwhile), which counts
///    as a change;
/// 3. if it is the same, the new text takes the note's name without replacing anything
///    (`RENAME_NOREPLACE`, else a hard link, else — on a file system with neither — a rename
///    after checking that the name is free); a file that took the name meanwhile stays, and ours
///    becomes a conflict copy;
/// 4. if it differs, it is put back under the note's name and ours becomes a conflict copy.
///
/// Between steps 1 and 3 the note exists only under its hidden temp name: a power cut there
/// leaves it as a leftover temp file, which `enote doctor` reports, never lost.
extension DurableWriter {
    /// Whether a failed `RENAME_EXCHANGE` or `RENAME_NOREPLACE` means the file system does not
    /// support it (rather than a real failure).
    static func isUnsupported(_ error: SystemError) -> Bool {
        error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP
    }

    /// Puts `temp` in place of the note `name` as described above.
    /// - Throws: ``WriteError/conflict(path:conflictCopy:)`` when another writer got in (ours
    ///   is in the copy), ``WriteError/system(_:)`` when a step failed (both versions stay).
    func replaceWithoutExchange(_ temp: [UInt8], over name: [UInt8], in directory: Int32, path: NotePath, original: FileSnapshot) throws(WriteError) {
        let aside = Self.tempName(for: name)
        do {
            try fileSystem.rename(name, in: directory, to: aside, in: directory)
        } catch {
            removeQuietly(temp, in: directory)
            throw Self.goneOr(.system(error.naming(path)), error, path: path)
        }
        let folder = path.parent?.description ?? "."
        // Asked once, without waiting: while the note is aside its name is empty.
        let settled = fileSystem.waitForWriters(of: aside, in: directory, path: path, patience: .zero, afterRename: true) == .settled
        let displaced = settled ? try? fileSystem.readFile(aside, beneath: directory) : nil
        guard let displaced, displaced.hash == original.hash, displaced.bytes == original.bytes else {
            // Another writer got in at the last instant: theirs goes back, ours becomes a copy.
            do {
                try placeWithoutReplacing(aside, as: name, in: directory)
            } catch let error where error.code == EEXIST {
                // Yet another version took the name meanwhile; the one moved aside is kept too.
                try? placeWithoutReplacing(aside, as: conflictName(name), in: directory)
            } catch {
                throw .system(error.naming(path))
            }
            throw keepAsConflictCopy(temp, of: name, in: directory, path: path)
        }
        do {
            try placeWithoutReplacing(temp, as: name, in: directory)
        } catch let error where error.code == EEXIST {
            // A new file took the note's name after the original was moved aside: it stays.
            removeQuietly(aside, in: directory)
            throw keepAsConflictCopy(temp, of: name, in: directory, path: path)
        } catch {
            try? placeWithoutReplacing(aside, as: name, in: directory)
            removeQuietly(temp, in: directory)
            throw .system(error.naming(path))
        }
        removeQuietly(aside, in: directory)
        try wrap { () throws(SystemError) in try fileSystem.fsync(directory, path: folder) }
    }

    /// Renames our version (`temp`) to a conflict copy beside the note; returns the conflict to
    /// report (or the failure, with ours still under its temp name).
    private func keepAsConflictCopy(_ temp: [UInt8], of name: [UInt8], in directory: Int32, path: NotePath) -> WriteError {
        let copyName = conflictName(name)
        do {
            try placeWithoutReplacing(temp, as: copyName, in: directory)
            try fileSystem.fsync(directory, path: path.parent?.description ?? ".")
        } catch {
            return .system(error.naming(path))
        }
        return .conflict(path: path, conflictCopy: path.parent.map { $0.appending(copyName) } ?? NotePath(bytes: copyName))
    }

    /// Gives the file `from` the name `to` without ever replacing a file there (`EEXIST`
    /// instead): `RENAME_NOREPLACE`; where that is missing, a hard link and the old name
    /// removed; on a file system without hard links either, a rename after checking that `to`
    /// is free (the one window such a file system leaves open).
    func placeWithoutReplacing(_ from: [UInt8], as to: [UInt8], in directory: Int32) throws(SystemError) {
        do {
            try fileSystem.renameNoReplace(from, in: directory, to: to, in: directory)
            return
        } catch let error where !Self.isUnsupported(error) {
            throw error
        } catch {
            // No RENAME_NOREPLACE here: a hard link never replaces a file either.
        }
        do {
            try fileSystem.link(from, to: to, in: directory)
        } catch let error where error.code == EPERM || error.code == ENOTSUP || error.code == ENOSYS {
            if (try? fileSystem.status(of: to, in: directory)) != nil {
                throw SystemError("rename", path: NotePath.display(to), code: EEXIST)
            }
            try fileSystem.rename(from, in: directory, to: to, in: directory)
            return
        }
        removeQuietly(from, in: directory)
    }
}
