/// How `enote edit` ended.
public enum EditResult: Sendable {
    /// Done: the new text is saved (with warnings, such as front matter the edit broke).
    case saved(Note, warnings: [Diagnostic])
    /// Done with unchanged text: nothing to save.
    case unchanged(Note)
    /// Cancel: the editor failed; nothing changed. A changed text is kept at `keptCopy`.
    case cancelled(status: Int32, keptCopy: String?)
    /// All text was deleted: the note went to the trash.
    case trashed(TrashEntry)
    /// Done, but the new text could not be written to the note (a full disk, a read-only
    /// vault, an I/O error): the note is as it was, and the typed text is kept at `keptCopy`
    /// (outside the vault, in a private temporary folder) unless even that failed.
    case notSaved(VaultError, keptCopy: String?)
}

extension Vault {
    /// Edits a note in the user's editor with the Done/Cancel rule, then saves, trashes or
    /// leaves it.
    /// - Parameters:
    ///   - path: The note.
    ///   - session: The editor to run.
    ///   - force: Edit even if another editor has the note open.
    /// - Throws: ``VaultError``; a conflict (exit status 3) when the note changed on disk while it
    ///   was being edited, in which case the edited text is saved as a conflict copy. A failure
    ///   to write the edited text is ``EditResult/notSaved(_:keptCopy:)``, not an error, so that
    ///   the caller can say where the text is.
    package func edit(_ path: NotePath, with session: EditorSession, force: Bool = false) throws(VaultError) -> EditResult {
        if !force, let holder = EditorLockDetector.holder(of: path, in: self, includingClaims: false) {
            throw .openElsewhere(path: path, holder: holder.description)
        }
        // While the editor runs, expiry and other commands leave the note alone; the claim
        // goes once the text is saved (or when this process ends, however it ends).
        let claim = try EditClaim.acquire(path, in: self)
        defer { claim?.release() }
        let (note, snapshot) = try readWithSnapshot(path)
        if let problem = note.content.textProblem {
            throw .notEditable(path: path, reason: problem.message)
        }
        let outcome: EditorSession.Outcome
        do {
            outcome = try session.edit(snapshot.bytes, fileName: path.fileName)
        } catch let error as any ExplainedError {
            throw .editor(error)
        } catch {
            throw .io("\(error)")
        }
        switch outcome {
        case .unchanged:
            return .unchanged(note)
        case .cancelled(let status, let copy):
            return .cancelled(status: status, keptCopy: copy)
        case .done(let bytes):
            if Self.isBlank(bytes) {
                return .trashed(try trashIfUnchanged(path, since: snapshot))
            }
            do {
                let (saved, warnings) = try replaceText(of: path, with: bytes, expecting: snapshot)
                return .saved(saved, warnings: warnings + pastDestroyWarning(saved))
            } catch .write(.conflict(let conflicted, let copy?)) {
                // The note changed meanwhile; the typed text is in a conflict copy beside it.
                throw .write(.conflict(path: conflicted, conflictCopy: copy))
            } catch let error where error.isConflictCopy {
                throw error
            } catch {
                // Nothing typed may be lost because the note could not be written.
                return .notSaved(error, keptCopy: session.keep(bytes, fileName: path.fileName))
            }
        }
    }

    /// A warning when the text just saved carries a destroy date that has passed: the next
    /// expiry pass (the watcher's, at once) destroys it, which the user must hear now (`edit`,
    /// `restore`).
    func pastDestroyWarning(_ note: Note) -> [Diagnostic] {
        guard let date = note.destroyDate(in: clock.timeZone), date <= clock.now() else { return [] }
        var line: Int?
        if case .parsed(let frontMatter) = note.content.frontMatter {
            line = frontMatter.entries.first { FrontMatterKey(spelling: $0.key) == .destroy }?.line
        }
        let stamp = NoteDate.stamp(date, in: clock.timeZone)
        return [
            Diagnostic(
                .warning, .other, file: note.path.description, line: line,
                message: LocalizedMessage(
                    """
                    its destroy date \(stamp) has passed, so the next expiry pass destroys it (the watcher at once; \
                    text git has not committed goes to .trash/)
                    """,
                    remedy: .setLaterDestroyDate(path: note.path.description)))
        ]
    }

    /// Moves a note to the trash only if it is still what was read.
    private func trashIfUnchanged(_ path: NotePath, since snapshot: FileSnapshot) throws(VaultError) -> TrashEntry {
        let lock = try lock()
        defer { lock.release() }
        let current = try readWithSnapshot(path).snapshot
        guard current.hash == snapshot.hash, current.bytes == snapshot.bytes else {
            throw .write(.conflict(path: path, conflictCopy: nil))
        }
        return try moveToTrashLocked(path, reason: .emptied, hash: snapshot.hash)
    }

    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        return body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
