#if canImport(Glibc)
import Glibc
#endif

/// Writes notes with the one recipe that survives crashes, power loss and concurrent editors:
/// temp file in the same folder (`O_EXCL | O_NOFOLLOW`), write, fsync, check the note is still
/// what was read, atomic swap (`RENAME_EXCHANGE`), verify what was displaced, fsync the folder.
/// File systems without the swap get an equivalent that also loses nothing to a writer in the
/// last instant (see `DurableWriter+NoExchange.swift`).
///
/// An error before the swap leaves the note untouched and removes the temp file. A failed fsync
/// is reported, never retried into a false success. A note changed by someone else since it was
/// read is never overwritten: the writer stops with ``WriteError/conflict(path:conflictCopy:)``
/// and, if the other write landed in the last instant, puts it back and keeps ours as a copy.
///
/// Callers hold the vault lock (``VaultLock``) around a write.
public struct DurableWriter: Sendable {
    let fileSystem: any FileSystem
    /// The vault root, opened as a directory.
    let root: Int32
    /// Names the conflict copy of a note (`plan.conflict-20261122-104700.md`).
    let conflictName: @Sendable (_ fileName: [UInt8]) -> [UInt8]
    /// How long a write waits for another program that has the note open for writing (see
    /// ``InPlaceWriters``).
    let writerPatience: Duration

    package init(
        fileSystem: any FileSystem, root: Int32, writerPatience: Duration = InPlaceWriters.patience,
        conflictName: @escaping @Sendable ([UInt8]) -> [UInt8]
    ) {
        self.fileSystem = fileSystem
        self.root = root
        self.writerPatience = writerPatience
        self.conflictName = conflictName
    }

    /// Why a write did not happen, or happened only in part.
    public enum WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A system call failed; the note is as it was.
        case system(SystemError)
        /// The note changed on disk since it was read. Nothing of ours replaced it; when
        /// `conflictCopy` is set, our version was saved there.
        case conflict(path: NotePath, conflictCopy: NotePath?)
        /// The note is a symbolic link, which enote never writes through.
        case symbolicLink(NotePath)
        /// The note has other hard links, which replacing it would split.
        case hardLinked(NotePath, count: UInt64)
        /// The path exists and is not a regular file.
        case notRegularFile(NotePath)
        /// A file already exists where a new note was to be created.
        case exists(NotePath)
        /// The new text of a note is larger than ``NoteContent/maximumSize``, which enote would
        /// then refuse to read; nothing was written.
        case tooLarge(NotePath, size: Int)
        /// Another program held the note open for writing (saving it in place) for longer than
        /// enote waits; nothing was written.
        case beingWritten(NotePath)
        /// The note (or its folder) was moved, renamed or removed after it was read, by
        /// `enote mv` or another program; nothing was written and nothing was created under its
        /// old name.
        case gone(NotePath)

        public var description: String { message.text }

