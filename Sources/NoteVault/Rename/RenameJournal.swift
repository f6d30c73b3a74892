import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The plan of a rename as written to `.enote/rename.journal` before the first file changes, so
/// that a rename cut short (a crash, `kill -9`, a power cut) is completed by the next command.
///
/// The journal holds each file's path, the hash of the text the plan was made from and the whole
/// new text. Every step is idempotent and checks the file first: a note already holding its new
/// text is done, a note still holding the old text is written (atomically, by
/// ``DurableWriter``), and a note that holds anything else was changed by someone after the plan
/// and is left alone (reported). So the journal is always rolled forward, never back: every
/// byte it needs is in it.
///
/// The steps, numbered as the test hook counts them: 1 the journal is written; 2 the note is
/// created at its new path; 3…k+2 the k linking notes are swapped for their new text (all written
/// to temp files and flushed first, by ``BatchReplacer``); k+3 the note's old path is removed;
/// then the journal is removed. The temp files carry the journal's ``tag``, so the run that
/// completes a killed one removes those it left.
///
/// A tag rename (`enote tag rename`) moves no note: its journal has no ``moved`` entry (steps 2
/// and k+3 do nothing) and names the two tags instead.
struct RenameJournal: Codable {
    /// One file: where it is, where it goes, what it held, what it will hold.
    struct Entry: Codable {
        var path: Data
        var newPath: Data
        /// ``ContentHash`` of the text the plan was made from, in hex.
        var oldHash: String
        var newBytes: Data
        var mode: UInt32

        var notePath: NotePath { NotePath(bytes: [UInt8](path)) }
        var newNotePath: NotePath { NotePath(bytes: [UInt8](newPath)) }
        var newHash: ContentHash { ContentHash(newBytes) }
    }

    var version = 1
    /// Names this rename's temp files, so that the run completing it can remove them.
    var tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// The renamed note; `nil` for a tag rename.
    var moved: Entry?
    var linking: [Entry]
    /// The old and new tag of a tag rename.
    var oldTag: String?
    var newTag: String?
    /// The old and new path of a note moved outside enote whose links this journal repairs
    /// (`enote doctor --fix-links`): no note moves, the linking notes (and the moved note, for
    /// its own relative links) are rewritten in place.
    var repairedFrom: Data?
    var repairedTo: Data?

    /// The journal's path beneath the root.
    static let path = NotePath(trusted: Vault.stateFolderName + "/rename.journal")

    init(plan: RenamePlan) {
        moved = Self.entry(plan.moved)
        linking = plan.linking.map(Self.entry)
    }

    /// The journal of a tag rename: each note's new text, no note moved.
    init(plan: TagRenamePlan) {
        moved = nil
        linking = plan.edits.map(Self.entry)
        oldTag = plan.old
        newTag = plan.new
    }

    /// The journal of a repair of the links a move outside enote broke: each changed file's new
    /// text, written in place.
    init(repairing plan: RenamePlan) {
        moved = nil
        linking = plan.edits.filter { $0.rewrittenLinks > 0 }.map { edit in
            var inPlace = edit
            inPlace.newPath = edit.path
            return Self.entry(inPlace)
        }
        repairedFrom = Data(plan.from.bytes)
        repairedTo = Data(plan.to.bytes)
    }

    private static func entry(_ edit: RenamePlan.FileEdit) -> Entry {
        Entry(
            path: Data(edit.path.bytes), newPath: Data(edit.newPath.bytes), oldHash: edit.snapshot.hash.description, newBytes: Data(edit.after),
            mode: UInt32(edit.snapshot.status.mode))
    }

