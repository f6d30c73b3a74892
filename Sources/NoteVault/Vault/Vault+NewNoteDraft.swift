import Foundation

/// A new note as ``Vault/create(_:)`` would write it, planned but not written: the free path it
/// would take and its bytes. For a front end that hands the writing to someone else (the
/// language server returns it to the editor as a CreateFile).
package struct NewNoteDraft: Sendable, Equatable {
    /// The vault-relative path: the title's slug, numbered when the name is taken.
    package let path: NotePath
    /// The whole file: front matter (title, times) and the body.
    package let bytes: [UInt8]
}

extension Vault {
    /// The `attempt`-th file name ``create(_:)`` tries for a slug: `slug.md`, then `slug-2.md`, ….
    package static func newNoteName(slug: String, attempt: Int) -> String {
        NotePath.addingMarkdownExtension(attempt == 1 ? slug : "\(slug)-\(attempt)")
    }

    /// The note ``create(_:)`` would write for `new` now: the same checks, the same name rule
    /// (the first name free on disk, case and normalisation folded) and the same bytes. Nothing
    /// is written and no lock is taken, so the name is free when planned, not promised.
    package func draft(_ new: NewNote) throws(VaultError) -> NewNoteDraft {
        let title = new.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .invalidInput("a note needs a title") }
        guard !title.contains(where: { $0.isNewline }) else { throw .invalidInput("a title is one line; put the rest in the note's content") }
        guard !new.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidInput(LocalizedMessage("a note needs content as well as a title; nothing was created", remedy: .giveNoteContent))
        }
        let folder = try Self.validatedFolder(new.folder)
        let slug = Slug.make(from: title)
        let taken = try existingNameKeys(in: folder)
        for attempt in 1...1000 {
            let name = Self.newNoteName(slug: slug, attempt: attempt)
            if taken.contains(Self.collisionKey(name)) { continue }
            let path = folder.map { $0.appending(Array(name.utf8)) } ?? NotePath(trusted: name)
            let bytes = try Self.newNoteBytes(new, title: title, pictures: "", now: clock.now(), timeZone: clock.timeZone)
            return NewNoteDraft(path: path, bytes: bytes)
        }
        throw .blocked("could not find a free file name for \"\(title)\"")
    }

    /// The note ``create(_:)`` would write for `new`, at `path` instead of a name made from its
    /// title: the same front matter (title, times) and body, for a note whose place is already
    /// chosen (the one a dead link names, ``noteToCreate(for:from:)``). Its body may be empty: an
    /// editor makes the file and the user writes into it. Nothing is written.
    package func draft(_ new: NewNote, at path: NotePath) throws(VaultError) -> NewNoteDraft {
        let title = new.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .invalidInput("a note needs a title") }
        guard !title.contains(where: { $0.isNewline }) else { throw .invalidInput("a title is one line; put the rest in the note's content") }
        let bytes = try Self.newNoteBytes(new, title: title, pictures: "", now: clock.now(), timeZone: clock.timeZone)
        return NewNoteDraft(path: path, bytes: bytes)
    }
}
