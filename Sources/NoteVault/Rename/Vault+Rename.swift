/// What a rename did.
public struct RenameResult: Sendable {
    /// The note's old and new path.
    public var from: NotePath
    public var to: NotePath
    /// The notes whose links were rewritten, sorted.
    public var rewrittenNotes: [NotePath]
    /// How many link destinations were rewritten, in all files (the moved note's own included).
    public var rewrittenLinks: Int
    /// Files left as they were because someone changed them while the rename ran (their links
    /// were not rewritten; `enote doctor` lists the links that no longer lead anywhere).
    public var leftAlone: [NotePath]
    /// The old and new tag when the completed rename was a tag rename (`from` and `to` are then
    /// the journal's path).
    public var oldTag: String? = nil
    public var newTag: String? = nil
    /// The commit that records the rename, when the front end made one (`enote mv --commit`).
    public var commit: String? = nil

    /// What to tell the user of each note in ``leftAlone``.
    public var leftAloneMessages: [LocalizedMessage] { leftAlone.map(Self.leftAloneMessage) }

    /// What to tell the user of a note a rename left alone: the one wording of every rename that
    /// rewrites links (`enote mv`, `enote doctor --fix-links`, a completed interrupted rename).
    public static func leftAloneMessage(_ path: NotePath) -> LocalizedMessage {
        LocalizedMessage("\(path) changed while enote renamed; its links were left as they were", remedy: .listBrokenLinks)
    }
}

extension Vault {
    /// Plans renaming (or moving) the note at `from` to `to` without changing anything: for
    /// `--dry-run`, and the first half of ``renameNote(_:to:graph:force:afterStep:)``.
    /// - Throws: ``RenameError`` (wrapped in ``VaultError/rename(_:)``) for an unsafe rename.
    package func planRename(_ from: NotePath, to: NotePath, graph: (any LinkGraph)? = nil) throws(VaultError) -> RenamePlan {
        try RenamePlanner(vault: self, graph: graph ?? ScanningLinkGraph(vault: self)).plan(from: from, to: to)
    }

    /// Renames (or moves) the note at `from` to `to` and rewrites every link that led to it, in
    /// the form each was written, and the relative links inside it.
    ///
    /// Everything unsafe stops the rename before any file is touched: a target that exists, a
    /// link that would become ambiguous or lead elsewhere, a note open in an editor (unless
    /// `force`), a note that changes while the plan is made. Then the plan is written to
    /// `.enote/rename.journal`, each file is written atomically, and the journal is removed; a
    /// rename cut short is completed by ``completeInterruptedRename()``.
    /// - Parameter afterStep: Called after each step of ``RenameJournal`` (a test hook).
    package func renameNote(
        _ from: NotePath, to: NotePath, graph: (any LinkGraph)? = nil, force: Bool = false, afterStep: (Int) -> Void = { _ in }
    ) throws(VaultError) -> RenameResult {
        let lock = try lock()
        defer { lock.release() }
        _ = try completeJournal()
        let plan = try planRename(from, to: to, graph: graph)
        let leftAlone = try carryOut(RenameJournal(plan: plan), edits: plan.edits, force: force, afterStep: afterStep)
        return RenameResult(
            from: from, to: to, rewrittenNotes: plan.linking.map(\.path).filter { !leftAlone.contains($0) },
            rewrittenLinks: plan.edits.reduce(0) { $0 + $1.rewrittenLinks }, leftAlone: leftAlone)
    }

    /// Carries out a planned change of several notes (a rename, a tag rename, a repair of moved
    /// links) through its journal: refuses before any file is touched when ``checkSafe(_:force:)``
    /// does, then writes the journal (step 1 of `afterStep`) and applies it. The caller holds the
    /// vault lock.
    /// - Returns: The notes left as they were because an editor saved them in the last instant.
    func carryOut(_ journal: RenameJournal, edits: [RenamePlan.FileEdit], force: Bool, afterStep: (Int) -> Void) throws(VaultError) -> [NotePath] {
        try checkNoSyncUnfinished()
        try checkSafe(edits, force: force)
        try journal.write(in: self)
        afterStep(1)
        return try journal.apply(in: self, afterStep: afterStep)
    }

    /// Refuses a planned change when another editor has one of its notes open (unless `force`)
    /// or when a note changed since the plan read it: the plan was made under the vault lock,
    /// but an editor may have saved meanwhile.
    func checkSafe(_ edits: [RenamePlan.FileEdit], force: Bool) throws(VaultError) {
        for edit in edits {
            if !force, let holder = EditorLockDetector.holder(of: edit.path, in: self) {
                throw .openElsewhere(path: edit.path, holder: holder.description)
            }
        }
        for edit in edits {
            guard let status = try? fileStatus(edit.path), status.fingerprint == edit.snapshot.status.fingerprint else {
                throw .rename(.changedSinceRead(edit.path))
            }
        }
    }

    /// Completes a rename that was cut short (a crash or `kill -9` of `enote mv`), if its
    /// journal is in `.enote/`: the steps not yet done are done, so no note is ever left
    /// half-renamed. Every command that reads or changes the vault calls this first; it costs
    /// one `fstatat` when there is nothing to complete.
    /// - Returns: What was completed, or `nil` when nothing was interrupted.
    @discardableResult
    public func completeInterruptedRename() throws(VaultError) -> RenameResult? {
        guard RenameJournal.exists(in: self) else { return nil }
        let lock = try lock()
        defer { lock.release() }
        return try completeJournal()
    }

    /// Rolls the journal forward; the caller holds the vault lock.
    func completeJournal() throws(VaultError) -> RenameResult? {
        guard let journal = try RenameJournal.read(in: self) else { return nil }
        let leftAlone = try journal.apply(in: self) { _ in }
        return RenameResult(
            from: journal.moved?.notePath ?? journal.repairedFrom.map { NotePath(bytes: [UInt8]($0)) } ?? RenameJournal.path,
            to: journal.moved?.newNotePath ?? journal.repairedTo.map { NotePath(bytes: [UInt8]($0)) } ?? RenameJournal.path,
            rewrittenNotes: journal.linking.map(\.notePath).filter { !leftAlone.contains($0) }, rewrittenLinks: 0, leftAlone: leftAlone,
            oldTag: journal.oldTag, newTag: journal.newTag)
    }
}
