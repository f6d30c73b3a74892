import Foundation

/// The version of a note an editor started from: the hash of the file's bytes when it was read.
///
/// A form-based editor (the web pages) keeps it with the text it shows and sends it back with
/// the save, so that a note changed on disk in between is never overwritten (see
/// ``Vault/save(_:to:from:force:)``).
public struct NoteRevision: Hashable, Sendable, LosslessStringConvertible {
    let hash: ContentHash

    init(hash: ContentHash) { self.hash = hash }

    /// The revision written as ``description`` (16 hexadecimal digits); `nil` for anything else.
    public init?(_ description: String) {
        guard description.utf8.count == 16, let value = UInt64(description, radix: 16) else { return nil }
        hash = ContentHash(value: value)
    }

    public var description: String { hash.description }
}

extension Note {
    /// The revision of the note as it was read.
    public var revision: NoteRevision { NoteRevision(hash: ContentHash(content.bytes)) }
}

/// What a form-based editor changes in a note: its text, and optionally its title, colour and
/// destroy date (front matter keys, changed surgically).
public struct NoteEdit: Sendable {
    /// How a front matter key changes.
    public enum Change<Value: Sendable>: Sendable {
        case keep
        case set(Value)
        case remove
    }

    /// The new body (the text after the front matter).
    public var body: String
    /// The `title` key.
    public var title: Change<String>
    /// The `color` key.
    public var color: Change<NoteColor>
    /// The `destroy` key.
    public var destroy: Change<Date>

    public init(body: String, title: Change<String> = .keep, color: Change<NoteColor> = .keep, destroy: Change<Date> = .keep) {
        self.body = body
        self.title = title
        self.color = color
        self.destroy = destroy
    }
}

/// How a save from a form-based editor ended.
public enum SaveResult: Sendable {
    /// The note was written (with warnings, such as a destroy date that has passed).
    case saved(Note, warnings: [Diagnostic])
    /// Nothing differed from the note on disk: nothing was written.
    case unchanged(Note)
    /// The body was emptied: the note went to the trash, as `enote edit` does.
    case trashed(TrashEntry)
}

extension Vault {
    /// Saves an edit made in a form, only if the note is still the revision the form started
    /// from: the Done of a web editor.
    ///
    /// The front matter keys the edit names change surgically and `updated` is stamped where the
    /// note has it (``updatedStamp(for:)``); the body is replaced. A body left blank moves the note to the trash (as deleting all text in
    /// `enote edit` does). When the note changed on disk since `revision` was read, it is not
    /// touched: the edited text is saved as a conflict copy beside it and the error says where
    /// (exit status 3 on the command line), so both versions are kept; when it was deleted
    /// meanwhile, the copy takes its place in the same folder.
    /// - Parameters:
    ///   - edit: The new text and key changes.
    ///   - path: The note.
    ///   - revision: ``Note/revision`` of the note the editor showed.
    ///   - force: Save even if another editor (Emacs, vim) has the note open.
    /// - Throws: ``VaultError``: a conflict copy (``VaultError/isConflictCopy``), another editor's
    ///   lock, front matter that cannot be rewritten, a bad title, a destroy date set that has
    ///   passed (``DestroyDateRule``), or a failed write (the note is unchanged).
    public func save(_ edit: NoteEdit, to path: NotePath, from revision: NoteRevision, force: Bool = false) throws(VaultError) -> SaveResult {
        if !force, let holder = EditorLockDetector.holder(of: path, in: self) {
            throw .openElsewhere(path: path, holder: holder.description)
        }
        if case .set(let date) = edit.destroy, let problem = DestroyDateRule.problem(date, clock: clock) { throw .invalidInput(problem) }
        let changes = try Self.frontMatterChanges(for: edit, timeZone: clock.timeZone)
        let lock = try lock()
        defer { lock.release() }
        let note: Note
        let snapshot: FileSnapshot
        do {
            (note, snapshot) = try readWithSnapshot(path)
        } catch .noteNotFound {
            // Deleted while it was being edited: the typed text is kept in a copy beside it.
            let text = Self.frontMatterBlock(changes) + Array(edit.body.utf8)
            throw saveConflictCopy(of: path, with: text, mode: 0o644, noteRemoved: true)
        }
        try requireEditable(note)
        let stale = ContentHash(snapshot.bytes) != revision.hash
        if Self.isBlank(Array(edit.body.utf8)) {
            if stale { throw .write(.conflict(path: path, conflictCopy: nil)) }
            return .trashed(try moveToTrashLocked(path, reason: .emptied, hash: revision.hash))
        }
        let unstamped = try compose(edit.body, changes: changes, onto: snapshot.bytes, bodyStart: note.content.bodyStart, path: path)
        let stamp = updatedStamp(for: note.content.frontMatter).map { [$0] } ?? []
        let bytes = try compose(edit.body, changes: changes + stamp, onto: snapshot.bytes, bodyStart: note.content.bodyStart, path: path)
        if stale {
            throw saveConflictCopy(of: path, with: bytes, mode: snapshot.status.mode, noteRemoved: false)
        }
        if unstamped == snapshot.bytes { return .unchanged(note) }
        do {
            try writer.replace(path, with: bytes, expecting: snapshot)
        } catch .conflict(let conflicted, nil) {
            throw saveConflictCopy(of: conflicted, with: bytes, mode: snapshot.status.mode, noteRemoved: false)
        } catch .gone {
            // Moved or removed since it was read: the person's text is kept beside its old name.
            throw saveConflictCopy(of: path, with: bytes, mode: snapshot.status.mode, noteRemoved: true)
        } catch {
            throw .write(error)
        }
        let saved = try read(path)
        return .saved(saved, warnings: pastDestroyWarning(saved))
    }

