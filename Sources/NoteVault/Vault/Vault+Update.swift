import Foundation

extension Vault {
    /// Changes front matter keys of a note surgically and stamps `updated` where the note has it
    /// (``updatedStamp(for:)``).
    ///
    /// Only the changed `key: value` lines and the `updated` line (when stamped) differ
    /// afterwards; every other byte of the file stays. Nothing is written when the changes make no difference.
    /// - Parameters:
    ///   - path: The note.
    ///   - changes: The keys to set or remove (see ``FrontMatterEditor/Change``).
    ///   - force: Change the note even if another editor has it open.
    ///   - stampUpdated: Whether to stamp `updated` (not for a change of position alone).
    ///   - revision: The revision the change was made against (a page's board): when the note
    ///     is no longer at it, nothing is written (a conflict, exit status 3).
    /// - Returns: The note as it is now on disk.
    /// - Throws: ``VaultError``: the note's front matter cannot be read, a key is duplicated,
    ///   the note changed on disk meanwhile (exit status 3), or the write failed. The file is
    ///   unchanged in every case.
    @discardableResult
    public func updateFrontMatter(
        of path: NotePath, _ changes: [FrontMatterEditor.Change], force: Bool = false, stampUpdated: Bool = true,
        revision: NoteRevision? = nil
    ) throws(VaultError) -> Note {
        try requireMarkdown(path)
        if !force, let holder = EditorLockDetector.holder(of: path, in: self) {
            throw .openElsewhere(path: path, holder: holder.description)
        }
        let lock = try lock()
        defer { lock.release() }
        let (note, snapshot) = try readWithSnapshot(path)
        if let revision, ContentHash(snapshot.bytes) != revision.hash {
            throw .write(.conflict(path: path, conflictCopy: nil))
        }
        try requireEditable(note)
        let stamp = stampUpdated ? updatedStamp(for: note.content.frontMatter) : nil
        let withoutStamp: [UInt8]
        let newBytes: [UInt8]
        do {
            withoutStamp = try FrontMatterEditor.apply(changes, to: snapshot.bytes, reading: note.content.frontMatter, file: path.description)
            if withoutStamp == snapshot.bytes { return note }
            if let stamp {
                newBytes = try FrontMatterEditor.apply(changes + [stamp], to: snapshot.bytes, reading: note.content.frontMatter, file: path.description)
            } else {
                newBytes = withoutStamp
            }
        } catch {
            throw .frontMatter(error)
        }
        do {
            try writer.replace(path, with: newBytes, expecting: snapshot)
        } catch {
            throw .write(error)
        }
        return try read(path)
    }

    /// Replaces a note's whole text (after an edit), stamping `updated` where the text has it
    /// (``updatedStamp(for:)``) and its front matter can be read.
    ///
    /// - Parameters:
    ///   - path: The note.
    ///   - bytes: The new text.
    ///   - original: The snapshot the editing started from; if the file changed since, nothing is
    ///     overwritten and the new text is saved as a conflict copy next to the note.
    /// - Returns: The note as it is now, and warnings (for example front matter the edit broke).
    package func replaceText(
        of path: NotePath, with bytes: [UInt8], expecting original: FileSnapshot
    ) throws(VaultError) -> (note: Note, warnings: [Diagnostic]) {
        let lock = try lock()
        defer { lock.release() }
        let (finalBytes, warnings) = stampingUpdated(bytes, path: path)
        do {
            try writer.replace(path, with: finalBytes, expecting: original)
        } catch .conflict(let conflicted, nil) {
            // The note changed while it was being edited: keep both, ours as a copy beside it.
            throw saveConflictCopy(of: conflicted, with: finalBytes, mode: original.status.mode, noteRemoved: false)
        } catch .gone {
            // The note (or its folder) was deleted while it was being edited: the edited text is
            // kept the same way.
            throw saveConflictCopy(of: path, with: finalBytes, mode: original.status.mode, noteRemoved: true)
        } catch {
            throw .write(error)
        }
        return (try read(path), warnings)
    }

    /// A note's new text with `updated` stamped where it has the key (``updatedStamp(for:)``)
    /// and its front matter can be read (else as it is, with the front matter's errors as
    /// warnings): what every whole-text change writes.
    package func stampingUpdated(_ bytes: [UInt8], path: NotePath) -> (bytes: [UInt8], warnings: [Diagnostic]) {
        let edited = NoteContent(bytes: bytes, path: path.description, timeZone: clock.timeZone)
        guard edited.textProblem == nil else { return (bytes, []) }
        if case .unreadable = edited.frontMatter {
            return (bytes, edited.diagnostics.filter { $0.severity == .error })
        }
        guard let stamp = updatedStamp(for: edited.frontMatter),
            let stamped = try? FrontMatterEditor.apply([stamp], to: bytes, reading: edited.frontMatter, file: path.description)
        else {
            return (bytes, [])
        }
        return (stamped, [])
    }

    /// Saves `bytes` as a conflict copy beside `path` (recreating its folder if it was removed),
    /// with the note's permissions; returns the conflict error to report.
    ///
    /// A copy is there to rescue text, so it must not be destroyed the moment it is written: when
    /// the text's destroy date has passed, the copy is saved without that key, and the error
    /// says so (``VaultError/conflictCopy(path:copy:noteRemoved:destroyRemoved:)``), as it does
    /// when the note itself was removed rather than changed.
    func saveConflictCopy(of path: NotePath, with original: [UInt8], mode: mode_t, noteRemoved: Bool) -> VaultError {
        var bytes = original
        var destroyRemoved: String?
        let content = NoteContent(bytes: original, path: path.description)
        if content.textProblem == nil, case .parsed = content.frontMatter,
            let date = content.metadata.destroy.validDate?.resolved(in: clock.timeZone), date <= clock.now(),
            let without = try? FrontMatterEditor.apply([.remove(.destroy)], to: original, reading: content.frontMatter, file: path.description)
        {
            bytes = without
            destroyRemoved = NoteDate.stamp(date, in: clock.timeZone)
        }
        let copyName = Vault.conflictName(for: path.fileNameBytes, at: clock.now(), timeZone: clock.timeZone)
        let copy = path.parent.map { $0.appending(copyName) } ?? NotePath(bytes: copyName)
        do {
            if let parent = path.parent { try makeFolders(parent) }
        } catch {
            return error
        }
        do {
            try writer.create(copy, with: bytes, mode: mode)
        } catch {
            return .write(error)
        }
        if noteRemoved || destroyRemoved != nil {
            return .conflictCopy(path: path, copy: copy, noteRemoved: noteRemoved, destroyRemoved: destroyRemoved)
        }
        return .write(.conflict(path: path, conflictCopy: copy))
    }

    /// Refuses notes enote must not rewrite.
    func requireEditable(_ note: Note) throws(VaultError) {
        if let problem = note.content.textProblem {
            throw .notEditable(path: note.path, reason: problem.message)
        }
        if case .unreadable = note.content.frontMatter {
            let location = note.content.diagnostics.first { $0.severity == .error }?.location ?? note.path.description
            throw .frontMatter(.unreadableFrontMatter(file: location))
        }
    }

    /// Refuses a path that is not a note's (a `.md` file) before anything is read or written: a
    /// script or a text file named by a hostile form must not get a `---` block written in front
    /// of it, nor a byte of a `- [ ]` line changed.
    func requireMarkdown(_ path: NotePath) throws(VaultError) {
        guard path.isMarkdown else { throw .noteNotFound(reference: path.description, suggestions: []) }
    }
}
