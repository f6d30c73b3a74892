import Foundation

/// The writes an agent may ask for (through `enote mcp`), each one safe to ask for blindly: it
/// changes exactly what it names or nothing at all.
///
/// Every write
/// - honours the person's ``AgentLimits`` (read-only, the folders agents may write);
/// - refuses a note open in `enote edit`, Emacs or vim (``EditorLockDetector``);
/// - refuses a note that changed since the revision the agent read, when it gives one (and
///   ``replace(in:old:new:expecting:client:)`` needs one);
/// - goes through the vault's durable writer under the vault lock, which checks once more that
///   the file is still the one read;
/// - is journaled first, with the bytes it replaces (``AgentJournal``), so that
///   ``undo(_:client:)`` can revert it while nothing changed after it;
/// - is committed on its own when ``commitEachWrite`` is set and the vault is in git.
///
/// A refusal leaves every file as it was, byte for byte.
public struct AgentEditor: Sendable {
    public let vault: Vault
    public let limits: AgentLimits
    /// Whether each write is committed on its own, with the client's name in the message.
    public let commitEachWrite: Bool
    /// The record of the writes.
    public let journal: AgentJournal

    public init(vault: Vault, limits: AgentLimits, commitEachWrite: Bool = false) {
        self.vault = vault
        self.limits = limits
        self.commitEachWrite = commitEachWrite
        self.journal = AgentJournal(vault: vault)
    }

    /// What a write did.
    public struct Write: Sendable {
        /// Its number in the journal; `nil` when nothing needed changing.
        public var number: Int?
        /// The note now: its new path after a move, its old one after a delete.
        public var path: NotePath
        /// The note's revision now (`nil` after a delete).
        public var revision: NoteRevision?
        /// The notes written or created (a move's rewritten links included).
        public var changed: [NotePath] = []
        /// The notes that are no longer at their path.
        public var removed: [NotePath] = []
        /// Where a deleted note went in the trash.
        public var trashedAs: String?
        /// How many links a move rewrote.
        public var rewrittenLinks = 0
        /// Problems with the note as written (its front matter, a destroy date that passed).
        public var warnings: [Diagnostic] = []
        /// The commit that holds the write, with ``AgentEditor/commitEachWrite``.
        public var commit: String?
        /// Why the write was not committed, when it should have been.
        public var commitProblem: LocalizedMessage?
    }

    // MARK: - Create, delete, move

    /// Creates a note: at exactly `path` when given, else at the name ``Vault/draft(_:)`` picks
    /// from the title; never over an existing file (nor one whose name differs only in case).
    public func create(_ new: NewNote, at path: NotePath?, client: String) throws(AgentError) -> Write {
        if limits.readOnly { throw .readOnly }
        var new = new
        if let path {
            guard vault.notePathPolicy.isNote(path, kind: .regular) else { throw .notANotePath(path: path) }
            new.folder = path.parent?.description
        }
        let draft = try attempt { () throws(VaultError) in try vault.draft(new) }
        let target = path ?? draft.path
        try limits.requireWritable(target)
        let taken = try attempt { () throws(VaultError) in try vault.existingNameKeys(in: target.parent) }
        if taken.contains(Vault.collisionKey(target.fileName)) { throw .exists(path: target) }
        return try createExactly(target, bytes: draft.bytes, tool: "create", client: client, undoes: nil)
    }

    /// Writes `bytes` as a new note at `path`, journaled (a create, or the undo of a delete).
    func createExactly(_ path: NotePath, bytes: [UInt8], tool: String, client: String, undoes: Int?) throws(AgentError) -> Write {
        if let allowance = vault.noteLimit(), allowance.isReached { throw .vault(.limitReached(limit: allowance.limit)) }
        let revision = NoteRevision(hash: ContentHash(bytes))
        var entry = AgentJournal.Entry(
            number: 0, date: vault.clock.now(), client: client, tool: tool, kind: .create, path: path.description, after: revision.description,
            undoes: undoes)
        let number = try journal.record(&entry)
        do throws(VaultError) {
            let lock = try vault.lock()
            defer { lock.release() }
            if let folder = path.parent { try vault.makeFolders(folder) }
            do { try vault.writer.create(path, with: bytes) } catch .exists { throw VaultError.write(.exists(path)) } catch { throw .write(error) }
        } catch .write(.exists) {
            journal.remove(number)
            throw .exists(path: path)
        } catch {
            journal.remove(number)
            throw .vault(error)
        }
        journal.complete(entry)
        var write = Write(number: number, path: path, revision: revision, changed: [path])
        write.warnings = (try? vault.read(path)).map(vault.pastDestroyWarning) ?? []
        return committed(write, [path], "\(tool) \(path)", client: client)
    }

    /// Moves a note to the trash, if it is still the revision given.
    public func delete(_ path: NotePath, expecting revision: NoteRevision?, client: String) throws(AgentError) -> Write {
        try trash(path, expecting: revision, tool: "delete", client: client, undoes: nil)
    }

