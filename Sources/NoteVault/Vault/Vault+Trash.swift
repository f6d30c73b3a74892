import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A note in `.trash/`: where it is, where it came from, when and why it was removed.
public struct TrashEntry: Sendable, Equatable {
    /// Why a note went to the trash.
    public enum Reason: String, Sendable, Codable {
        /// `enote rm`.
        case removed
        /// Its destroy date passed.
        case expired
        /// All its text was deleted in the editor.
        case emptied
        /// `enote restore --force` brought back an old version over text git had not committed.
        case replaced
    }

    /// Path inside `.trash/`; empty in the log for a note that expired and was deleted outright
    /// (`expiry = delete`).
    public var trashedPath: String
    /// Where the note was in the vault; empty for a note deleted outright, whose name is kept
    /// only as ``pathHash`` (a destroyed note leaves no trace, its name included).
    public var originalPath: String
    /// When it was moved.
    public var date: Date
    public var reason: Reason
    /// The ``ContentHash`` of the note's bytes when it expired, so that the note is recognised if
    /// it comes back unchanged; `nil` for other reasons and in older logs.
    public var hash: String?
    /// The ``ContentHash`` of the note's path, for a note deleted outright: enough for
    /// ``ExpiryLedger`` to know it if it comes back, without naming it.
    public var pathHash: String?

    public init(trashedPath: String, originalPath: String, date: Date, reason: Reason, hash: String? = nil, pathHash: String? = nil) {
        (self.trashedPath, self.originalPath, self.date, self.reason, self.hash, self.pathHash) =
            (trashedPath, originalPath, date, reason, hash, pathHash)
    }

    /// What identifies the note's path in the log: ``pathHash``, else the hash of
    /// ``originalPath``.
    var pathKey: String { pathHash ?? Self.pathKey(originalPath) }

    /// The key of a note's path, as ``pathKey`` holds it.
    static func pathKey(_ path: String) -> String { ContentHash(Array(path.utf8)).description }
}

extension Vault {
    /// `.trash/` inside the root.
    var trashFolder: String { root + "/" + Self.trashFolderName }

    private var trashLogPath: String { trashFolder + "/.log.jsonl" }
    /// The trash log's path relative to the root.
    private static let trashLogBytes = Array((trashFolderName + "/.log.jsonl").utf8)

    /// Moves a note to `.trash/`, keeping its folder structure, and records where it came from.
    ///
    /// A note another editor has open (an Emacs lock or vim swap file beside it) is refused unless
    /// `force` is set, as `set` and `edit` refuse it: that editor would write the note back on its
    /// next save, bringing it back beside its copy in the trash.
    ///
    /// With a `revision` (a page that showed the note asks), the note goes only if it still is
    /// that version: one changed since is left where it is, as a stale save is
    /// (``save(_:to:from:force:)``), so that a delete never takes text its user has not seen.
    /// - Parameters:
    ///   - path: The note.
    ///   - reason: Why it goes to the trash (recorded in the trash log).
    ///   - revision: ``Note/revision`` of the note as the user saw it, or `nil` for any version.
    ///   - force: Move it even if another editor has it open.
    /// - Returns: The trash entry.
    /// - Throws: ``VaultError/openElsewhere(path:holder:)`` when another editor has it open;
    ///   ``DurableWriter/WriteError/conflict(path:conflictCopy:)`` (without a copy) when it
    ///   changed since `revision`.
    @discardableResult
    func moveToTrash(
        _ path: NotePath, reason: TrashEntry.Reason, from revision: NoteRevision? = nil, force: Bool = false
    ) throws(VaultError) -> TrashEntry {
        try checkNoSyncUnfinished()
        if !force, let holder = EditorLockDetector.holder(of: path, in: self) {
            throw .openElsewhere(path: path, holder: holder.description)
        }
        let lock = try lock()
        defer { lock.release() }
        if let revision, ContentHash(try readWithSnapshot(path).snapshot.bytes) != revision.hash {
            throw .write(.conflict(path: path, conflictCopy: nil))
        }
        return try moveToTrashLocked(path, reason: reason, hash: revision?.hash)
    }