    /// Writes the journal durably (temp file, fsync, rename, folder fsync); never replaces one.
    func write(in vault: Vault) throws(VaultError) {
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(self)
        } catch {
            throw .io("the rename plan could not be written: \(String(describing: error))")
        }
        do {
            try vault.writer.create(Self.path, with: [UInt8](bytes), mode: 0o600)
        } catch {
            throw .write(error)
        }
    }

    /// The journal left by a rename that did not finish, if any.
    static func read(in vault: Vault) throws(VaultError) -> RenameJournal? {
        let bytes: [UInt8]
        do {
            bytes = try Vault.readStateFile(path.bytes, root: vault.root, limit: 1 << 30)
        } catch let error where error.code == ENOENT {
            return nil
        } catch {
            throw .system(error)
        }
        do {
            return try JSONDecoder().decode(RenameJournal.self, from: Data(bytes))
        } catch {
            throw .blocked(
                LocalizedMessage(
                    "\(vault.stateFolder)/rename.journal, the plan of an interrupted rename, cannot be read (\(String(describing: error))); move it away",
                    remedy: .checkRenamedLinks))
        }
    }

    /// Whether a journal is there (one `fstatat`, for every command's start).
    static func exists(in vault: Vault) -> Bool {
        vault.exists(path)
    }

    /// Applies every step not yet done, from step 2 on; returns the files left as they were
    /// because someone changed them after the plan was made.
    /// - Parameter afterStep: Called after each step with its number (a test hook).
    func apply(in vault: Vault, afterStep: (Int) -> Void) throws(VaultError) -> [NotePath] {
        guard let moved else {
            afterStep(2)
            let leftAlone = rewriteLinking(in: vault, afterStep: afterStep)
            afterStep(3 + linking.count)
            try Self.remove(Self.path, in: vault)
            return leftAlone
        }
        var leftAlone: [NotePath] = []
        let old = moved.notePath
        let new = moved.newNotePath
        // Step 2: the note at its new path (unless it is there already).
        if let current = try? vault.readWithSnapshot(new).snapshot {
            if current.hash != moved.newHash { leftAlone.append(new) }
        } else {
            if let parent = new.parent { try vault.makeFolders(parent) }
            do {
                try vault.writer.create(new, with: [UInt8](moved.newBytes), mode: mode_t(moved.mode))
            } catch {
                throw .write(error)
            }
        }
        afterStep(2)
        leftAlone += rewriteLinking(in: vault, afterStep: afterStep)
        // The old path goes only if it still holds what was moved, and the new one is ours.
        if !leftAlone.contains(new), let current = try? vault.readWithSnapshot(old).snapshot {
            if current.hash.description == moved.oldHash {
                try Self.remove(old, in: vault)
            } else {
                leftAlone.append(old)
            }
        }
        afterStep(3 + linking.count)
        try Self.remove(Self.path, in: vault)
        return leftAlone
    }

    /// Steps 3…k+2: the linking notes still holding the old text get the new one, through a
    /// ``BatchReplacer`` (their temp files are written and flushed first, then swapped in one by
    /// one); returns those holding anything else.
    private func rewriteLinking(in vault: Vault, afterStep: (Int) -> Void) -> [NotePath] {
        let replacer = BatchReplacer(vault: vault, tag: tag)
        var leftAlone: [NotePath] = []
        var prepared: [BatchReplacer.Prepared?] = []
        for entry in linking {
            replacer.removeLeftover(of: entry.notePath)
            guard let snapshot = try? vault.readWithSnapshot(entry.notePath).snapshot else {
                leftAlone.append(entry.notePath)
                prepared.append(nil)
                continue
            }
            if snapshot.hash == entry.newHash {
                prepared.append(nil)
            } else if snapshot.hash.description == entry.oldHash {
                prepared.append(replacer.prepare(entry.notePath, snapshot: snapshot, bytes: [UInt8](entry.newBytes)))
            } else {
                leftAlone.append(entry.notePath)
                prepared.append(nil)
            }
        }
        // A flush that fails leaves every note as it is: they are left alone, and reported.
        guard (try? replacer.flush()) != nil else {
            for item in prepared.compactMap({ $0 }) { replacer.removeLeftover(of: item.path) }
            return leftAlone + prepared.compactMap { $0?.path }
        }
        for (offset, item) in prepared.enumerated() {
            if let item, !replacer.commit(item) { leftAlone.append(item.path) }
            afterStep(3 + offset)
        }
        try? replacer.flush()
        return leftAlone
    }

    /// Removes a file and makes the removal durable (its folder is fsynced).
    static func remove(_ path: NotePath, in vault: Vault) throws(VaultError) {
        do {
            let folder = try vault.fileSystem.open(
                path.parent?.bytes ?? Array(".".utf8), beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            defer { vault.fileSystem.close(folder) }
            do {
                try vault.fileSystem.unlink(path.fileNameBytes, in: folder, flags: 0)
            } catch let error where error.code == ENOENT {
                return
            }
            try vault.fileSystem.fsync(folder, path: path.parent?.description ?? ".")
        } catch {
            throw .system(error)
        }
    }
}
