/// Every change one tag rename makes, computed before any file is touched: each note whose
/// front matter `tags` or body `#tags` name the old tag (or a tag nested under it), with its
/// new text. Only the bytes of tag names differ between a file's `before` and `after`.
package struct TagRenamePlan: Sendable {
    /// The tag renamed, as the user typed it.
    package var old: String
    /// Its new name.
    package var new: String
    /// The notes that change, sorted by path; `newPath` is each one's `path`.
    package var edits: [RenamePlan.FileEdit]
    /// Notes that already had the new tag (or one under it) before the rename: the old tag is
    /// merged into it.
    package var notesWithNewTag: [NotePath]

    /// Whether the new tag was already in use, so that the rename merges two tags.
    package var merges: Bool { !notesWithNewTag.isEmpty }

    /// What a front end says when the rename merges two tags, or nil when it does not.
    package var mergeMessage: LocalizedMessage? {
        merges ? Self.mergeMessage(new: new, notes: notesWithNewTag.count) : nil
    }

    /// The words for a rename into the tag `new`, which `notes` notes had already.
    static func mergeMessage(new: String, notes: Int) -> LocalizedMessage {
        "\(new) was already used by \(count: notes) notes: the two tags are merged"
    }

    /// The changes as a unified diff (`git diff` style).
    package func unifiedDiff() -> String {
        edits.map { UnifiedDiff.diff(old: $0.before, new: $0.after, oldPath: $0.path.description, newPath: $0.newPath.description) }.joined()
    }
}

/// What a tag rename did.
package struct TagRenameResult: Sendable {
    /// The plan it carried out.
    package var plan: TagRenamePlan
    /// The notes rewritten, sorted.
    package var rewrittenNotes: [NotePath]
    /// How many tags were rewritten in them.
    package var rewrittenTags: Int
    /// Notes left as they were because someone changed them while the rename ran.
    package var leftAlone: [NotePath]

    /// What to tell the user of each note in ``leftAlone``.
    package var leftAloneMessages: [LocalizedMessage] {
        leftAlone.map { path -> LocalizedMessage in "\(path) changed while enote renamed the tag; its tags were left as they were" }
    }
}

extension Vault {
    /// Plans renaming the tag `old` to `new` (and every tag nested under it) without changing
    /// anything: for `--dry-run`, and the first half of ``renameTag(_:to:force:afterStep:)``.
    /// - Parameter among: The notes to read, when the caller knows which may have the tag (the
    ///   index's `tags` table, ``NoteIndex/notes(taggedWithin:)``); every note of the vault when
    ///   `nil`.
    /// - Throws: ``RenameError`` (wrapped in ``VaultError/rename(_:)``): `new` is not a tag, is
    ///   `old` itself (or the way every note writes it already), no note has `old`, or a note's
    ///   tags cannot be rewritten safely.
    package func planTagRename(_ old: String, to new: String, among: [NotePath]? = nil) throws(VaultError) -> TagRenamePlan {
        var old = old
        if old.hasPrefix("#") { old.removeFirst() }
        guard TagRewriter.isValid(new) else { throw .rename(.invalidTag(new)) }
        guard old != new else { throw .rename(.sameTag(old, new)) }
        var plan = TagRenamePlan(old: old, new: new, edits: [], notesWithNewTag: [])
        var used = false
        for path in among ?? scan().notes.map(\.path) {
            guard let (note, snapshot) = try? readWithSnapshot(path), note.content.textProblem == nil else { continue }
            let tags = NoteLinkExtractor.extract(note.content).tags
            if tags.contains(where: { $0.isWithin(new) && !$0.isWithin(old) }) { plan.notesWithNewTag.append(path) }
            guard let (bytes, count, replacements) = try TagRewriter.rewrite(note.content, path: path, old: old, new: new) else { continue }
            used = true
            guard bytes != snapshot.bytes else { continue }
            plan.edits.append(
                RenamePlan.FileEdit(path: path, newPath: path, snapshot: snapshot, after: bytes, rewrittenLinks: count, replacements: replacements))
        }
        guard used else { throw .rename(.unusedTag(old)) }
        // `Job` to `job` where every note writes `job` already: the same tag, nothing to change.
        guard !plan.edits.isEmpty else { throw .rename(.sameTag(old, new)) }
        plan.edits.sort { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
        plan.notesWithNewTag.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return plan
    }

    /// Renames the tag `old` to `new` in every note, front matter and body alike.
    ///
    /// Everything unsafe stops the rename before any file is touched: an invalid new tag, a note
    /// open in an editor (unless `force`), a note that changes while the plan is made. Then the
    /// plan is written to `.enote/rename.journal` and carried out as a note rename's is, so a
    /// rename cut short is completed by ``completeInterruptedRename()``.
    /// - Parameter afterStep: Called after each step of the journal (a test hook): 1 the
    ///   journal, 2 nothing, 3…k+2 the k notes, k+3 the end.
    package func renameTag(_ old: String, to new: String, force: Bool = false, afterStep: (Int) -> Void = { _ in }) throws(VaultError) -> TagRenameResult {
        let lock = try lock()
        defer { lock.release() }
        _ = try completeJournal()
        let plan = try planTagRename(old, to: new)
        let leftAlone = try carryOut(RenameJournal(plan: plan), edits: plan.edits, force: force, afterStep: afterStep)
        let done = plan.edits.filter { !leftAlone.contains($0.path) }
        return TagRenameResult(plan: plan, rewrittenNotes: done.map(\.path), rewrittenTags: done.reduce(0) { $0 + $1.rewrittenLinks }, leftAlone: leftAlone)
    }
}