    /// ``moveToTrash(_:reason:from:force:)`` for a caller that already holds the vault lock (it does not
    /// look for other editors).
    /// - Parameter hash: The hash of the bytes the caller checked, recorded in the log. When it
    ///   is given, exactly that version goes to the trash: a save that lands between the check
    ///   and the move (or a program still writing the note in place) is put back under the
    ///   note's name, and the move is refused as a conflict.
    package func moveToTrashLocked(_ path: NotePath, reason: TrashEntry.Reason, hash: ContentHash? = nil) throws(VaultError) -> TrashEntry {
        let status = try fileStatus(path)
        if status.kind == .symbolicLink { throw .path(PathError(path: path.description, rule: .symbolicLink)) }
        guard status.kind == .regular else { throw .write(.notRegularFile(path)) }
        try makeTrashFolder()
        let trashRelative =
            path.parent.map { NotePath(bytes: Array(Self.trashFolderName.utf8) + [UInt8(ascii: "/")] + $0.bytes) }
            ?? NotePath(trusted: Self.trashFolderName)
        if let parent = path.parent { try makeFolders(NotePath(bytes: Array(Self.trashFolderName.utf8) + [UInt8(ascii: "/")] + parent.bytes)) }
        let trashed = try moveNoReplace(path, intoFolder: trashRelative)
        if let hash { try requireTrashed(trashed, is: hash, from: path) }
        let entry = TrashEntry(
            trashedPath: String(trashed.description.dropFirst(Self.trashFolderName.count + 1)),
            originalPath: path.description, date: clock.now(), reason: reason, hash: hash?.description)
        appendToTrashLog(entry)
        return entry
    }