        /// What happened and what to do, as a sentence.
        public var message: LocalizedMessage {
            switch self {
            case .system(let error):
                return error.message
            case .conflict(let path, let copy):
                if let copy {
                    return "\(path) changed on disk while enote was writing it; the version on disk is kept and yours was saved as \(copy)"
                }
                return "\(path) changed on disk since it was read; nothing written. Run the command again to apply it to the new version"
            case .symbolicLink(let path):
                return "\(path) is a symbolic link; enote never writes through links. Edit the file it points to directly"
            case .hardLinked(let path, let count):
                return "\(path) has \(count) hard links; replacing it would separate them, so enote leaves it alone. Edit it in place with your editor"
            case .notRegularFile(let path):
                return "\(path) is not a regular file"
            case .exists(let path):
                return "\(path) already exists; nothing was overwritten"
            case .tooLarge(let path, let size):
                return
                    "\(path) would be larger than \(NoteContent.maximumSize / 1_048_576) MiB (\(size) bytes), the most a note may hold; nothing was written"
            case .beingWritten(let path):
                return "\(path) is being written by another program, which still has it open; nothing written. Try again once it has saved"
            case .gone(let path):
                return "\(path) was moved or removed since enote read it; nothing written. Find its new name and try again there"
            }
        }
    }

    // MARK: - Replacing

    /// Replaces the note at `path` with `bytes`, if it still is what `original` says.
    /// - Parameters:
    ///   - path: The note, relative to the root.
    ///   - bytes: The complete new content.
    ///   - original: The snapshot the new content was derived from.
    /// - Throws: ``WriteError``.
    package func replace(_ path: NotePath, with bytes: [UInt8], expecting original: FileSnapshot) throws(WriteError) {
        try checkSize(bytes, path: path)
        let (directory, name) = try openParent(of: path, goneIfMissing: true)
        defer { fileSystem.close(directory) }

        // Another program saving the note in place (truncate, then write) is let finish first:
        // what was read may be its empty or half-written file, and its bytes must land in a file
        // that keeps the note's name. Its save then shows as a change, and nothing is written.
        try awaitWriters(name, in: directory, path: path)
        let current = try status(of: name, in: directory, path: path)
        try checkWritable(current, path: path)
        guard try unchanged(name, in: directory, status: current, since: original) else {
            throw .conflict(path: path, conflictCopy: nil)
        }
        let temp = try writeTemp(bytes, named: name, in: directory, path: path, mode: original.status.mode, owner: original.status)

        // Last check before the swap: the window left is the one RENAME_EXCHANGE closes.
        let stillUnchanged: Bool
        do {
            let latest = try status(of: name, in: directory, path: path)
            stillUnchanged = try unchanged(name, in: directory, status: latest, since: original)
        } catch {
            removeQuietly(temp, in: directory)
            throw error
        }
        guard stillUnchanged else {
            removeQuietly(temp, in: directory)
            throw .conflict(path: path, conflictCopy: nil)
        }
        try commit(temp, over: name, in: directory, path: path, original: original)
    }

    /// Swaps the temp file in. From here on the temp name may hold the original or our version, so
    /// nothing is removed unless it is known to be the original.
    private func commit(_ temp: [UInt8], over name: [UInt8], in directory: Int32, path: NotePath, original: FileSnapshot) throws(WriteError) {
        do {
            try fileSystem.exchange(temp, name, in: directory)
        } catch let error where Self.isUnsupported(error) {
            // This file system cannot swap atomically: move the note aside, check it, then link.
            try replaceWithoutExchange(temp, over: name, in: directory, path: path, original: original)
            return
        } catch {
            removeQuietly(temp, in: directory)
            throw Self.goneOr(.system(error.naming(path)), error, path: path)
        }
        // `temp` now holds what was displaced. It must be what we read; if another writer got in
        // at the last instant, swap back so their version stays, and keep ours as a copy. A
        // program that opened it in that instant to save in place may still write into it: it
        // is let finish, and if it is still writing, the note goes back to it.
        let settled = fileSystem.waitForWriters(of: temp, in: directory, path: path, patience: writerPatience, afterRename: true) == .settled
        let displaced = settled ? try? fileSystem.readFile(temp, beneath: directory) : nil
        if let displaced, displaced.hash == original.hash, displaced.bytes.count == original.bytes.count {
            removeQuietly(temp, in: directory)
            try wrap { () throws(SystemError) in try fileSystem.fsync(directory, path: path.parent?.description ?? ".") }
            return
        }
        let copyName = conflictName(name)
        try wrap { () throws(SystemError) in
            try fileSystem.exchange(temp, name, in: directory)
            try fileSystem.renameNoReplace(temp, in: directory, to: copyName, in: directory)
            try fileSystem.fsync(directory, path: path.parent?.description ?? ".")
        }
        let copy = path.parent.map { $0.appending(copyName) } ?? NotePath(bytes: copyName)
        throw .conflict(path: path, conflictCopy: copy)
    }

    // MARK: - Creating

    /// Creates a new file at `path` with `bytes`; never replaces an existing file.
    /// - Throws: ``WriteError/exists(_:)`` when the name is taken.
    package func create(_ path: NotePath, with bytes: [UInt8], mode: mode_t = 0o666) throws(WriteError) {
        try checkSize(bytes, path: path)
        let (directory, name) = try openParent(of: path)
        defer { fileSystem.close(directory) }
        let temp = try writeTemp(bytes, named: name, in: directory, path: path, mode: nil, owner: nil, createMode: mode)
        do {
            try fileSystem.renameNoReplace(temp, in: directory, to: name, in: directory)
        } catch let error where error.code == EEXIST {
            removeQuietly(temp, in: directory)
            throw .exists(path)
        } catch let error where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP {
            if (try? fileSystem.status(of: name, in: directory)) != nil {
                removeQuietly(temp, in: directory)
                throw .exists(path)
            }
            do {
                try fileSystem.rename(temp, in: directory, to: name, in: directory)
            } catch {
                removeQuietly(temp, in: directory)
                throw .system(error.naming(path))
            }
        } catch {
            removeQuietly(temp, in: directory)
            throw .system(error.naming(path))
        }
        try wrap { () throws(SystemError) in try fileSystem.fsync(directory, path: path.parent?.description ?? ".") }
    }

    // MARK: - Steps

    /// Refuses a note (a `.md` file) larger than ``NoteContent/maximumSize``: every way a note
    /// is written (new, edit, set, a conflict copy) passes here, so none writes a note that
    /// enote would then list by name only. Pictures have their own limit.
    func checkSize(_ bytes: [UInt8], path: NotePath) throws(WriteError) {
        if bytes.count > NoteContent.maximumSize, NotePath.isMarkdownName(path.bytes[...]) {
            throw .tooLarge(path, size: bytes.count)
        }
    }

    /// Waits while another program holds the file open for writing; refuses when it still does
    /// after ``writerPatience``.
    func awaitWriters(_ name: [UInt8], in directory: Int32, path: NotePath) throws(WriteError) {
        if fileSystem.waitForWriters(of: name, in: directory, path: path, patience: writerPatience) == .stillWriting {
            throw .beingWritten(path)
        }
    }

    /// Opens the folder holding `path` beneath the root; returns it and the file's name.
    /// - Parameter goneIfMissing: The note is being replaced, so a missing folder means it was
    ///   moved or removed since it was read (``WriteError/gone(_:)``).
    func openParent(of path: NotePath, goneIfMissing: Bool = false) throws(WriteError) -> (Int32, [UInt8]) {
        let parentBytes = path.parent?.bytes ?? Array(".".utf8)
        do {
            let directory = try fileSystem.open(parentBytes, beneath: root, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            return (directory, path.fileNameBytes)
        } catch {
            throw goneIfMissing ? Self.goneOr(.system(error), error, path: path) : .system(error)
        }
    }

    /// The status of the note being replaced; a missing note was moved or removed since it was read.
    private func status(of name: [UInt8], in directory: Int32, path: NotePath) throws(WriteError) -> FileStatus {
        do {
            return try fileSystem.status(of: name, in: directory)
        } catch {
            throw Self.goneOr(.system(SystemError(error.call, path: path.description, code: error.code)), error, path: path)
        }
    }

    /// ``WriteError/gone(_:)`` when a call on a note that was read failed because the note or
    /// its folder is no longer there (`ENOENT`, or `ENOTDIR` when a file took the folder's
    /// name); `otherwise` for any other failure. The one home of "moved or removed meanwhile".
    static func goneOr(_ otherwise: WriteError, _ error: SystemError, path: NotePath) -> WriteError {
        error.code == ENOENT || error.code == ENOTDIR ? .gone(path) : otherwise
    }

    private func checkWritable(_ status: FileStatus, path: NotePath) throws(WriteError) {
        switch status.kind {
        case .symbolicLink: throw .symbolicLink(path)
        case .regular: break
        default: throw .notRegularFile(path)
        }
        if status.linkCount > 1 { throw .hardLinked(path, count: status.linkCount) }
    }

    /// Whether the file is still what was read: same fingerprint, or, if only the times moved,
    /// the same bytes.
    private func unchanged(_ name: [UInt8], in directory: Int32, status: FileStatus, since original: FileSnapshot) throws(WriteError) -> Bool {
        if status.fingerprint == original.status.fingerprint { return true }
        guard status.size == original.status.size, status.kind == .regular else { return false }
        guard let now = try? fileSystem.readFile(name, beneath: directory) else { return false }
        return now.hash == original.hash && now.bytes == original.bytes
    }

    /// Writes `bytes` to a new hidden temp file next to `name` and fsyncs it. `mode` is set
    /// exactly (a replaced note's mode); otherwise the file is created with `createMode` less the
    /// umask.
    private func writeTemp(
        _ bytes: [UInt8], named name: [UInt8], in directory: Int32, path: NotePath, mode: mode_t?, owner: FileStatus?, createMode: mode_t = 0o666
    ) throws(WriteError) -> [UInt8] {
        var attempt = 0
        while true {
            attempt += 1
            let temp = Self.tempName(for: name)
            let descriptor: Int32
            do {
                descriptor = try fileSystem.open(temp, beneath: directory, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode ?? createMode)
            } catch let error where error.code == EEXIST && attempt < 10 {
                continue
            } catch {
                throw .system(SystemError(error.call, path: path.description, code: error.code))
            }
            do {
                defer { fileSystem.close(descriptor) }
                if let mode { try fileSystem.fchmod(descriptor, mode: mode, path: path.description) }
                if let owner, geteuid() == 0 { _ = fchown(descriptor, owner.owner, owner.group) }
                try fileSystem.writeAll(descriptor, bytes, path: path.description)
                try fileSystem.fsync(descriptor, path: path.description)
            } catch {
                removeQuietly(temp, in: directory)
                throw .system(error)
            }
            return temp
        }
    }

    /// `.plan.md.enote-1234-5678.tmp`: hidden, so no indexer or watcher treats it as a note.
    static func tempName(for name: [UInt8]) -> [UInt8] {
        Array(".".utf8) + name + Array(".enote-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp".utf8)
    }

    /// Whether a file name is one of enote's temp files (reported by `enote doctor` if left over).
    package static func isTempName(_ name: [UInt8]) -> Bool {
        name.first == UInt8(ascii: ".") && name.count > 10 && name.suffix(4).elementsEqual(".tmp".utf8)
            && String(decoding: name, as: UTF8.self).contains(".enote-")
    }

    func removeQuietly(_ name: [UInt8], in directory: Int32) {
        try? fileSystem.unlink(name, in: directory, flags: 0)
    }

    func wrap(_ body: () throws(SystemError) -> Void) throws(WriteError) {
        do { try body() } catch { throw .system(error) }
    }
}

extension SystemError {
    /// The same error about `path` (relative to the root) instead of a bare file name.
    func naming(_ path: NotePath) -> SystemError {
        SystemError(call, path: path.description, code: code)
    }
}