    /// The note's front matter with `changes` applied, followed by `body`.
    private func compose(
        _ body: String, changes: [FrontMatterEditor.Change], onto bytes: [UInt8], bodyStart: Int, path: NotePath
    ) throws(VaultError)
        -> [UInt8]
    {
        let text = Array(bytes[..<bodyStart]) + Array(body.utf8)
        // Larger than a note may be: refused as the writer refuses it, before it is parsed.
        if text.count > NoteContent.maximumSize { throw .write(.tooLarge(path, size: text.count)) }
        guard !changes.isEmpty else { return text }
        let content = NoteContent(bytes: text, path: path.description, timeZone: clock.timeZone)
        do {
            return try FrontMatterEditor.apply(changes, to: text, reading: content.frontMatter, file: path.description)
        } catch {
            throw .frontMatter(error)
        }
    }

    /// The front matter edits an edit asks for (without the `updated` stamp).
    static func frontMatterChanges(for edit: NoteEdit, timeZone: TimeZone) throws(VaultError) -> [FrontMatterEditor.Change] {
        var changes: [FrontMatterEditor.Change] = []
        switch edit.title {
        case .keep: break
        case .remove: changes.append(.remove(.title))
        case .set(let title):
            let trimmed = title.trimmingCharacters(in: .whitespaces)
            guard !trimmed.contains(where: \.isNewline) else { throw .invalidInput("a title is one line; put the rest in the note's content") }
            changes.append(trimmed.isEmpty ? .remove(.title) : .set(.title, YAMLWriter.scalar(trimmed)))
        }
        switch edit.color {
        case .keep: break
        case .remove: changes.append(.remove(.color))
        case .set(let color): changes.append(.set(.color, YAMLWriter.scalar(color.description)))
        }
        switch edit.destroy {
        case .keep: break
        case .remove: changes.append(.remove(.destroy))
        case .set(let date): changes.append(.set(.destroy, NoteDate.stamp(date, in: timeZone)))
        }
        return changes
    }

    /// A front matter block holding `changes` (for a copy of a note that no longer exists).
    static func frontMatterBlock(_ changes: [FrontMatterEditor.Change]) -> [UInt8] {
        let lines = changes.compactMap { change -> String? in
            guard case .set(let key, _, let yaml) = change else { return nil }
            return "\(key): \(yaml)\n"
        }
        return lines.isEmpty ? [] : Array(("---\n" + lines.joined() + "---\n").utf8)
    }
}