    /// Moves the note to the trash, journaled with its bytes (a delete, or the undo of a create).
    func trash(_ path: NotePath, expecting revision: NoteRevision?, tool: String, client: String, undoes: Int?) throws(AgentError) -> Write {
        try limits.requireWritable(path)
        try requireNotOpen(path)
        let (note, snapshot) = try attempt { () throws(VaultError) in try vault.readWithSnapshot(path) }
        try requireRevision(revision, of: note)
        var entry = AgentJournal.Entry(
            number: 0, date: vault.clock.now(), client: client, tool: tool, kind: .delete, path: path.description, before: Data(snapshot.bytes),
            undoes: undoes)
        let number = try journal.record(&entry)
        let trashed: TrashEntry
        do throws(AgentError) {
            let lock = try attempt { () throws(VaultError) in try vault.lock() }
            defer { lock.release() }
            // Once more under the lock: a note changed since it was read is not thrown away.
            let now = try attempt { () throws(VaultError) in try vault.readWithSnapshot(path) }
            guard now.snapshot.bytes == snapshot.bytes else {
                throw .staleRevision(path: path, given: note.revision.description, current: now.note.revision.description)
            }
            trashed = try attempt { () throws(VaultError) in try vault.moveToTrashLocked(path, reason: .removed, hash: snapshot.hash) }
        } catch {
            journal.remove(number)
            throw error
        }
        journal.complete(entry)
        var write = Write(number: number, path: path, revision: nil, removed: [path])
        write.trashedAs = trashed.trashedPath
        return committed(write, [path], "\(tool) \(path)", client: client)
    }

    /// Moves (renames) a note as `enote mv` does, rewriting every link to it; refused when any
    /// note it would change is outside the folders agents may write.
    package func move(
        _ path: NotePath, to target: NotePath, expecting revision: NoteRevision?, graph: (any LinkGraph)? = nil, client: String
    ) throws(AgentError) -> Write {
        try move(path, to: target, expecting: revision, graph: graph, tool: "move", client: client, undoes: nil)
    }

    func move(
        _ path: NotePath, to target: NotePath, expecting revision: NoteRevision?, graph: (any LinkGraph)?, tool: String, client: String, undoes: Int?
    ) throws(AgentError) -> Write {
        try limits.requireWritable(path)
        try limits.requireWritable(target)
        guard vault.notePathPolicy.isNote(target, kind: .regular) else { throw .notANotePath(path: target) }
        if vault.exists(target) { throw .exists(path: target) }
        let note = try attempt { () throws(VaultError) in try vault.read(path) }
        try requireRevision(revision, of: note)
        let plan = try attempt { () throws(VaultError) in try vault.planRename(path, to: target, graph: graph) }
        for edit in plan.edits { try limits.requireWritable(edit.path) }
        // Journaled first, as every write: a move that could not be undone is refused. The entry
        // counts once the move is done, with the revision it left (`enote mv`'s own journal makes
        // a move cut by a crash whole).
        var entry = AgentJournal.Entry(
            number: 0, date: vault.clock.now(), client: client, tool: tool, kind: .move, path: path.description, to: target.description,
            undoes: undoes)
        let number = try journal.record(&entry)
        let result: RenameResult
        do throws(AgentError) {
            result = try attempt { () throws(VaultError) in try vault.renameNote(path, to: target, graph: graph) }
        } catch {
            journal.remove(number)
            throw error
        }
        let moved = try? vault.read(target)
        entry.after = moved?.revision.description
        journal.complete(entry)
        var write = Write(number: number, path: target, revision: moved?.revision, changed: [target] + result.rewrittenNotes, removed: [path])
        write.rewrittenLinks = result.rewrittenLinks
        return committed(write, [path, target] + result.rewrittenNotes, "\(tool) \(path) to \(target)", client: client)
    }

    // MARK: - Shared steps

    /// Runs a vault call, its error as an agent's.
    package func attempt<T>(_ body: () throws(VaultError) -> T) throws(AgentError) -> T {
        do {
            return try body()
        } catch {
            throw .vault(error)
        }
    }

    /// Refuses a note another editor has open.
    func requireNotOpen(_ path: NotePath) throws(AgentError) {
        if let holder = EditorLockDetector.holder(of: path, in: vault) {
            throw .vault(.openElsewhere(path: path, holder: holder.description))
        }
    }

    /// Refuses a note that is not the revision given.
    func requireRevision(_ revision: NoteRevision?, of note: Note) throws(AgentError) {
        guard let revision, note.revision != revision else { return }
        throw .staleRevision(path: note.path, given: revision.description, current: note.revision.description)
    }

    /// `write`, committed on its own when ``commitEachWrite`` asks for it.
    func committed(_ write: Write, _ paths: [NotePath], _ summary: String, client: String) -> Write {
        guard commitEachWrite else { return write }
        var write = write
        do throws(PathCommitError) {
            write.commit = try vault.commit(paths, message: "enote mcp: \(summary) (\(client))")
        } catch .notAWorkTree {
            write.commitProblem = "the vault is not in a git work tree, so the write was not committed"
        } catch {
            write.commitProblem = "git could not commit the write, which is saved in the vault uncommitted; git status tells why"
        }
        return write
    }
}