    /// Checks that the file just moved to `trashed` is the version `hash` names, once no program
    /// holds it open for writing; otherwise moves it back to `path` (without replacing a file
    /// that took the name meanwhile: then it stays in the trash) and refuses.
    private func requireTrashed(_ trashed: NotePath, is hash: ContentHash, from path: NotePath) throws(VaultError) {
        if waitForWriters(of: trashed, afterRename: true) == .settled, (try? fileSystem.readFile(trashed.bytes, beneath: rootDescriptor))?.hash == hash { return }
        do {
            let from = try fileSystem.open(trashed.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            defer { fileSystem.close(from) }
            let to = try fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            defer { fileSystem.close(to) }
            guard try renameIfFree(trashed.fileNameBytes, in: from, to: path.fileNameBytes, in: to) else { throw SystemError("rename", path: path.description, code: EEXIST) }
            try fileSystem.fsync(to, path: path.parent?.description ?? ".")
        } catch {
            // The name was taken again meanwhile: the newer version stays in the trash, and
            // the trash log records it as removed.
            appendToTrashLog(
                TrashEntry(
                    trashedPath: String(trashed.description.dropFirst(Self.trashFolderName.count + 1)), originalPath: path.description,
                    date: clock.now(), reason: .removed, hash: nil))
        }
        throw .write(.conflict(path: path, conflictCopy: nil))
    }

    /// Records in the trash log a note that expired and was deleted outright, so that it is
    /// recognised if it comes back (a git checkout); the caller holds the vault lock.
    func recordExpiredDeletion(_ path: NotePath, hash: ContentHash) throws(VaultError) {
        try makeTrashFolder()
        appendToTrashLog(
            TrashEntry(
                trashedPath: "", originalPath: "", date: clock.now(), reason: .expired, hash: hash.description,
                pathHash: TrashEntry.pathKey(path.description)))
    }

    /// What `.trash/.gitignore` holds: everything in the trash, itself included, stays out of
    /// git, so a `git add -A` never commits removed or expired notes and their log.
    static let trashGitignore = "# enote's trash: removed and expired notes stay on this machine, never in git.\n*\n"

    /// Makes `.trash/` when it is missing, always with its `.gitignore`.
    func makeTrashFolder() throws(VaultError) {
        try makeFolders(NotePath(trusted: Self.trashFolderName))
        keepTrashOutOfGit()
    }

    /// Writes `.trash/.gitignore` when `.trash/` exists without one; returns whether it wrote it.
    @discardableResult
    package func keepTrashOutOfGit() -> Bool {
        guard let status = try? fileStatus(NotePath(trusted: Self.trashFolderName)), status.kind == .directory else { return false }
        do {
            try writer.create(NotePath(trusted: Self.trashFolderName + "/.gitignore"), with: Array(Self.trashGitignore.utf8))
            return true
        } catch {
            return false
        }
    }

    /// Every note in `.trash/`, newest first, with its origin when the trash log knows it.
    func trashEntries() -> [TrashEntry] {
        guard let descriptor = try? fileSystem.open(Array(Self.trashFolderName.utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0) else {
            return []
        }
        let walk = DirectoryWalker().walk(root: descriptor)
        fileSystem.close(descriptor)
        var logged: [String: TrashEntry] = [:]
        for entry in trashLog() { logged[entry.trashedPath] = entry }
        return walk.notes.map { file in
            let name = file.path.description
            return logged[name]
                ?? TrashEntry(
                    trashedPath: name, originalPath: name,
                    date: Date(timeIntervalSince1970: Double(file.status.changed) / 1_000_000_000), reason: .removed)
        }.sorted { $0.date > $1.date }
    }

    /// Moves a note from the trash back to where it was (or beside it, if that name is taken).
    /// - Returns: Where the note is now.
    /// - Throws: ``VaultError/syncUnfinished`` while a sync is stopped or interrupted: git is
    ///   in the middle of putting notes in place, and a note coming back would be in its way.
    func restore(_ entry: TrashEntry) throws(VaultError) -> NotePath {
        try checkNoSyncUnfinished()
        let lock = try lock()
        defer { lock.release() }
        // The log holds paths as shown (`bad\xFF.md`); turn them back into the bytes on disk.
        let source = NotePath(bytes: Array((Self.trashFolderName + "/").utf8) + NotePath.bytes(displayedAs: entry.trashedPath))
        let original: NotePath
        do { original = try NotePath(validatingBytes: NotePath.bytes(displayedAs: entry.originalPath), purpose: .lookup) } catch { throw .path(error) }
        if let parent = original.parent { try makeFolders(parent) }
        return try moveNoReplace(source, intoFolder: original.parent, preferredName: original.fileNameBytes)
    }

    /// Whether the trash holds nothing: no `.trash` folder, or one with nothing but its log and
    /// its `.gitignore`.
    /// Anything else there (a file, a link, a note the log does not list) is not empty.
    func trashIsEmpty() -> Bool {
        guard let status = try? fileStatus(NotePath(trusted: Self.trashFolderName)) else { return true }
        guard status.kind == .directory, let items = try? FileManager.default.contentsOfDirectory(atPath: trashFolder) else { return false }
        return items.allSatisfy { $0 == ".log.jsonl" || $0 == ".gitignore" }
    }

    /// Deletes everything in `.trash/` for good (but its `.gitignore`); the files only, which
    /// ``emptyTrash(index:)`` follows by forgetting the notes everywhere else.
    /// - Returns: How many notes were deleted.
    func deleteTrashContents() throws(VaultError) -> Int {
        try deleteTrashContentsReturningEntries().count
    }

    /// ``deleteTrashContents()``, returning the notes deleted as the trash listed them, read
    /// under the same lock (a note trashed meanwhile is among them or was not deleted).
    func deleteTrashContentsReturningEntries() throws(VaultError) -> [TrashEntry] {
        let lock = try lock()
        defer { lock.release() }
        // FileManager follows a link named .trash: refuse anything but a real folder, or the
        // files it points to outside the vault would be deleted.
        let trash = NotePath(trusted: Self.trashFolderName)
        let status: FileStatus
        do {
            status = try fileStatus(trash)
        } catch .noteNotFound {
            return []
        }
        if status.kind == .symbolicLink { throw .path(PathError(path: Self.trashFolderName, rule: .symbolicLink)) }
        guard status.kind == .directory else { throw .blocked("\(Self.trashFolderName) is not a folder; nothing was deleted") }
        let held = trashEntries()
        do {
            let url = URL(fileURLWithPath: trashFolder)
            if FileManager.default.fileExists(atPath: trashFolder) {
                // removeItem deletes links themselves, never what they point to.
                for item in try FileManager.default.contentsOfDirectory(atPath: trashFolder) where item != ".gitignore" {
                    try FileManager.default.removeItem(at: url.appendingPathComponent(item))
                }
            }
        } catch {
            throw .io("could not empty the trash: \(error.localizedDescription)")
        }
        return held
    }

    // MARK: - Moving

    /// Renames `source` into `folder` (the root when `nil`) under its own name or
    /// `preferredName`, adding `-2`, `-3`, … instead of replacing anything.
    func moveNoReplace(_ source: NotePath, intoFolder folder: NotePath?, preferredName: [UInt8]? = nil) throws(VaultError) -> NotePath {
        do {
            return try renameWithoutReplacing(source, intoFolder: folder, preferredName: preferredName)
        } catch {
            throw .system(error)
        }
    }

    private func renameWithoutReplacing(_ source: NotePath, intoFolder folder: NotePath?, preferredName: [UInt8]?) throws(SystemError) -> NotePath {
        let sourceFolder = try fileSystem.open(source.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        defer { fileSystem.close(sourceFolder) }
        let targetFolder = try fileSystem.open(folder?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        defer { fileSystem.close(targetFolder) }
        let name = preferredName ?? source.fileNameBytes
        let stem = NotePath.droppingMarkdownExtension(name)
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? name : stem + Array("-\(attempt).md".utf8)
            if try !renameIfFree(source.fileNameBytes, in: sourceFolder, to: candidate, in: targetFolder) { continue }
            try fileSystem.fsync(targetFolder, path: folder?.description ?? ".")
            try fileSystem.fsync(sourceFolder, path: source.parent?.description ?? ".")
            return folder.map { $0.appending(candidate) } ?? NotePath(bytes: candidate)
        }
        throw SystemError("rename", path: source.description, code: EEXIST)
    }

    /// Renames unless the target name is taken; returns whether it renamed.
    private func renameIfFree(_ name: [UInt8], in sourceFolder: Int32, to candidate: [UInt8], in targetFolder: Int32) throws(SystemError) -> Bool {
        do {
            try fileSystem.renameNoReplace(name, in: sourceFolder, to: candidate, in: targetFolder)
            return true
        } catch  where error.code == EEXIST {
            return false
        } catch  where error.code == EINVAL || error.code == ENOSYS {
            if (try? fileSystem.status(of: candidate, in: targetFolder)) != nil { return false }
            try fileSystem.rename(name, in: sourceFolder, to: candidate, in: targetFolder)
            return true
        }
    }

    // MARK: - The trash log

    private func appendToTrashLog(_ entry: TrashEntry) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(TrashLogLine(entry)) else { return }
        line.append(UInt8(ascii: "\n"))
        // Beneath the root with no link followed: a `.trash` that is a link gets no log.
        let flags = O_WRONLY | O_APPEND | O_CREAT
        guard let descriptor = try? fileSystem.open(Self.trashLogBytes, beneath: rootDescriptor, flags: flags, mode: 0o644) else { return }
        defer { fileSystem.close(descriptor) }
        try? fileSystem.writeAll(descriptor, Array(line), path: trashLogPath)
        try? fileSystem.fsync(descriptor, path: trashLogPath)
    }

    /// Every entry of the trash log, oldest first (notes since deleted from the trash included).
    func trashLog() -> [TrashEntry] {
        guard let snapshot = try? fileSystem.readFile(Self.trashLogBytes, beneath: rootDescriptor) else { return [] }
        let data = Data(snapshot.bytes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(TrashLogLine.self, from: Data($0)).entry }
    }
}

/// One line of the trash log (`.trash/.log.jsonl`), as it has been written since the log began:
/// the entry's fields under their Swift names, the date in ISO 8601, `hash` and `pathHash` only
/// when known.
private struct TrashLogLine: Codable {
    var trashedPath: String
    var originalPath: String
    var date: Date
    var reason: TrashEntry.Reason
    var hash: String?
    var pathHash: String?

    init(_ entry: TrashEntry) {
        (trashedPath, originalPath, date, reason, hash, pathHash) =
            (entry.trashedPath, entry.originalPath, entry.date, entry.reason, entry.hash, entry.pathHash)
    }

    var entry: TrashEntry {
        TrashEntry(trashedPath: trashedPath, originalPath: originalPath, date: date, reason: reason, hash: hash, pathHash: pathHash)
    }
}
